/**
 * Voice to drafts under load: 20 users at once each finish a 2-minute recording
 * (real speech: espeak-ng reads the text engine's fixture transcript; made once and cached in
 * .tmp/bench-cache), the speech-to-text server (the tests' fake OpenAI-compatible one, in this
 * process) answers each transcription after a fixed 2 s, and each user then asks for all five
 * extractive drafts. Measured per user: from "finish" (POST /recordings/{id}/finish) to five ready
 * drafts. The users poll as the Studio page does, at its own intervals (STUDIO_REFRESH_MS for the
 * note, DRAFT_REFRESH_MS for its drafts, the contract's constants): the CPU target is what a note
 * costs the server for a real user, not for a client polling ten times a second. The times are the
 * server's (the note's and the drafts' ready times in the answers, studio-voice-client.ts), so the
 * poll interval does not blur them.
 *
 * Echo's own share is the total less the fake's fixed delay (2 s per transcription request the fake
 * received for the note). The web process's event-loop lag comes from bench/loop-lag.ts loaded into
 * the server (monitorEventLoopDelay), read over the run and over a quiet stretch before it.
 *
 * The real server processes as deploy.md lays them out: one ROLE=web (its lag is the target) and one
 * ROLE=worker (transcription and drafts; its lag is reported), sharing one data folder, on the
 * bench's own PostgreSQL; once with local disk, once with the S3-compatible fake of tests/support as
 * the bucket (the log says how many objects it ended with). Uploading the chunks is not timed (a browser sends them while it
 * records); every user's chunks are up before the first "finish".
 *
 * Targets are ratios to floors measured in the same run, so that they hold on any machine (absolute
 * times are printed beside them, for information):
 * - the floor of time: the same work for one note alone, nothing else running (the median of
 *   ALONE_RUNS notes, each its own user, on the same servers just before the load), plus the CPU the
 *   other notes need (web, worker and PostgreSQL per note, as alone) shared by the machine's cores:
 *   20 notes on two cores cannot all be ready as soon as one alone;
 * - the floor of CPU: the raw cost of the note's work called directly in this process, without
 *   server, database, queue or storage: its ffmpeg conversion (the same `audioPieces`), its analysis
 *   and its five offline drafts (on the same analysis threads);
 * - the event loop's lag stays an absolute bound (what a request waits, on any machine).
 * The one note alone is also counted statement by statement (PostgreSQL's pg_stat_statements),
 * phase by phase; the log lists each phase's most frequent statements.
 *
 * For a shorter check: BENCH_VOICE_USERS (default 20), BENCH_VOICE_STORAGE=local|s3 (default both),
 * BENCH_VOICE_WORKER_ENV="NAME=value,..." (more settings for the worker, e.g. STUDIO_THREAD_NICENESS=0).
 */
import http from 'node:http';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FakeOpenAi } from '../tests/support/fake-openai.ts';
import { FakeS3 } from '../tests/support/fake-s3.ts';
import {
  type EchoBench,
  type Lag,
  log,
  percentile,
  readLag,
  type ServerProcess,
  sleep,
  withEchoDatabase,
} from './lib.ts';
import { cpuWithChildrenMs, parentPid, treeCpuMs } from './proc.ts';
import { describeTally, STATEMENT_STATS_FLAGS, StatementStats } from './statements.ts';
import { ALONE_RUNS, type Alone, aloneUsers, measureAlone, statementsPerNote } from './studio-voice-alone.ts';
import { breakdown, type NoteTimings } from './studio-voice-breakdown.ts';
import { client, finishToDrafts, session, upload } from './studio-voice-client.ts';
import { type Recording, recording, STT_DELAY_MS } from './studio-voice-note.ts';
import { RAW_RUNS, rawFloor } from './studio-voice-raw.ts';
import type { BenchResult } from './types.ts';

const USERS = Number(process.env.BENCH_VOICE_USERS ?? 20);
const STORAGES = (['local disk', 'S3'] as const).filter(
  (storage) =>
    !process.env.BENCH_VOICE_STORAGE ||
    process.env.BENCH_VOICE_STORAGE === (storage === 'S3' ? 's3' : 'local'),
);
/** More settings for the worker process (a comparison: "NAME=value,NAME=value"). */
const WORKER_ENV = Object.fromEntries(
  (process.env.BENCH_VOICE_WORKER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const QUIET_MS = 3_000;
/**
 * The 20 users' p99 against their floor: one note alone, plus the CPU the other notes need (as
 * measured alone) shared by the machine's cores: the last note cannot be ready before the work of
 * all of them is done, so what the target holds is the waiting beyond that (queues, turns, a
 * starved thread). CPU per note against the raw floor: what serving the work costs beyond doing it
 * (HTTP, database, queue, storage).
 */
const TARGETS = { loadVsFloor: 2.5, cpuVsRaw: 1.5, lagP99Ms: 50 } as const;
const CORES = os.availableParallelism();

const users = Array.from({ length: USERS }, (_, i) => session(`voice${i}@bench.test`, i));

/** The PostgreSQL server's process (the parent of a backend's). */
async function postgresPid(databaseUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return parentPid((await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  } finally {
    await db.end();
  }
}

/** CPU time this process (the bench: the fakes and the 20 clients) used so far, in ms. */
const benchCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The floor of USERS notes at once: one alone, and the others' CPU (as alone) on every core. */
const loadFloor = (alone: Alone) => alone.ownMs + ((USERS - 1) * (alone.cpuMs + alone.postgresMs)) / CORES;

async function turn(bench: EchoBench, audio: Recording, storage: 'local disk' | 'S3', s3?: FakeS3) {
  const stt = await new FakeOpenAi().start();
  stt.transcriptionDelayMs = STT_DELAY_MS;
  stt.transcriptionText = audio.sentences.map((s) => s.text).join(' ');
  stt.transcriptionSegments = audio.sentences.map((s) => ({
    start: s.startMs / 1000,
    end: s.endMs / 1000,
    text: ` ${s.text}`,
  }));
  const tag = storage === 'S3' ? 's3' : 'local';
  const lagFile = {
    web: path.join(bench.dir, `lag-web-${tag}.json`),
    worker: path.join(bench.dir, `lag-worker-${tag}.json`),
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS * 2 });
  // One machine's data folder for both processes (the recording's chunks are on the web's disk).
  const dataDir = path.join(bench.dir, `data-${tag}`);
  const env = (role: 'web' | 'worker') => ({
    ROLE: role,
    DATA_DIR: dataDir,
    STT_BASE_URL: stt.baseUrl,
    STT_API_KEY: 'bench',
    STT_MODEL: 'whisper-bench',
    BENCH_LOOP_LAG_FILE: lagFile[role],
    ...(s3?.env ?? {}),
  });
  const nodeArgs = ['--import', './bench/loop-lag.ts'];
  // BENCH_CPU_PROF=<dir>: web and worker write V8 CPU profiles there (where their event loops' time goes).
  const profiled = process.env.BENCH_CPU_PROF
    ? [...nodeArgs, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : nodeArgs;
  let web: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  let stats: StatementStats | undefined;
  try {
    web = await bench.startEcho(env('web'), { label: `echo web (${storage})`, nodeArgs: profiled });
    const logged = new Map<string, NoteTimings>();
    worker = await bench.startEcho(
      { ...env('worker'), LOG_LEVEL: 'info', ...WORKER_ENV },
      {
        label: `echo worker (${storage})`,
        nodeArgs: profiled,
        ready: 'started',
        onLine: (line) => {
          if (!line.includes('studio transcription timings')) return;
          try {
            const timings = JSON.parse(line) as NoteTimings;
            logged.set(timings.noteId, timings);
          } catch {
            // not one JSON line
          }
        },
      },
    );
    // PostgreSQL's server and its backends (the pools' connections live through the run).
    const postgres = await postgresPid(bench.databaseUrl);
    const cpuNow = async () => ({
      web: cpuWithChildrenMs(web!.pid),
      worker: cpuWithChildrenMs(worker!.pid),
      postgres: treeCpuMs(postgres),
    });
    stats = await StatementStats.start(bench.databaseUrl);
    // The floor first: one note alone, nothing else running.
    const alone = await measureAlone(web.url, agent, audio, tag, stt, stats, cpuNow);
    log(
      `studio-voice-to-drafts (${storage}) one note alone: finish to five drafts ${Math.round(alone.totalMs)} ms ` +
        `(Echo's own ${Math.round(alone.ownMs)} ms), CPU web + worker ${Math.round(alone.cpuMs)} ms, ` +
        `PostgreSQL ${Math.round(alone.postgresMs)} ms (medians of ${ALONE_RUNS})`,
    );
    log(
      `studio-voice-to-drafts (${storage}) PostgreSQL statements of one note alone, ${statementsPerNote(alone)} without the client's polls ` +
        `(${alone.polls.note} polls of the note at ${alone.pollCost.note} statements, ${alone.polls.draft} of its drafts at ${alone.pollCost.draft}):\n` +
        alone.phases
          .map(
            ([name, t]) =>
              `  ${name}: ${describeTally(t)}; most run: ${t.top.map((q) => `${q.calls}x ${q.query}`).join(' | ')}`,
          )
          .join('\n'),
    );
    const apis = users.map((u) => client(web!.url, u.token, agent));
    const recordings = await Promise.all(apis.map((api) => upload(api, audio)));
    const lags = async (last?: { web: Lag; worker: Lag }) => ({
      web: await readLag(web!, lagFile.web, last?.web.seq ?? 0),
      worker: await readLag(worker!, lagFile.worker, last?.worker.seq ?? 0),
    });
    const before = await lags();
    await sleep(QUIET_MS);
    const quiet = await lags(before);
    await stats.reset();
    const heardBefore = stt.transcriptions.length;
    const cpuBefore = {
      web: cpuWithChildrenMs(web.pid),
      worker: cpuWithChildrenMs(worker.pid),
      postgres: treeCpuMs(postgres),
      bench: benchCpuMs(),
    };
    const turns = await Promise.all(apis.map((api, i) => finishToDrafts(api, recordings[i]!)));
    const loadStatements = await stats.read();
    const cpu = {
      web: (cpuWithChildrenMs(web.pid) - cpuBefore.web) / USERS,
      worker: (cpuWithChildrenMs(worker.pid) - cpuBefore.worker) / USERS,
      postgres: (treeCpuMs(postgres) - cpuBefore.postgres) / USERS,
      bench: (benchCpuMs() - cpuBefore.bench) / USERS,
    };
    const busy = await lags(quiet);
    // The load's own transcriptions (the notes alone were heard before).
    const requests = stt.transcriptions.length - heardBefore;
    if (requests < USERS) throw new Error(`the fake heard ${requests} transcriptions for ${USERS} notes`);
    const fixed = (STT_DELAY_MS * requests) / USERS;
    const totals = turns.map((t) => t.ms);
    const own = totals.map((ms) => ms - fixed);
    const noteReady = turns.map((t) => t.noteReadyMs);
    const figures = {
      p50: percentile(totals, 50),
      p99: percentile(totals, 99),
      ownP50: percentile(own, 50),
      ownP99: percentile(own, 99),
      noteP50: percentile(noteReady, 50),
      noteP99: percentile(noteReady, 99),
      seenP50: percentile(
        turns.map((t) => t.seenMs),
        50,
      ),
      seenP99: percentile(
        turns.map((t) => t.seenMs),
        99,
      ),
      polls: turns.reduce((sum, t) => sum + t.notePolls + t.draftPolls, 0) / USERS,
      quiet,
      busy,
      cpu,
      alone,
      statements: loadStatements.statements / USERS,
    };
    log(
      `studio-voice-to-drafts (${storage}): finish to five drafts p50 ${Math.round(figures.p50)} ms, ` +
        `p99 ${Math.round(figures.p99)} ms (note ready p50 ${Math.round(figures.noteP50)}, p99 ${Math.round(figures.noteP99)}; ` +
        `as the client saw them, at the page's poll intervals, p50 ${Math.round(figures.seenP50)}, p99 ${Math.round(figures.seenP99)}, ` +
        `${figures.polls.toFixed(1)} polls a note); ` +
        `Echo's own p50 ${Math.round(figures.ownP50)} ms, p99 ${Math.round(figures.ownP99)} ms; ` +
        `event-loop lag p99: web ${busy.web.p99.toFixed(1)} ms (max ${busy.web.max.toFixed(0)}, quiet ${quiet.web.p99.toFixed(1)}), ` +
        `worker ${busy.worker.p99.toFixed(1)} ms (max ${busy.worker.max.toFixed(0)}); ` +
        `${requests} transcriptions${s3 ? `; ${s3.objects.size} objects in the bucket` : ''}; ` +
        `CPU per note: web ${Math.round(cpu.web)} ms, worker ${Math.round(cpu.worker)} ms (with its ffmpeg), ` +
        `PostgreSQL ${Math.round(cpu.postgres)} ms, the bench's fakes and clients ${Math.round(cpu.bench)} ms; ` +
        `PostgreSQL statements per note ${Math.round(loadStatements.statements / USERS)} (the client's polls included; ` +
        `${Math.round(loadStatements.queue / USERS)} the job queue's); ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    log(
      `studio-voice-to-drafts (${storage}) where the time went (ms): ${await breakdown(bench.databaseUrl, turns, logged)}`,
    );
    return figures;
  } finally {
    agent.destroy();
    await stats?.close().catch(() => {});
    await worker?.stop();
    await web?.stop();
    await stt.stop().catch(() => {});
  }
}

export async function run(): Promise<BenchResult[]> {
  const audio = await recording();
  const raw = await rawFloor(audio);
  log(
    `studio-voice-to-drafts raw floor of one note (mean of ${RAW_RUNS}): CPU ${Math.round(raw.cpu)} ms ` +
      `(ffmpeg ${Math.round(raw.ffmpeg)}, analysis ${Math.round(raw.analysis)}, five drafts ${Math.round(raw.drafts)}), ` +
      `${Math.round(raw.wall)} ms of wall time`,
  );
  const sessions = [
    ...users,
    ...STORAGES.flatMap((storage) => aloneUsers(storage === 'S3' ? 's3' : 'local')),
  ];
  return withEchoDatabase(
    'voice-to-drafts',
    sessions,
    async (bench) => {
      const results: BenchResult[] = [];
      const s3 = await new FakeS3().start();
      try {
        for (const storage of STORAGES) {
          const f = await turn(bench, audio, storage, storage === 'S3' ? s3 : undefined);
          const what = `studio voice to drafts, ${USERS} users, 2-min recordings, ${storage}`;
          const info = (name: string, value: number, unit = 'ms', baseline?: number): BenchResult => ({
            name: `${what}: ${name}`,
            value: Math.round(value),
            unit,
            ...(baseline === undefined ? {} : { baseline: Math.round(baseline), ratio: value / baseline }),
            target: 'info',
            met: null,
          });
          const cpuPerNote = f.cpu.web + f.cpu.worker;
          results.push(
            info(`finish to five drafts p50 (STT fake ${STT_DELAY_MS / 1000} s)`, f.p50),
            info(`finish to five drafts p99 (STT fake ${STT_DELAY_MS / 1000} s)`, f.p99),
            info(
              "Echo's own share p50 (total less the fake's delay; baseline: one note alone)",
              f.ownP50,
              'ms',
              f.alone.ownMs,
            ),
            info("Echo's own share p99 (baseline: one note alone)", f.ownP99, 'ms', f.alone.ownMs),
            {
              name: `${what}: Echo's own share p99 vs the floor of ${USERS} notes: one note alone plus the CPU the other ${USERS - 1} need (web, worker, PostgreSQL, as alone) shared by ${CORES} cores`,
              value: Math.round(f.ownP99),
              unit: 'ms',
              baseline: Math.round(loadFloor(f.alone)),
              ratio: f.ownP99 / loadFloor(f.alone),
              target: `<= ${TARGETS.loadVsFloor}x the floor`,
              met: f.ownP99 / loadFloor(f.alone) <= TARGETS.loadVsFloor,
            },
            {
              name: `${what}: CPU per note, web + worker with its ffmpeg, vs the raw floor (ffmpeg, analysis and five drafts called directly)`,
              value: Math.round(cpuPerNote),
              unit: 'ms',
              baseline: Math.round(raw.cpu),
              ratio: cpuPerNote / raw.cpu,
              target: `<= ${TARGETS.cpuVsRaw}x the raw floor`,
              met: cpuPerNote / raw.cpu <= TARGETS.cpuVsRaw,
            },
            info(
              'CPU per note of one note alone, web + worker (baseline: the raw floor)',
              f.alone.cpuMs,
              'ms',
              raw.cpu,
            ),
            info(
              'PostgreSQL CPU per note (baseline: one note alone)',
              f.cpu.postgres,
              'ms',
              f.alone.postgresMs,
            ),
            info(
              "PostgreSQL statements per note, the client's polls included (baseline: one note alone, polls left out)",
              f.statements,
              'count',
              statementsPerNote(f.alone),
            ),
            {
              name: `${what}: web process event-loop lag p99 (baseline: quiet)`,
              value: f.busy.web.p99,
              unit: 'ms',
              baseline: f.quiet.web.p99,
              ratio: f.busy.web.p99 / TARGETS.lagP99Ms,
              target: `< ${TARGETS.lagP99Ms} ms (absolute: what a request waits; ratio to the bound)`,
              met: f.busy.web.p99 < TARGETS.lagP99Ms,
            },
            {
              name: `${what}: worker process event-loop lag p99 (baseline: quiet)`,
              value: f.busy.worker.p99,
              unit: 'ms',
              baseline: f.quiet.worker.p99,
              target: 'info',
              met: null,
            },
          );
        }
      } finally {
        await s3.stop();
      }
      return results;
    },
    { postgresFlags: STATEMENT_STATS_FLAGS },
  );
}
