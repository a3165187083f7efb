/**
 * Voice to drafts under load: 20 users at once each finish a 2-minute recording
 * (real speech: espeak-ng reads the text engine's fixture transcript; made once and cached in
 * .tmp/bench-cache), the speech-to-text server (the tests' fake OpenAI-compatible one, in this
 * process) answers each transcription after a fixed 2 s, and each user then asks for all five
 * extractive drafts. Measured per user: from "finish" (POST /recordings/{id}/finish) to five ready
 * drafts, as a browser would see it (it polls the note, then its drafts, every POLL_MS).
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
 * The figures carry POLL_MS of resolution (on average POLL_MS / 2 per wait, two waits).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { DraftFormat } from '../src/contract/studio-drafts.ts';
import { loadConfig } from '../src/server/config.ts';
import { TRANSCRIPT } from '../src/server/features/studio/engine/__fixtures__/transcript.ts';
import {
  analyseOffThread,
  cleanText,
  closeAnalysisPool,
  draftOffThread,
} from '../src/server/features/studio/engine/index.ts';
import { audioPieces, ffmpegBinary } from '../src/server/providers/media/ffmpeg-run.ts';
import { FakeOpenAi } from '../tests/support/fake-openai.ts';
import { FakeS3 } from '../tests/support/fake-s3.ts';
import { speak } from '../tests/support/speech.ts';
import {
  type EchoBench,
  type Lag,
  log,
  median,
  percentile,
  ROOT_DIR,
  readLag,
  type ServerProcess,
  sleep,
  withEchoDatabase,
} from './lib.ts';
import { parentPid, treeCpuMs } from './proc.ts';
import { describeTally, STATEMENT_STATS_FLAGS, StatementStats, type StatementTally } from './statements.ts';
import type { BenchResult } from './types.ts';

const exec = promisify(execFile);
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
const RECORDING_MS = 120_000;
const CHUNK_MS = 10_000;
const STT_DELAY_MS = 2_000;
const POLL_MS = 100;
const QUIET_MS = 3_000;
/** Notes timed alone, one after the other (the floor is their median); one more is counted. */
const ALONE_RUNS = 3;
/** Polls sent to measure what one costs in statements. */
const POLLS_MEASURED = 20;
/** Raw floor passes (the median is kept), after one to warm the threads and ffmpeg's files. */
const RAW_RUNS = 3;
const FORMATS: DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel', 'clips'];
/**
 * The 20 users' p99 against their floor: one note alone, plus the CPU the other notes need (as
 * measured alone) shared by the machine's cores: the last note cannot be ready before the work of
 * all of them is done, so what the target holds is the waiting beyond that (queues, turns, a
 * starved thread). CPU per note against the raw floor: what serving the work costs beyond doing it
 * (HTTP, database, queue, storage).
 */
const TARGETS = { loadVsFloor: 2.5, cpuVsRaw: 1.5, lagP99Ms: 50 } as const;
const CORES = os.availableParallelism();
const CACHE_DIR = path.join(ROOT_DIR, '.tmp', 'bench-cache');

const session = (owner: string, i: number) => ({
  owner,
  token: `bench-voice-to-drafts-token-${owner.replace(/[^a-z0-9]/g, '')}-${String(i).padStart(2, '0')}-0123456789abcdef`,
});
const users = Array.from({ length: USERS }, (_, i) => session(`voice${i}@bench.test`, i));
/** Per storage, the owners of the notes run alone (one to warm the servers up, ALONE_RUNS timed, one counted). */
const aloneUsers = (tag: string) =>
  Array.from({ length: ALONE_RUNS + 2 }, (_, i) => session(`alone-${tag}-${i}@bench.test`, i));

interface Recording {
  wav: Buffer;
  /** Bytes of PCM per second (for chunks of CHUNK_MS). */
  byteRate: number;
  headerBytes: number;
  /** What was said, sentence by sentence, on the recording's clock (the fake's answer). */
  sentences: Array<{ startMs: number; endMs: number; text: string }>;
}

/**
 * Exactly RECORDING_MS of espeak-ng reading the fixture transcript (the sentences that fit, then
 * silence). Cached by the text and espeak-ng's version: speaking 40 sentences takes a while.
 */
async function recording(): Promise<Recording> {
  const { stdout: version } = await exec('espeak-ng', ['--version']);
  const said = TRANSCRIPT.split(/(?<=[.?!])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const key = createHash('sha256')
    .update(`${version}\n${RECORDING_MS}\n${said.join('\n')}`)
    .digest('hex')
    .slice(0, 16);
  const wavFile = path.join(CACHE_DIR, `voice-to-drafts-${key}.wav`);
  const jsonFile = `${wavFile}.json`;
  const cached = await stat(jsonFile).then(
    () => true,
    () => false,
  );
  if (!cached) {
    log('studio-voice-to-drafts: speaking the 2-minute recording with espeak-ng (once; cached)');
    const audio = await speak('espeak-ng', said, 400);
    try {
      const wav = await readFile(audio.file);
      const format = wav.subarray(20, 36);
      const byteRate = format.readUInt32LE(8);
      const headerBytes = 44;
      if (wav.toString('ascii', 36, 40) !== 'data') throw new Error('unexpected WAV layout from speak()');
      const dataBytes = Math.round((RECORDING_MS * byteRate) / 1000 / 2) * 2;
      const data = Buffer.alloc(dataBytes);
      wav.copy(data, 0, headerBytes, Math.min(wav.length, headerBytes + dataBytes));
      const out = Buffer.concat([wav.subarray(0, headerBytes), data]);
      out.writeUInt32LE(out.length - 8, 4);
      out.writeUInt32LE(dataBytes, 40);
      const sentences = audio.sentences.filter((s) => s.endMs <= RECORDING_MS);
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(`${wavFile}.part`, out);
      await rename(`${wavFile}.part`, wavFile);
      await writeFile(jsonFile, JSON.stringify({ byteRate, headerBytes, sentences }));
    } finally {
      await audio.remove();
    }
  }
  const meta = JSON.parse(await readFile(jsonFile, 'utf8')) as Omit<Recording, 'wav'>;
  return { ...meta, wav: await readFile(wavFile) };
}

/** Echo's API as one signed-in user, on kept-alive sockets (node:http: a lean client). */
function client(url: string, token: string, agent: http.Agent) {
  const { hostname, port } = new URL(url);
  return <T>(method: string, pathname: string, body?: unknown, raw?: Buffer) =>
    new Promise<T>((resolve, reject) => {
      const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path: pathname,
          agent,
          headers: {
            cookie: `echo_dashboard=${token}`,
            ...(payload
              ? {
                  'content-type': raw ? 'application/octet-stream' : 'application/json',
                  'content-length': payload.length,
                }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 0) >= 300)
              reject(new Error(`${method} ${pathname} answered ${res.statusCode}: ${text.slice(0, 300)}`));
            else resolve((text ? JSON.parse(text) : undefined) as T);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

type Api = ReturnType<typeof client>;

/** Starts a recording and sends its chunks (untimed: a browser does this while recording). */
async function upload(api: Api, audio: Recording): Promise<{ id: string; chunks: number }> {
  const { id } = await api<{ id: string }>('POST', '/api/studio/recordings', { mime_type: 'audio/wav' });
  const chunkBytes = Math.round((CHUNK_MS * audio.byteRate) / 1000 / 2) * 2;
  let n = 0;
  for (let at = 0; at < audio.wav.length; n++) {
    const end = n === 0 ? audio.headerBytes + chunkBytes : at + chunkBytes;
    await api('PUT', `/api/studio/recordings/${id}/chunks/${n}`, undefined, audio.wav.subarray(at, end));
    at = end;
  }
  return { id, chunks: n };
}

/**
 * From "finish" to five ready drafts, as the Studio page sees it: ms, and the note's id. `phase` is
 * called as each phase ends (finish request, transcription, drafts request, drafts), before the
 * next starts: for the count of statements (it delays the clock, so never on a timed run).
 */
async function finishToDrafts(
  api: Api,
  recording: { id: string; chunks: number },
  phase?: (name: Phase) => Promise<void>,
) {
  const started = performance.now();
  let notePolls = 0;
  let draftPolls = 0;
  const note = await api<{ id: string }>('POST', `/api/studio/recordings/${recording.id}/finish`, {
    chunk_count: recording.chunks,
    duration_ms: RECORDING_MS,
  });
  const finishedMs = performance.now() - started;
  await phase?.('finish request');
  for (;;) {
    notePolls++;
    const { status, status_message } = await api<{ status: string; status_message: string | null }>(
      'GET',
      `/api/studio/notes/${note.id}`,
    );
    if (status === 'ready') break;
    if (status !== 'transcribing') throw new Error(`note ${note.id} ended ${status}: ${status_message}`);
    await sleep(POLL_MS);
  }
  const noteReady = performance.now() - started;
  const startedAt = Date.now() - (performance.now() - started);
  await phase?.('transcription');
  const { drafts } = await api<{ drafts: Array<{ id: string }> }>('POST', '/api/studio/drafts', {
    note_ids: [note.id],
    formats: FORMATS,
    engine: 'extractive',
  });
  await phase?.('drafts request');
  // As the page does (useDraftsOfNote): one request for the note's drafts per look, not one per draft.
  const waiting = new Set(drafts.map((d) => d.id));
  while (waiting.size > 0) {
    await sleep(POLL_MS);
    draftPolls++;
    const seen = await api<{ drafts: Array<{ id: string; status: string; error: string | null }> }>(
      'GET',
      `/api/studio/drafts?note_id=${note.id}`,
    );
    for (const draft of seen.drafts) {
      if (!waiting.has(draft.id)) continue;
      if (draft.status === 'failed') throw new Error(`draft ${draft.id} failed: ${draft.error}`);
      if (draft.status === 'ready') waiting.delete(draft.id);
    }
  }
  await phase?.('drafts');
  return {
    ms: performance.now() - started,
    notePolls,
    draftPolls,
    finishedMs,
    noteReadyMs: noteReady,
    noteId: note.id,
    startedAt,
    draftIds: drafts.map((d) => d.id),
  };
}

/** The phases of one note whose statements are counted (the upload's come first). */
type Phase = 'upload' | 'finish request' | 'transcription' | 'drafts request' | 'drafts';

/** One note's transcription, as the worker logged it ('studio transcription timings'). */
interface NoteTimings {
  noteId: string;
  copyMs?: number;
  convertWaitMs?: number;
  convertMs?: number;
  engineMs?: number;
  analysisMs?: number;
  storeMs?: number;
  totalMs?: number;
}

/**
 * Where the time went, phase by phase (p50 / max over the notes, ms): the finish request; the
 * transcription job's wait in the queue and its run (copy, ffmpeg, the engine less the fake's fixed
 * delay, analysis, storing) from the worker's timings log; from the job's end to the client seeing
 * the note ready; then the drafts' wait in the queue and their runs (pg-boss's own timestamps).
 */
async function breakdown(
  databaseUrl: string,
  turns: Array<Awaited<ReturnType<typeof finishToDrafts>>>,
  logged: Map<string, NoteTimings>,
): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const jobs = await db.query<{
      name: string;
      id: string;
      created: number;
      started: number;
      completed: number;
    }>(
      `select name, coalesce(data->>'noteId', data->>'draftId') as id,
              extract(epoch from created_on) * 1000 as created, extract(epoch from started_on) * 1000 as started,
              extract(epoch from completed_on) * 1000 as completed
         from pgboss.job where name in ('studio.transcribe', 'studio.draft') and state = 'completed'`,
    );
    const job = new Map(jobs.rows.map((r) => [`${r.name}:${r.id}`, r]));
    const phases = new Map<string, number[]>();
    const add = (name: string, value: number | undefined) => {
      if (value === undefined || Number.isNaN(value)) return;
      phases.set(name, [...(phases.get(name) ?? []), value]);
    };
    for (const t of turns) {
      add('finish request', t.finishedMs);
      const tj = job.get(`studio.transcribe:${t.noteId}`);
      const timings = logged.get(t.noteId);
      if (tj) {
        add('transcribe: queued (finish -> job start)', tj.started - t.startedAt);
        add('transcribe: job wait in queue', tj.started - tj.created);
        add('note: job end -> client sees ready', t.startedAt + t.noteReadyMs - tj.completed);
      }
      if (timings) {
        add('transcribe: local copy', timings.copyMs);
        add('transcribe: wait for an ffmpeg turn', timings.convertWaitMs);
        add('transcribe: ffmpeg', timings.convertMs);
        add('transcribe: engine less the fake delay', (timings.engineMs ?? 0) - STT_DELAY_MS);
        add('transcribe: analysis (thread)', timings.analysisMs);
        add('transcribe: store', timings.storeMs);
      }
      const draftJobs = t.draftIds.map((id) => job.get(`studio.draft:${id}`)).filter((j) => j !== undefined);
      for (const dj of draftJobs) {
        add('draft: job wait in queue', dj.started - dj.created);
        add('draft: job run', dj.completed - dj.started);
      }
      if (draftJobs.length)
        add(
          'drafts: POST -> last job done -> client sees',
          t.startedAt + t.ms - Math.max(...draftJobs.map((j) => j.completed)),
        );
      add('drafts: note seen ready -> five seen ready', t.ms - t.noteReadyMs);
    }
    return [...phases]
      .map(
        ([name, values]) =>
          `${name} p50 ${Math.round(percentile(values, 50))} max ${Math.round(Math.max(...values))}`,
      )
      .join('; ');
  } finally {
    await db.end();
  }
}

/**
 * CPU time a process and its waited-for children (ffmpeg) used so far, in ms (/proc; Linux). On a
 * machine shared with other work, the CPU a note costs is steadier than the wall-clock figures.
 */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 14-17 (1-based).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return (ticks * 1000) / 100;
}

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

/** CPU this process and the children it waited for (ffmpeg) used so far, every thread, in ms. */
const selfCpuMs = () => processCpuMs(process.pid);

/** The CPU floor of one note, and its parts (ms; median of RAW_RUNS). */
interface RawFloor {
  cpu: number;
  wall: number;
  ffmpeg: number;
  analysis: number;
  drafts: number;
}

/**
 * The note's work called directly, in this process, with nothing else running: ffmpeg converts the
 * recording as the worker does (`audioPieces`, the npm or PATH ffmpeg Echo would run), the
 * transcript is analysed and the five drafts written offline on the analysis threads Echo uses (its
 * configured threads and nice value). No server, database, queue, storage or HTTP.
 */
async function rawFloor(audio: Recording): Promise<RawFloor> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-raw-'));
  const config = loadConfig({ DATA_DIR: dir });
  const ffmpeg = ffmpegBinary(config);
  const settings = config.studio.analysis;
  const text = cleanText(audio.sentences.map((s) => s.text).join(' ')).trim();
  const segments = audio.sentences.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: s.text }));
  try {
    const wav = path.join(dir, 'note.wav');
    await writeFile(wav, audio.wav);
    const once = async () => {
      const out = await mkdtemp(path.join(dir, 'pieces-'));
      const started = performance.now();
      const c0 = await selfCpuMs();
      await audioPieces(ffmpeg, wav, out, 'audio/wav', 'flac');
      const c1 = await selfCpuMs();
      const [analysis] = await analyseOffThread(settings, [{ text, register: 'spoken', segments }]);
      if (!analysis) throw new Error('the analysis answered nothing');
      const c2 = await selfCpuMs();
      const notes = [
        {
          id: 'note',
          sentences: analysis.sentences.map((s, i) => ({
            id: `s${i}`,
            text: s.text,
            filler: s.filler,
            fillers: s.fillers,
            ...(s.startMs !== null && s.endMs !== null ? { startMs: s.startMs, endMs: s.endMs } : {}),
          })),
        },
      ];
      const ideas = analysis.keyPhrases.map((k) => k.phrase);
      // One after the other, as the drafts' job writes them.
      for (const format of FORMATS)
        await draftOffThread(settings, { notes, format, options: { ideas, bans: [], pins: [] } });
      const c3 = await selfCpuMs();
      await rm(out, { recursive: true, force: true });
      return {
        cpu: c3 - c0,
        wall: performance.now() - started,
        ffmpeg: c1 - c0,
        analysis: c2 - c1,
        drafts: c3 - c2,
      };
    };
    await once();
    const runs: RawFloor[] = [];
    for (let i = 0; i < RAW_RUNS; i++) runs.push(await once());
    const mid = (key: keyof RawFloor) => median(runs.map((r) => r[key]));
    return {
      cpu: mid('cpu'),
      wall: mid('wall'),
      ffmpeg: mid('ffmpeg'),
      analysis: mid('analysis'),
      drafts: mid('drafts'),
    };
  } finally {
    await closeAnalysisPool();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One note alone: the floor of time (median of ALONE_RUNS) and one more counted statement by statement. */
interface Alone {
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

async function measureAlone(
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

/** The floor of USERS notes at once: one alone, and the others' CPU (as alone) on every core. */
const loadFloor = (alone: Alone) => alone.ownMs + ((USERS - 1) * (alone.cpuMs + alone.postgresMs)) / CORES;

/** Statements of the counted note, the client's polls left out (they depend on the polling rate). */
const statementsPerNote = (alone: Alone) =>
  alone.phases.reduce((sum, [, t]) => sum + t.statements, 0) -
  alone.polls.note * alone.pollCost.note -
  alone.polls.draft * alone.pollCost.draft;

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
      web: await processCpuMs(web!.pid),
      worker: await processCpuMs(worker!.pid),
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
      web: await processCpuMs(web.pid),
      worker: await processCpuMs(worker.pid),
      postgres: treeCpuMs(postgres),
      bench: benchCpuMs(),
    };
    const turns = await Promise.all(apis.map((api, i) => finishToDrafts(api, recordings[i]!)));
    const loadStatements = await stats.read();
    const cpu = {
      web: ((await processCpuMs(web.pid)) - cpuBefore.web) / USERS,
      worker: ((await processCpuMs(worker.pid)) - cpuBefore.worker) / USERS,
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
      quiet,
      busy,
      cpu,
      alone,
      statements: loadStatements.statements / USERS,
    };
    log(
      `studio-voice-to-drafts (${storage}): finish to five drafts p50 ${Math.round(figures.p50)} ms, ` +
        `p99 ${Math.round(figures.p99)} ms (note ready p50 ${Math.round(figures.noteP50)}, p99 ${Math.round(figures.noteP99)}); ` +
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
    `studio-voice-to-drafts raw floor of one note (median of ${RAW_RUNS}): CPU ${Math.round(raw.cpu)} ms ` +
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
