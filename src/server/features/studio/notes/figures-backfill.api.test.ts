import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
} from '#tests/support/studio.ts';
import { runStudioMaintenance } from '../capture/index.ts';
import { backfillFigures } from './figures-backfill.ts';

/** Notes stored before their searchable figures existed get them, a batch at a time, once. */
let echo: StudioTestApp;
let cookie: string;
beforeAll(async () => {
  echo = await startStudioApp();
  cookie = await sessionCookie(echo, 'figures@example.com');
});
afterAll(() => echo?.close());

const call = (method: 'GET' | 'POST', url: string, body?: unknown) => callAs(echo, method, url, cookie, body);

const search = async (q: string) =>
  (
    (await call('GET', `/api/studio/search?q=${encodeURIComponent(q)}`)).json().hits as Array<{
      note_id: string;
    }>
  ).map((h) => h.note_id);

const note = async (text: string) => {
  const res = await call('POST', '/api/studio/notes', { text });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

/** As a note stored before migration 0027 is: no figures on it or its sentences. */
const forget = (ids: string[]) =>
  Promise.all([
    echo.query('update studio_notes set figures = null where id = any($1)', [ids]),
    echo.query('update studio_note_sentences set figures = null where note_id = any($1)', [ids]),
  ]);

const figuresOf = async (id: string) =>
  (await echo.query<{ figures: string | null }>('select figures from studio_notes where id = $1', [id]))[0]!
    .figures;

describe('the figures backfill', () => {
  it('fills notes without figures in bounded batches, once, leaving updated_at alone', async () => {
    const runners = await note('Forty-two runners finished the race. We raised eighteen thousand dollars.');
    const plain = await note('Nothing here is a number. Just words about the weather.');
    const priced = await note('The course costs one ninety-nine. Most people finish in three weeks.');
    await forget([runners, plain, priced]);
    expect(await search('42')).toEqual([]);
    const [before] = await echo.query<{ updated_at: Date }>(
      'select updated_at from studio_notes where id = $1',
      [runners],
    );

    // A batch of two, then the rest; other owners' ready notes count too (the pass is per install).
    const first = await backfillFigures(echo.ctx.database, 2);
    expect(first).toBe(2);
    const second = await backfillFigures(echo.ctx.database, 2);
    expect(second).toBeGreaterThanOrEqual(1);
    expect(await backfillFigures(echo.ctx.database, 2)).toBe(0);

    expect(await figuresOf(runners)).toBe('42 18000');
    // A note with no number is done too, so it is not read again.
    expect(await figuresOf(plain)).toBe('');
    expect(await figuresOf(priced)).toMatch(/\b199\b/);
    expect(await search('42')).toEqual([runners]);
    expect(await search('18000')).toEqual([runners]);
    // Its sentences are searched by their figures too.
    const sentences = await echo.query<{ figures: string | null }>(
      'select figures from studio_note_sentences where note_id = $1 order by position',
      [runners],
    );
    expect(sentences.map((s) => s.figures)).toEqual(['42', '18000']);
    const [after] = await echo.query<{ updated_at: Date }>(
      'select updated_at from studio_notes where id = $1',
      [runners],
    );
    expect(after!.updated_at).toEqual(before!.updated_at);
  });

  it('is sent by the maintenance pass while a note waits, and its job fills them', async () => {
    const id = await note('Twelve episodes went out before anyone listened.');
    await forget([id]);
    const pass = () =>
      runStudioMaintenance({
        config: echo.ctx.config,
        database: echo.ctx.database,
        queue: echo.ctx.jobs,
        sttConfigured: false,
      });
    expect((await pass()).figures).toBe(1);
    await eventually(async () => ((await figuresOf(id)) === '12' ? true : null), 20_000);
    expect((await pass()).figures).toBe(0);
  });
});
