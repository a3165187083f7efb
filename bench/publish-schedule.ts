import { publishPostJob } from '../src/server/features/publishing/index.ts';
import { connectBluesky } from '../src/server/providers/social/bluesky.ts';
import { startFakeBluesky } from '../tests/support/fake-social.ts';
import { log, percentile, sleep } from './lib.ts';
import { withPublishingBench } from './publishing-lib.ts';
import type { BenchResult } from './types.ts';

const POSTS = Number(process.env.BENCH_PUBLISH_POSTS ?? 1000);
const ACCOUNTS = Number(process.env.BENCH_PUBLISH_ACCOUNTS ?? 200);

export async function run(): Promise<BenchResult[]> {
  const bsky = await startFakeBluesky();
  const env = { PUBLISH_ALLOW_PRIVATE_HOSTS: 'true', BLUESKY_SERVICE_URL: bsky.origin };
  return withPublishingBench(
    'publish-schedule',
    { env, work: true, closeFake: () => bsky.close() },
    async (bench) => {
      const { database, queue, box } = bench;
      log(`publish-schedule: connecting ${ACCOUNTS} Bluesky accounts`);
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
        await database.transaction(async (tx) => {
          const { rows } = await tx.executeSql(
            // Each post is its account's owner's: 200 creators with a few posts each, as the day's
            // cap per person (PUBLISH_DAILY_POSTS_MAX) expects, not one person with a thousand.
            `insert into publish_posts (owner_email, account_id, platform, parts, scheduled_at, placement)
           select acc.owner_email, a, 'bluesky', jsonb_build_array(t), $3, 'slot'
           from unnest($1::uuid[], $2::text[]) as x(a, t) join publish_accounts acc on acc.id = x.a
           returning id, run`,
            [texts.map((_, i) => accountIds[i % accountIds.length]), texts, at],
          );
          await queue.enqueueMany(
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
          throw new Error(
            `only ${bsky.received.filter((r) => wanted.has(r.text)).length} of ${POSTS} arrived`,
          );
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
    },
  );
}
