import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  eventually,
  noProfileRebuildLeft,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
} from '#tests/support/studio.ts';
import { profileBuilds } from './voice-profile.ts';

/**
 * While the stored voice profile is out of date (its rebuild job pending), the
 * voice card built it again from every note on each request. The build is now kept per owner until
 * the next change of the notes, pins or bans.
 */
let echo: StudioTestApp;
beforeAll(async () => {
  echo = await startStudioApp();
});
afterAll(() => echo?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);

describe('the voice card while its profile is out of date', () => {
  it('is built once per change, however many requests read it', async () => {
    const owner = 'voice-reader@example.com';
    const cookie = await sessionCookie(echo, owner);
    for (const text of [
      'Pricing is a message. We raised our prices and nobody left at all.',
      'I tell every client the same thing: charge for the result, not the hours.',
    ])
      expect((await call(cookie, 'POST', '/api/studio/notes', { text })).statusCode).toBe(201);
    // The profile job has stored a current copy and no rebuild is left to run (one is queued per
    // note: a late one would store the bumped version below); then a change is counted whose rebuild is pending.
    await eventually(async () => {
      const [row] = await echo.query<{ current: boolean }>(
        'select profile_version = notes_version as current from studio_voice_settings where owner_email = $1',
        [owner],
      );
      return row?.current && (await noProfileRebuildLeft(echo));
    });
    await echo.query(
      'update studio_voice_settings set notes_version = notes_version + 1 where owner_email = $1',
      [owner],
    );

    const before = profileBuilds();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(cookie, 'GET', '/api/studio/voice')),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(profileBuilds() - before).toBe(1);
    const card = answers[0]!.json();
    expect(card.based_on.notes).toBe(2);
    for (const answer of answers) expect(answer.json()).toEqual(card);

    // The notes' stats changed behind the server's back (no change counted): the kept build answers.
    await echo.query("update studio_notes set status = 'failed' where owner_email = $1", [owner]);
    expect((await call(cookie, 'GET', '/api/studio/voice')).json().based_on.notes).toBe(2);
    expect(profileBuilds() - before).toBe(1);

    // A change counted (as every change of notes, pins or bans is): built again, once.
    await echo.query(
      'update studio_voice_settings set notes_version = notes_version + 1 where owner_email = $1',
      [owner],
    );
    const again = await Promise.all(
      Array.from({ length: 5 }, () => call(cookie, 'GET', '/api/studio/voice')),
    );
    for (const answer of again) expect(answer.json().based_on.notes).toBe(0);
    expect(profileBuilds() - before).toBe(2);
  });
});
