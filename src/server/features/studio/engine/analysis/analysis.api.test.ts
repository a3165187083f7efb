import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import { longestHoldDuring } from '#tests/support/event-loop.ts';
import { type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/**
 * A note's text is analysed off the event loop, so a hostile note never stalls other
 * people's requests. Since the analysis is linear (text/worst-case.test.ts), the heaviest note is
 * ordinary speech at the maximum length: about half a second of CPU or more, all of which a request
 * used to hold the event loop for.
 */
const SPEECH =
  'So we recorded twelve episodes before we published a single one, and honestly the first four sounded stiff. ' +
  'Six months later we are at 4,200 downloads a month, which is small, but it grows every Tuesday in Berlin. ';
const hostile = SPEECH.repeat(Math.floor(STUDIO_LIMITS.textMaxChars / SPEECH.length));

const postNote = (echo: StudioTestApp, cookie: string, text: string) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/studio/notes',
    headers: { 'content-type': 'application/json', cookie },
    payload: JSON.stringify({ text }),
  });

describe('text analysis off the event loop', () => {
  let echo: StudioTestApp;
  let cookie: string;
  beforeAll(async () => {
    echo = await startStudioApp();
    cookie = await sessionCookie(echo, 'hostile@example.com');
  });
  afterAll(() => echo?.close());

  it('keeps answering other requests while a hostile note is analysed, and still stores it', async () => {
    await postNote(echo, cookie, 'Warm up the analysis thread. It works.');
    const {
      holdMs: lagMs,
      result,
      ms,
    } = await longestHoldDuring(async () => {
      const note = postNote(echo, cookie, hostile);
      const counts: number[] = [];
      // Someone else's requests while the note is analysed.
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await echo.app!.inject({ method: 'GET', url: '/api/waitlist/count' });
        expect(res.statusCode).toBe(200);
        counts.push(performance.now() - started);
      }
      return { note: await note, counts };
    });
    expect(result.note.statusCode).toBe(201);
    expect(result.note.json()).toMatchObject({ status: 'ready' });
    expect(result.note.json().word_count).toBeGreaterThan(30_000);
    // The analysis took a while; the loop never waited for it (run in the request, the loop's worst
    // lag and the other requests' wait were the whole analysis). Relative, so a busy CI machine whose
    // other test workers compete for the two cores does not fail it.
    expect(ms).toBeGreaterThan(150);
    expect(lagMs).toBeLessThan(ms * 0.75);
    expect(Math.max(...result.counts)).toBeLessThan(ms * 0.75);
  });
});

describe('the analysis time budget', () => {
  let echo: StudioTestApp;
  let cookie: string;
  beforeAll(async () => {
    echo = await startStudioApp({ STUDIO_ANALYSIS_TIMEOUT_SECONDS: '0.15' });
    cookie = await sessionCookie(echo, 'budget@example.com');
  });
  afterAll(() => echo?.close());

  it('refuses a text that runs past it, and a fresh thread analyses the next one', async () => {
    const refused = await postNote(echo, cookie, hostile);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'payload_too_large', message: /took too long to analyse/ });
    const list = await echo.app!.inject({ method: 'GET', url: '/api/studio/notes', headers: { cookie } });
    expect(list.json().total).toBe(0);
    const ok = await postNote(echo, cookie, 'A short note. It fits the budget.');
    expect(ok.statusCode).toBe(201);
  });
});
