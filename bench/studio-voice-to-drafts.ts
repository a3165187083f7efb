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
 * Targets (the issue's, for this 2-core machine): Echo's own share p99 < 3 s; the event loop's lag
 * p99 < 50 ms. The figures carry POLL_MS of resolution (on average POLL_MS / 2 per wait, two waits).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { DraftFormat } from '../src/contract/studio-drafts.ts';
import { TRANSCRIPT } from '../src/server/features/studio/engine/__fixtures__/transcript.ts';
import { FakeOpenAi } from '../tests/support/fake-openai.ts';
import { FakeS3 } from '../tests/support/fake-s3.ts';
import { speak } from '../tests/support/speech.ts';
import {
  type EchoBench,
  type Lag,
  log,
  percentile,
  ROOT_DIR,
  readLag,
  type ServerProcess,
  sleep,
  withEchoDatabase,
} from './lib.ts';
import { parentPid, treeCpuMs } from './proc.ts';
import type { BenchResult } from './types.ts';

const exec = promisify(execFile);
const USERS = 20;
const RECORDING_MS = 120_000;
const CHUNK_MS = 10_000;
const STT_DELAY_MS = 2_000;
const POLL_MS = 100;
const QUIET_MS = 3_000;
const FORMATS: DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel', 'clips'];
const TARGETS = { echoP99Ms: 3_000, lagP99Ms: 50 } as const;
const CACHE_DIR = path.join(ROOT_DIR, '.tmp', 'bench-cache');

const users = Array.from({ length: USERS }, (_, i) => ({
  owner: `voice${i}@bench.test`,
  token: `bench-voice-to-drafts-token-${String(i).padStart(2, '0')}-0123456789abcdef`,
}));

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

/** From "finish" to five ready drafts, as the Studio page sees it: ms, and the note's id. */
async function finishToDrafts(api: Api, recording: { id: string; chunks: number }) {
  const started = performance.now();
  const note = await api<{ id: string }>('POST', `/api/studio/recordings/${recording.id}/finish`, {
    chunk_count: recording.chunks,
    duration_ms: RECORDING_MS,
  });
  const finishedMs = performance.now() - started;
  for (;;) {
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
  const { drafts } = await api<{ drafts: Array<{ id: string }> }>('POST', '/api/studio/drafts', {
    note_ids: [note.id],
    formats: FORMATS,
    engine: 'extractive',
  });
  // As the page does (useDraftsOfNote): one request for the note's drafts per look, not one per draft.
  const waiting = new Set(drafts.map((d) => d.id));
  while (waiting.size > 0) {
    await sleep(POLL_MS);
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
  return {
    ms: performance.now() - started,
    finishedMs,
    noteReadyMs: noteReady,
    noteId: note.id,
    startedAt,
    draftIds: drafts.map((d) => d.id),
  };
}

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
  // BENCH_CPU_PROF=<dir>: the worker writes a V8 CPU profile there (where its event loop's time goes).
  const workerArgs = process.env.BENCH_CPU_PROF
    ? [...nodeArgs, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : nodeArgs;
  let web: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  try {
    web = await bench.startEcho(env('web'), { label: `echo web (${storage})`, nodeArgs });
    const logged = new Map<string, NoteTimings>();
    worker = await bench.startEcho(
      { ...env('worker'), LOG_LEVEL: 'info' },
      {
        label: `echo worker (${storage})`,
        nodeArgs: workerArgs,
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
    const apis = users.map((u) => client(web!.url, u.token, agent));
    const recordings = await Promise.all(apis.map((api) => upload(api, audio)));
    const lags = async (last?: { web: Lag; worker: Lag }) => ({
      web: await readLag(web!, lagFile.web, last?.web.seq ?? 0),
      worker: await readLag(worker!, lagFile.worker, last?.worker.seq ?? 0),
    });
    const before = await lags();
    await sleep(QUIET_MS);
    const quiet = await lags(before);
    // PostgreSQL's server and its backends (the pools' connections live through the run).
    const postgres = await postgresPid(bench.databaseUrl);
    const cpuBefore = {
      web: await processCpuMs(web.pid),
      worker: await processCpuMs(worker.pid),
      postgres: treeCpuMs(postgres),
      bench: benchCpuMs(),
    };
    const turns = await Promise.all(apis.map((api, i) => finishToDrafts(api, recordings[i]!)));
    const cpu = {
      web: ((await processCpuMs(web.pid)) - cpuBefore.web) / USERS,
      worker: ((await processCpuMs(worker.pid)) - cpuBefore.worker) / USERS,
      postgres: (treeCpuMs(postgres) - cpuBefore.postgres) / USERS,
      bench: (benchCpuMs() - cpuBefore.bench) / USERS,
    };
    const busy = await lags(quiet);
    const requests = stt.transcriptions.length;
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
    await worker?.stop();
    await web?.stop();
    await stt.stop().catch(() => {});
  }
}

export async function run(): Promise<BenchResult[]> {
  const audio = await recording();
  return withEchoDatabase('voice-to-drafts', users, async (bench) => {
    const results: BenchResult[] = [];
    const s3 = await new FakeS3().start();
    try {
      for (const storage of ['local disk', 'S3'] as const) {
        const f = await turn(bench, audio, storage, storage === 'S3' ? s3 : undefined);
        const what = `studio voice to drafts, ${USERS} users, 2-min recordings, ${storage}`;
        results.push(
          {
            name: `${what}: finish to five drafts p50 (STT fake ${STT_DELAY_MS / 1000} s)`,
            value: Math.round(f.p50),
            unit: 'ms',
            target: 'info (depends on the load)',
            met: null,
          },
          {
            name: `${what}: finish to five drafts p99 (STT fake ${STT_DELAY_MS / 1000} s)`,
            value: Math.round(f.p99),
            unit: 'ms',
            target: 'info (depends on the load)',
            met: null,
          },
          {
            name: `${what}: Echo's own share p50 (total less the fake's delay)`,
            value: Math.round(f.ownP50),
            unit: 'ms',
            target: 'info',
            met: null,
          },
          {
            name: `${what}: Echo's own share p99 (total less the fake's delay)`,
            value: Math.round(f.ownP99),
            unit: 'ms',
            ratio: f.ownP99 / TARGETS.echoP99Ms,
            target: `< ${TARGETS.echoP99Ms} ms`,
            met: f.ownP99 < TARGETS.echoP99Ms,
          },
          {
            name: `${what}: CPU per note, web + worker with its ffmpeg (info: steadier than wall time on a shared machine)`,
            value: Math.round(f.cpu.web + f.cpu.worker),
            unit: 'ms',
            target: 'info',
            met: null,
          },
          {
            name: `${what}: web process event-loop lag p99 (baseline: quiet)`,
            value: f.busy.web.p99,
            unit: 'ms',
            baseline: f.quiet.web.p99,
            ratio: f.busy.web.p99 / TARGETS.lagP99Ms,
            target: `< ${TARGETS.lagP99Ms} ms`,
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
  });
}
