/**
 * Trends: (1) GET /api/trends?limit=12 p50 latency with 100,000 trends against the same with
 * 1,000, on the real Echo server (child process), one database each on one embedded PostgreSQL;
 * the servers take turns in ABBA order (small, large, large, small) to cancel background drift.
 * Target: p50(100k) / p50(1k) <= 1.5, i.e. a page costs the same however many trends exist
 * (keyset paging and a kept total, no count(*) and no offset). A deep page (cursor ~90% down) is
 * reported too. (2) Template analyses per second on one core (the offline engine, in-process).
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { analyseWithTemplate, normalizeYtDlp } from '../src/server/features/trends/index.ts';
import { log, onInterrupt, percentile, ROOT_DIR, startServer } from './lib.ts';
import type { BenchResult } from './types.ts';

const SIZES = { small: 1_000, large: 100_000 } as const;
type Size = keyof typeof SIZES;
const TURNS: Size[] = ['small', 'large', 'large', 'small'];
const WORKERS = 4;
const WARMUP_MS = 1500;
const MEASURE_MS = 5000;
const TARGET_RATIO = 1.5;
const TEMPLATE_SECONDS = 3;

async function seed(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const skeleton =
      'Format: POV\n1. Hook (0:00-0:04): On-screen text sets the scene.\n2. Setup (0:04-0:12): Act it out.\n3. Payoff (0:12-0:20): The reaction.\n4. Call to action (0:20-0:24): Ask viewers to tag someone.';
    const ideas = JSON.stringify(
      Array.from(
        { length: 6 },
        (_, i) => `Twist idea number ${i + 1} that keeps the format and changes the angle`,
      ),
    );
    const data = JSON.stringify({
      sound_name: 'original sound',
      audio_name: 'original sound - creator',
      use_audio_url: 'https://sf16-ies-music-va.tiktokcdn.com/obj/a.mp3',
      original_video_url: 'https://www.tiktok.com/@creator/video/1',
      author_name: 'Creator',
      author_username: 'creator',
      author_verified: true,
      comment_count: 4521,
    });
    const metrics = JSON.stringify({
      view_count: 2345678,
      like_count: 312456,
      share_count: 8123,
      comment_count: 4521,
      usage_count: null,
      engagement_rate: 0.1386,
    });
    await client.query(
      `insert into trends (source, platform, status, skeleton, twist_ideas, trending_data, metrics, format, engine, created_at)
       select 'https://www.tiktok.com/@bench/video/' || g, 'tiktok', 'processed', $2, $3::jsonb, $4::jsonb, $5::jsonb,
              'POV', 'template', now() - make_interval(secs => $1::int - g)
       from generate_series(1, $1::int) g`,
      [count, skeleton, ideas, data, metrics],
    );
    await client.query(
      'insert into trend_totals (id, count) values (1, $1) on conflict (id) do update set count = $1',
      [count],
    );
    await client.query('vacuum analyze trends');
  } finally {
    await client.end();
  }
}

/** WORKERS clients requesting back to back; every latency kept (microsecond resolution). */
async function load(url: string, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await fetch(url);
        const body = (await res.json()) as { trends?: unknown[] };
        if (res.status !== 200 || body.trends?.length !== 12)
          throw new Error(`unexpected answer ${res.status} from ${url}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function templateRate(): number {
  const fixtures = [
    'tiktok-2025.json',
    'tiktok-2022.json',
    'youtube-shorts-2025.json',
    'instagram-reel-2024.json',
  ];
  const platforms = ['tiktok', 'tiktok', 'youtube', 'instagram'] as const;
  const inputs = fixtures.map((name, i) => {
    const json = JSON.parse(readFileSync(path.join(ROOT_DIR, 'tests/fixtures/yt-dlp', name), 'utf8'));
    return normalizeYtDlp(json, platforms[i]!, 'https://www.tiktok.com/@x/video/1').input;
  });
  for (let i = 0; i < 2000; i++) analyseWithTemplate(inputs[i % inputs.length]!);
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < TEMPLATE_SECONDS * 1000) {
    for (let i = 0; i < 100; i++) analyseWithTemplate(inputs[(done + i) % inputs.length]!);
    done += 100;
  }
  return done / ((performance.now() - started) / 1000);
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-trends-'));
  let database: EmbeddedDatabase | undefined;
  const cleanup = async () => {
    await database?.stop().catch((error) => log(`stopping PostgreSQL failed: ${error}`));
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  const removeOnExit = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  try {
    log('trends: template engine on one core');
    const rate = templateRate();
    log(`trends: ${rate.toFixed(0)} template analyses/s`);

    database = await startEmbeddedPostgres({ dataDir });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const urls = {} as Record<Size, string>;
    for (const size of Object.keys(SIZES) as Size[]) {
      await admin.query(`create database trends_${size}`);
      urls[size] = database.urlFor(`trends_${size}`);
      const migrating = createDatabase(urls[size], { max: 2, applicationName: 'echo-bench' });
      await runMigrations(migrating).finally(() => migrating.close());
      log(`trends: seeding ${SIZES[size].toLocaleString('en-US')} trends`);
      await seed(urls[size], SIZES[size]);
    }
    await admin.end();

    const first: Record<Size, number[]> = { small: [], large: [] };
    const deep: Record<Size, number[]> = { small: [], large: [] };
    for (const [index, size] of TURNS.entries()) {
      const server = await startServer(
        'src/server/main.ts',
        { DATABASE_URL: urls[size], DATA_DIR: dataDir },
        { label: 'Echo' },
      );
      try {
        // A cursor about 90% down the list, taken from the database itself.
        const client = new pg.Client({ connectionString: urls[size] });
        await client.connect();
        const { rows } = await client.query<{ created_at: Date; id: string }>(
          'select created_at, id from trends order by created_at desc, id desc offset $1 limit 1',
          [Math.floor(SIZES[size] * 0.9)],
        );
        await client.end();
        const cursor = Buffer.from(`${rows[0]!.created_at.toISOString()}|${rows[0]!.id}`).toString(
          'base64url',
        );
        const firstUrl = `${server.url}/api/trends?limit=12`;
        const deepUrl = `${server.url}/api/trends?limit=12&cursor=${cursor}`;
        await load(firstUrl, WARMUP_MS);
        await load(deepUrl, WARMUP_MS);
        const a = await load(firstUrl, MEASURE_MS);
        const b = await load(deepUrl, MEASURE_MS);
        first[size].push(...a);
        deep[size].push(...b);
        log(
          `trends #${index + 1} ${size}: first page p50 ${percentile(a, 50).toFixed(2)} ms (${a.length} req), deep page p50 ${percentile(b, 50).toFixed(2)} ms`,
        );
      } finally {
        await server.stop();
      }
    }

    const p50 = (values: number[]) => percentile(values, 50);
    const ratio = p50(first.large) / p50(first.small);
    const deepRatio = p50(deep.large) / p50(deep.small);
    return [
      {
        name: 'GET /api/trends?limit=12 p50, 100k vs 1k trends',
        value: p50(first.large),
        unit: 'ms',
        baseline: p50(first.small),
        ratio,
        target: `ratio <= ${TARGET_RATIO}`,
        met: ratio <= TARGET_RATIO,
      },
      {
        name: 'GET /api/trends deep cursor p50, 100k vs 1k',
        value: p50(deep.large),
        unit: 'ms',
        baseline: p50(deep.small),
        ratio: deepRatio,
        target: `ratio <= ${TARGET_RATIO}`,
        met: deepRatio <= TARGET_RATIO,
      },
      {
        name: 'Template analyses per second (one core)',
        value: Math.round(rate),
        unit: 'count',
        target: 'info',
        met: null,
      },
    ];
  } finally {
    unregister();
    await cleanup();
    process.off('exit', removeOnExit);
  }
}
