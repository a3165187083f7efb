/**
 * One note alone in studio-voice-to-drafts, on the servers before the load: the floor of time and
 * CPU, and the note counted statement by statement, phase by phase.
 */
import type http from 'node:http';
import type { FakeOpenAi } from '../tests/support/fake-openai.ts';
import { median, sleep } from './lib.ts';
import type { StatementStats, StatementTally } from './statements.ts';
import { client, finishToDrafts, type Phase, session, upload } from './studio-voice-client.ts';
import { type Recording, STT_DELAY_MS } from './studio-voice-note.ts';

/** Notes timed alone, one after the other (the floor is their median); one more is counted. */
export const ALONE_RUNS = 3;
/** Polls sent to measure what one costs in statements. */
const POLLS_MEASURED = 20;

/** Per storage, the owners of the notes run alone (one to warm the servers up, ALONE_RUNS timed, one counted). */
export const aloneUsers = (tag: string) =>
  Array.from({ length: ALONE_RUNS + 2 }, (_, i) => session(`alone-${tag}-${i}@bench.test`, i));

/** One note alone: the floor of time (median of ALONE_RUNS) and one more counted statement by statement. */
export interface Alone {
  totalMs: number;
  ownMs: number;
  /** CPU of web + worker (with its ffmpeg) per note, and PostgreSQL's (median). */
  cpuMs: number;
  postgresMs: number;
  /** Statements of the counted note, phase by phase (the client's polls included). */
  phases: Array<[Phase, StatementTally]>;
  polls: { note: number; draft: number };
  /** Statements of one poll of the note and of one of its drafts. */
  pollCost: { note: number; draft: number };
}

export async function measureAlone(
  url: string,
  agent: http.Agent,
  audio: Recording,
  tag: string,
  stt: FakeOpenAi,
  stats: StatementStats,
  cpuNow: () => Promise<{ web: number; worker: number; postgres: number }>,
): Promise<Alone> {
  const [warmUp, ...owners] = aloneUsers(tag);
  // Untimed: the servers' first note (code compiled, threads started, the queue's caches filled).
  const first = client(url, warmUp!.token, agent);
  await finishToDrafts(first, await upload(first, audio));
  const timed: Array<{ total: number; own: number; cpu: number; postgres: number }> = [];
  for (const owner of owners.slice(0, ALONE_RUNS)) {
    const api = client(url, owner.token, agent);
    const recorded = await upload(api, audio);
    const heard = stt.transcriptions.length;
    const before = await cpuNow();
    const t = await finishToDrafts(api, recorded);
    const after = await cpuNow();
    const fixed = STT_DELAY_MS * (stt.transcriptions.length - heard);
    timed.push({
      total: t.ms,
      own: t.ms - fixed,
      cpu: after.web - before.web + (after.worker - before.worker),
      postgres: after.postgres - before.postgres,
    });
  }
  const api = client(url, owners[ALONE_RUNS]!.token, agent);
  const phases: Array<[Phase, StatementTally]> = [];
  await stats.reset();
  const recorded = await upload(api, audio);
  phases.push(['upload', await stats.read()]);
  await stats.reset();
  const counted = await finishToDrafts(api, recorded, async (name) => {
    phases.push([name, await stats.read()]);
    await stats.reset();
  });
  // What one poll costs: POLLS_MEASURED of them less an idle stretch as long (the job queue's own
  // polling runs meanwhile), per poll.
  const costOf = async (pathname: string) => {
    await stats.reset();
    const started = performance.now();
    for (let i = 0; i < POLLS_MEASURED; i++) await api('GET', pathname);
    const took = performance.now() - started;
    const polled = (await stats.read()).statements;
    await stats.reset();
    await sleep(took);
    const idle = (await stats.read()).statements;
    return Math.max(0, Math.round((polled - idle) / POLLS_MEASURED));
  };
  const pollCost = {
    note: await costOf(`/api/studio/notes/${counted.noteId}`),
    draft: await costOf(`/api/studio/drafts?note_id=${counted.noteId}`),
  };
  return {
    totalMs: median(timed.map((t) => t.total)),
    ownMs: median(timed.map((t) => t.own)),
    cpuMs: median(timed.map((t) => t.cpu)),
    postgresMs: median(timed.map((t) => t.postgres)),
    phases,
    polls: { note: counted.notePolls, draft: counted.draftPolls },
    pollCost,
  };
}

/** Statements of the counted note, the client's polls left out (they depend on the polling rate). */
export const statementsPerNote = (alone: Alone) =>
  alone.phases.reduce((sum, [, t]) => sum + t.statements, 0) -
  alone.polls.note * alone.pollCost.note -
  alone.polls.draft * alone.pollCost.draft;
