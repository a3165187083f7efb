import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { captionCacheBytes } from './captions.ts';

/**
 * What a draft's downloads may cost: captions are made on the analysis threads and kept per version
 * of the draft and its notes (a correction makes new ones), and every owner has a number of
 * downloads a minute (STUDIO_EXPORTS_PER_MINUTE) and a day (STUDIO_EXPORTS_PER_DAY).
 */
const transcript = readFileSync(
  new URL('../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let alice: string;
let note: NoteDetail;
let draft: Draft;

const get = (url: string, cookie = alice) => echo.app!.inject({ method: 'GET', url, headers: { cookie } });

/** Forgets the owners' downloads of this minute (as if it had passed). */
const nextMinute = () =>
  echo.query(`update rate_limits set reset_at = now() where key like 'studio-exports:%'`);

beforeAll(async () => {
  echo = await startStudioApp({ STUDIO_EXPORTS_PER_MINUTE: '4', STUDIO_EXPORTS_PER_DAY: '7' });
  alice = await sessionCookie(echo, 'alice-exports@example.com');
  const created = await echo.app!.inject({
    method: 'POST',
    url: '/api/studio/notes',
    headers: { cookie: alice, 'content-type': 'application/json' },
    payload: JSON.stringify({ text: transcript, title: 'Pricing' }),
  });
  expect(created.statusCode).toBe(201);
  note = created.json() as NoteDetail;
  // As if a recogniser had timed it: 1.5 s a sentence.
  await echo.query(
    'update studio_note_sentences set start_ms = position * 1500, end_ms = position * 1500 + 1400 where note_id = $1',
    [note.id],
  );
  const res = await echo.app!.inject({
    method: 'POST',
    url: '/api/studio/drafts',
    headers: { cookie: alice, 'content-type': 'application/json' },
    payload: JSON.stringify({ note_ids: [note.id], formats: ['clips'] }),
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().drafts[0].id as string;
  draft = await eventually(async () => {
    const d = (await get(`/api/studio/drafts/${id}`)).json() as Draft;
    return d.status === 'ready' && d;
  });
}, 60_000);
afterAll(() => echo?.close());

describe("a draft's downloads", () => {
  it('make captions once per version of the draft and its notes', async () => {
    const before = captionCacheBytes();
    const first = await get(`/api/studio/drafts/${draft.id}/export?as=srt`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toMatch(/^1\n00:00:/);
    const kept = captionCacheBytes();
    expect(kept).toBeGreaterThan(before);
    const again = await get(`/api/studio/drafts/${draft.id}/export?as=srt`);
    expect(again.body).toBe(first.body);
    expect(captionCacheBytes()).toBe(kept);

    // A corrected sentence is a new version of the note: its captions say the corrected words.
    const clip = draft.blocks.find((b) => b.kind === 'clip')!;
    const said = note.sentences.find((s) => s.id === clip.sources[0]!.sentence_id)!;
    const corrected = await echo.app!.inject({
      method: 'PATCH',
      url: `/api/studio/notes/${note.id}/sentences/${said.id}`,
      headers: { cookie: alice, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Zanzibar pricing taught me everything I know about value.' }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await nextMinute();
    const fresh = await get(`/api/studio/drafts/${draft.id}/export?as=srt`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toMatch(/Zanzibar/);
    expect(first.body).not.toMatch(/Zanzibar/);
  });

  it('are limited per owner per minute and per day, as the API document says', async () => {
    await echo.query(`delete from rate_limits where key like 'studio-exports%'`);
    const md = () => get(`/api/studio/drafts/${draft.id}/export?as=md`);
    for (let i = 0; i < 4; i++) expect((await md()).statusCode).toBe(200);
    const minute = await md();
    expect(minute.statusCode).toBe(429);
    expect(minute.json().code).toBe('rate_limited');
    expect(Number(minute.headers['retry-after'])).toBeLessThanOrEqual(60);
    await nextMinute();
    // Four of the day's seven were used; a refused one does not count.
    for (let i = 0; i < 3; i++) expect((await md()).statusCode).toBe(200);
    const day = await md();
    expect(day.statusCode).toBe(429);
    expect(Number(day.headers['retry-after'])).toBeGreaterThan(60);
    // Cut clips count against the day too.
    expect((await get(`/api/studio/drafts/${draft.id}/clips/1`)).statusCode).toBe(429);
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    expect(document.paths['/api/studio/drafts/{id}/export']!.get.responses['429']).toBeDefined();
    expect(document.paths['/api/studio/drafts/{id}/clips/{n}']!.get.responses['429']).toBeDefined();
  });
});
