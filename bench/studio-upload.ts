/**
 * Studio uploads: a 200 MB audio file sent to the real Echo server through tus
 * (`POST /api/studio/uploads`, then one PATCH with the whole body) against a bare `node:http`
 * server streaming a PUT to disk (bench/studio-upload-raw.ts), turns in ABBA order.
 *
 * Targets: Echo's speed at least half the raw server's; Echo's resident memory grows by less than
 * 50 MB during the upload (the body is streamed to disk, never held in memory).
 *
 * What the growth was: each socket read is a Buffer outside V8's heap, freed only when V8 collects
 * it, and streaming allocates too little JavaScript to make V8 collect, so dead chunks piled up to
 * V8's external-memory limit (about 60 MB; the bare server too). The upload path now collects after
 * every 8 MB (src/server/lib/released-chunks.ts). Echo is also measured with the young generation
 * capped at 2 MB semi-spaces (`--max-semi-space-size=2`), an operator's choice documented in
 * docs/deploy.md: it costs about 15% of GET /api/waitlist/count throughput (`npm run bench -- http`
 * with the same flag).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { log, onInterrupt, type ServerProcess, startServer } from './lib.ts';
import type { BenchResult } from './types.ts';

const SIZE = 200 * 1024 * 1024;
const OWNER = 'uploader@bench.test';
const TOKEN = 'bench-studio-upload-token-0123456789abcdefghij';
const TARGETS = { speed: 0.5, memoryMb: 50 } as const;
/** `echo-small-young`: Echo with V8's young generation capped (the operator's option in docs/deploy.md). */
type Label = 'echo' | 'raw' | 'echo-small-young';
const TURNS: Label[] = ['echo', 'raw', 'echo-small-young', 'echo-small-young', 'raw', 'echo'];
const SMALL_YOUNG_GENERATION = ['--max-semi-space-size=2'];

/** A WAV header announcing SIZE bytes, then pseudo-random samples (accepted as audio by content). */
async function makeFile(file: string) {
  const handle = await open(file, 'w');
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(SIZE - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(SIZE - 44, 40);
  await handle.write(header);
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 2654435761) >>> 24;
  let written = 44;
  while (written < SIZE) {
    const n = Math.min(block.length, SIZE - written);
    await handle.write(block.subarray(0, n));
    written += n;
  }
  await handle.close();
}

const rssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

function send(url: string, method: string, headers: Record<string, string>, file?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', (error) => reject(new Error(`${method} ${url}: ${error.message}`)));
    if (file) createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
    else req.end();
  });
}

/** One upload; returns MB/s and the server's memory growth while it ran. */
async function upload(label: Label, server: ServerProcess, file: string) {
  const before = await rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    rssMb(server.pid).then(
      (mb) => {
        peak = Math.max(peak, mb);
      },
      () => {},
    );
  }, 25);
  const started = performance.now();
  try {
    if (label === 'raw') {
      const res = await send(`${server.url}/upload`, 'PUT', { 'content-length': String(SIZE) }, file);
      if (res.status !== 204) throw new Error(`raw upload answered ${res.status}`);
    } else {
      const cookie = `echo_dashboard=${TOKEN}`;
      const created = await send(`${server.url}/api/studio/uploads`, 'POST', {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${Buffer.from('bench.wav').toString('base64')}`,
      });
      if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
      const res = await send(
        new URL(String(created.headers.location), server.url).toString(),
        'PATCH',
        {
          cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(SIZE),
        },
        file,
      );
      if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}`);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, await rssMb(server.pid));
  return { mbps: SIZE / 1024 / 1024 / seconds, growth: peak - before };
}

export async function run(): Promise<BenchResult[]> {
  const pgDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-studio-upload-pg-'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-studio-upload-'));
  let database: EmbeddedDatabase | undefined;
  const cleanup = async () => {
    await database?.stop().catch(() => {});
    database = undefined;
    await rm(pgDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    database = await startEmbeddedPostgres({ dataDir: pgDir });
    const migrating = createDatabase(database.url, { max: 2 });
    await runMigrations(migrating);
    await migrating.close();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query(
      `insert into user_sessions (token_hash, kind, subject, expires_at) values ($1, 'dashboard', $2, now() + interval '1 day')`,
      [createHash('sha256').update(TOKEN).digest('hex'), OWNER],
    );
    await db.end();
    const file = path.join(dataDir, 'upload.wav');
    await makeFile(file);
    const results: Record<Label, Array<{ mbps: number; growth: number }>> = {
      echo: [],
      raw: [],
      'echo-small-young': [],
    };
    for (const label of TURNS) {
      const serverDir = await mkdtemp(path.join(dataDir, `${label}-`));
      const server = await startServer(
        label === 'raw' ? 'bench/studio-upload-raw.ts' : 'src/server/main.ts',
        { DATABASE_URL: database.url, DATA_DIR: serverDir, STUDIO_QUOTA_MB: '100000' },
        { label, nodeArgs: label === 'echo-small-young' ? SMALL_YOUNG_GENERATION : [] },
      );
      try {
        const result = await upload(label, server, file);
        log(`${label}: ${result.mbps.toFixed(0)} MB/s, memory +${result.growth.toFixed(1)} MB`);
        results[label].push(result);
      } finally {
        await server.stop();
        await rm(serverDir, { recursive: true, force: true });
      }
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const echo = mean(results.echo.map((r) => r.mbps));
    const raw = mean(results.raw.map((r) => r.mbps));
    const growth = Math.max(...results.echo.map((r) => r.growth));
    const smallYoung = Math.max(...results['echo-small-young'].map((r) => r.growth));
    return [
      {
        name: '200 MB upload (tus) speed vs raw node:http to disk',
        value: echo,
        unit: 'MB/s',
        baseline: raw,
        ratio: echo / raw,
        target: `ratio >= ${TARGETS.speed}`,
        met: echo / raw >= TARGETS.speed,
      },
      {
        name: '200 MB upload: Echo server memory growth',
        value: growth,
        unit: 'MB',
        baseline: Math.max(...results.raw.map((r) => r.growth)),
        target: `< ${TARGETS.memoryMb} MB`,
        met: growth < TARGETS.memoryMb,
      },
      {
        name: `200 MB upload: memory growth, Echo with ${SMALL_YOUNG_GENERATION.join(' ')}`,
        value: smallYoung,
        unit: 'MB',
        baseline: Math.max(...results.raw.map((r) => r.growth)),
        target: `< ${TARGETS.memoryMb} MB`,
        met: smallYoung < TARGETS.memoryMb,
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
