/**
 * Scheduling precision of publishing (issue 25): 1,000 posts due in the same minute across 200
 * Bluesky accounts, through the real path (publish_posts rows -> one `publishing.post` job each,
 * scheduled with startAfter -> claim -> the AT Protocol's createRecord on a local fake PDS).
 * Reports the delay from each post's slot to the fake receiving it (p50, p99) and posts received
 * twice (target 0). Baseline, in the same run: the delay of one post due alone on an idle queue.
 *
 * Environment: BENCH_PUBLISH_POSTS (default 1000), BENCH_PUBLISH_ACCOUNTS (default 200).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { publishPostJob } from '../src/server/features/publishing/index.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { parseKey, SecretBox } from '../src/server/lib/secret-box.ts';
import { connectBluesky } from '../src/server/providers/social/bluesky.ts';
import { ALL_JOBS, registerJobHandlers } from '../src/server/worker.ts';
import { startFakeBluesky } from '../tests/support/fake-social.ts';
import { log, onInterrupt, sleep } from './lib.ts';
import type { BenchResult } from './types.ts';

const POSTS = Number(process.env.BENCH_PUBLISH_POSTS ?? 1000);
const ACCOUNTS = Number(process.env.BENCH_PUBLISH_ACCOUNTS ?? 200);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-publish-'));
  const bsky = await startFakeBluesky();
  let pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let database: ReturnType<typeof createDatabase> | undefined;
  let queue: JobQueue | undefined;
  const cleanup = async () => {
    await queue?.stop().catch(() => {});
    await database?.close().catch(() => {});
    await pgServer?.stop().catch(() => {});
    await bsky.close().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    log('publish-schedule: starting embedded PostgreSQL');
    pgServer = await startEmbeddedPostgres({ dataDir });
    const key = randomBytes(32).toString('hex');
    const config = loadConfig({
      DATABASE_URL: pgServer.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLISH_TOKEN_KEY: key,
      PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
      BLUESKY_SERVICE_URL: bsky.origin,
    });
    database = createDatabase(pgServer.url, { max: config.dbPoolSize });
    await runMigrations(database);
    queue = new JobQueue(ALL_JOBS, { connectionString: pgServer.url, work: true });
    registerJobHandlers(queue, { database, mailer: null, sms: null, config, log: createLogger('silent') });
    await queue.start();

    log(`publish-schedule: connecting ${ACCOUNTS} Bluesky accounts`);
    const box = new SecretBox(parseKey(key));
    const accountIds: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const handle = `bench-${i}.test`;
      bsky.addAccount(handle, 'bench-pass');
      const connected = await connectBluesky(bsky.origin, handle, 'bench-pass', 10_000);
      const { rows } = await database.pool.query<{ id: string }>(
        `insert into publish_accounts (owner_email, platform, remote_id, handle, instance_url, credentials, char_limit)
         values ($1, 'bluesky', $2, $3, $4, $5, 300) returning id`,
        [
          `owner-${i}@example.com`,
          connected.remoteId,
          `@${handle}`,
          bsky.origin,
          box.seal(JSON.stringify(connected.credentials)),
        ],
      );
      accountIds.push(rows[0]!.id);
    }

    const schedule = async (texts: string[], at: Date) => {
      await database!.transaction(async (tx) => {
        const { rows } = await tx.executeSql(
          `insert into publish_posts (owner_email, account_id, platform, parts, scheduled_at, placement)
           select 'owner@example.com', a, 'bluesky', jsonb_build_array(t), $3, 'slot'
           from unnest($1::uuid[], $2::text[]) as x(a, t) returning id, run`,
          [texts.map((_, i) => accountIds[i % accountIds.length]), texts, at],
        );
        await queue!.enqueueMany(
          tx,
          publishPostJob,
          (rows as { id: string; run: number }[]).map((row) => ({
            data: { postId: row.id, run: row.run },
            startAfter: at,
          })),
        );
      });
    };
    const delaysOf = (texts: Set<string>, at: Date) =>
      bsky.received
        .filter((r) => texts.has(r.text))
        .map((r) => r.at - at.getTime())
        .sort((a, b) => a - b);

    // Baseline: one post due alone on the idle queue.
    const aloneAt = new Date(Date.now() + 3000);
    await schedule(['alone'], aloneAt);
    const aloneDeadline = Date.now() + 60_000;
    while (!bsky.received.some((r) => r.text === 'alone')) {
      if (Date.now() > aloneDeadline) throw new Error('the lone post did not arrive');
      await sleep(20);
    }
    const aloneDelay = delaysOf(new Set(['alone']), aloneAt)[0]!;

    // The burst: every post due at the same instant (a shared slot), scheduled well before it.
    const dueAt = new Date(Date.now() + 15_000);
    const texts = Array.from({ length: POSTS }, (_, i) => `Slot post ${i}`);
    log(`publish-schedule: ${POSTS} posts due at ${dueAt.toISOString()} across ${ACCOUNTS} accounts`);
    await schedule(texts, dueAt);
    const wanted = new Set(texts);
    const deadline = dueAt.getTime() + 5 * 60_000;
    while (bsky.received.filter((r) => wanted.has(r.text)).length < POSTS) {
      if (Date.now() > deadline)
        throw new Error(`only ${bsky.received.filter((r) => wanted.has(r.text)).length} of ${POSTS} arrived`);
      await sleep(50);
    }
    await sleep(3000); // anything sent twice would arrive now
    const delays = delaysOf(wanted, dueAt);
    const received = bsky.received.filter((r) => wanted.has(r.text)).map((r) => r.text);
    const twice = received.length - new Set(received).size;
    const early = delays.filter((d) => d < 0).length;
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from publish_posts where status = 'published'`,
    );
    log(
      `publish-schedule: ${rows[0]!.n} published; p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, alone ${aloneDelay} ms`,
    );
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    return [
      {
        name: `publish: ${POSTS} posts due in one minute, slot -> platform p50`,
        value: p50,
        unit: 'ms',
        baseline: aloneDelay,
        ratio: p50 / Math.max(1, aloneDelay),
        target: 'info',
        met: null,
      },
      {
        name: `publish: ${POSTS} posts due in one minute, slot -> platform p99`,
        value: p99,
        unit: 'ms',
        baseline: aloneDelay,
        ratio: p99 / Math.max(1, aloneDelay),
        target: 'p99 <= 60,000 ms (within the minute)',
        met: p99 <= 60_000,
      },
      {
        name: 'publish: posts sent before their slot',
        value: early,
        unit: 'count',
        target: '0',
        met: early === 0,
      },
      { name: 'publish: posts sent twice', value: twice, unit: 'count', target: '0', met: twice === 0 },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
