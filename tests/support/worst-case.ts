import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { type NoteDetail, STUDIO_LIMITS } from '#contract/studio.ts';
import {
  CONVERSATION_FORMATS,
  DRAFT_FORMATS,
  type Draft,
  type DraftFormat,
} from '#contract/studio-drafts.ts';
import { holdOf } from './event-loop.ts';
import { FakeOpenAi } from './fake-openai.ts';
import { type FakeBluesky, startFakeBluesky } from './fake-social.ts';
import { quarterStems } from './hostile-text.ts';
import { loadSotu } from './sotu.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from './studio.ts';

/**
 * The rule, kept by the worst-case API tests (src/server/features/studio/worst-case-*.api.test.ts): no request and no job holds the event loop longer than about 50 ms,
 * whatever the text within the documented limits. Hostile inputs for every text path of the Studio
 * that reads a whole note or file (a note created or read, a sentence corrected, a note's drafts
 * written by the job, offline or by a language model (a fake one), a draft's captions exported, a
 * file of posts imported, a draft's publish preview) go
 * through the real API in a test app that runs its jobs too (as ROLE=all does) while a timer
 * measures the loop's longest hold. Each path used to hold it for seconds: a long note's analysis,
 * re-analysed on every correction, ranked again by every draft and every caption export, and an
 * import file parsed whole.
 *
 * The bound is the rule's 50 ms plus a margin for a shared CI machine, where a timer is late by the
 * machine's scheduling and garbage collection whatever the request, and where the work every note
 * costs in proportion to its length (its rows stored, the answer validated and written) is part of
 * any request of that size. So each path is first measured with ordinary English of the same
 * length (its baseline, in the same test), and the margin is twice that, at least 50 ms: hostile
 * text may cost what ordinary text costs, not more. A path that does the text work on the loop
 * again holds it for seconds. The draft job's bound for ordinary English is half of what the offline
 * writer takes on this machine (a job that writes on the loop holds it at least that long); hostile
 * notes' drafts are held to the bound of ordinary English's drafts.
 */
export const MAX = STUDIO_LIMITS.textMaxChars;
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Shapes that hurt a text engine: one letter, spaces, dots, long tokens, fillers, emoji, ranking's worst case. */
const SHAPES = [
  'a',
  'a ',
  '. ',
  'ab1-',
  "a'",
  'Yeah. ',
  'um, you know, like, I mean, the the ',
  '😀',
  'So we raised prices. ',
];
/** A hostile text as a unit and a length (what fast-check prints when a run fails, not the text). */
interface Hostile {
  unit: string;
  length: number;
}
const QUARTER_STEMS = 'every word in a quarter of the sentences';
export const hostile = (maxLength: number): fc.Arbitrary<Hostile> => {
  const length = fc.integer({ min: maxLength / 2, max: maxLength });
  return fc.oneof(
    fc.record({ unit: fc.constantFrom(...SHAPES, QUARTER_STEMS), length }),
    fc.record({
      unit: fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.', '-', "'", '\n', 'é'), minLength: 1 }),
      length,
    }),
  );
};
export const textOf = ({ unit, length }: Hostile) =>
  unit === QUARTER_STEMS ? quarterStems(length) : fill(unit, length);

// Set by setUpWorstCase's beforeAll; tests read them through these live bindings.
export let echo: StudioTestApp;
export let bsky: FakeBluesky;
export let llm: FakeOpenAi;
let cookie: string;
/** Ordinary English (State of the Union addresses), for the baselines. */
export let ordinary = '';

/** A request; a body given as a string is sent as it is (made before the loop is measured). */
export const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

/**
 * A GET over the test app's socket, its answer read as bytes, as a client receives it (inject would
 * decode a whole answer of megabytes to one string on this same loop).
 */
export const fetched = async (url: string) => {
  const res = await fetch(`${echo.url}${url}`, { headers: { cookie } });
  return { statusCode: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

/** A note's sentences timed as a recogniser would (1.5 s each), so clips can be cut from it. */
export async function timed(note: NoteDetail): Promise<string> {
  await echo.query(
    'update studio_note_sentences set start_ms = position * 1500, end_ms = position * 1500 + 1400 where note_id = $1',
    [note.id],
  );
  return note.id;
}

/** A draft job's baseline: the longer of two ordinary runs (a job's window is seconds long). */
export const jobBaseline = async (work: () => Promise<unknown>) =>
  Math.max(await holdOf(work), await holdOf(work));

/** A ready note of `text` whose sentences are timed. */
export async function timedNote(text: string): Promise<NoteDetail> {
  const created = await call('POST', '/api/studio/notes', { text });
  expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
  const note = created.json() as NoteDetail;
  await timed(note);
  return note;
}
export const timedNoteId = async (text: string) => (await timedNote(text)).id;

/** Every format a note of one speaker has (show notes are a conversation's). */
export const SOLO_FORMATS = DRAFT_FORMATS.filter((f) => !CONVERSATION_FORMATS.includes(f));

/** Drafts of `formats` from a note, waited for until each is written (or refused). */
export async function draftsOf(
  noteId: string,
  formats: readonly DraftFormat[],
  engine: 'extractive' | 'llm' = 'extractive',
): Promise<Draft[]> {
  const made = await call('POST', '/api/studio/drafts', { note_ids: [noteId], formats, engine });
  expect(made.statusCode, made.body).toBe(202);
  const drafts: Draft[] = [];
  for (const { id } of made.json().drafts as Draft[])
    drafts.push(
      await eventually(async () => {
        const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
        return d.status !== 'waiting' && d.status !== 'generating' && d;
      }, 240_000),
    );
  return drafts;
}

/** Starts the app (running its jobs), a fake Bluesky and a fake language model for the calling test file. */
export function setUpWorstCase() {
  beforeAll(async () => {
    bsky = await startFakeBluesky();
    llm = await new FakeOpenAi().start();
    echo = await startStudioApp({
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      STUDIO_NOTES_PER_DAY: '100000',
      STUDIO_DRAFT_JOBS_PER_DAY: '1000',
      STUDIO_EXPORTS_PER_MINUTE: '1000',
      PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
      BLUESKY_SERVICE_URL: bsky.origin,
    });
    cookie = await sessionCookie(echo, 'hostile-worst-case@example.com');
    ordinary = loadSotu()
      .map((address) => address.text)
      .join('\n\n')
      .slice(0, MAX);
    // Threads started and code compiled before anything is measured.
    await call('POST', '/api/studio/notes', { text: 'Warm up the analysis thread. It works, you know.' });
  }, 60_000);
  afterAll(async () => {
    await echo?.close();
    await bsky?.close();
    await llm?.stop();
  });
}
