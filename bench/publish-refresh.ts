/**
 * Background token renewal of publishing (decision 019): BENCH_REFRESH_ACCOUNTS (default
 * 200) X accounts whose access ends within the hour, renewed by two workers' passes running at once
 * against a local fake X (single-use refresh tokens: renewing one twice would be refused and the
 * account wrongly marked 'reconnect'). Reports the time per account of the two-worker pass against
 * a baseline measured in the same run (one account renewed alone), and the renewals done twice
 * and accounts wrongly marked (target 0 each).
 */
import { createHash, randomBytes } from 'node:crypto';
import { xApp } from '../src/server/features/publishing/platforms.ts';
import { refreshExpiringTokens } from '../src/server/features/publishing/refresh.service.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { finishX, xAuthorizeUrl } from '../src/server/providers/social/x.ts';
import { startFakeX } from '../tests/support/fake-social.ts';
import { log } from './lib.ts';
import { withPublishingBench } from './publishing-lib.ts';
import type { BenchResult } from './types.ts';

const ACCOUNTS = Number(process.env.BENCH_REFRESH_ACCOUNTS ?? 200);

export async function run(): Promise<BenchResult[]> {
  const x = await startFakeX();
  const env = {
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_API_URL: x.origin,
    X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
  };
  // The queue only takes e-mails (none are expected); no handlers run here.
  return withPublishingBench(
    'publish-refresh',
    { env, work: false, closeFake: () => x.close() },
    async (bench) => {
      const { config, database, queue, box } = bench;
      const deps = { config, database, log: createLogger('silent') };
      const app = xApp(config)!;

      log(`publish-refresh: connecting ${ACCOUNTS + 1} X accounts through the fake's OAuth`);
      const ids: string[] = [];
      for (let i = 0; i <= ACCOUNTS; i++) {
        const verifier = randomBytes(32).toString('base64url');
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const approved = await fetch(xAuthorizeUrl(app, `s${i}`, challenge), { redirect: 'manual' });
        const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
        const connected = await finishX(app, code, verifier, 10_000);
        const { rows } = await database.pool.query<{ id: string }>(
          `insert into publish_accounts (owner_email, platform, remote_id, handle, instance_url, credentials,
           token_expires_at, char_limit, updated_at)
         values ($1, 'x', $2, $3, $4, $5, now() + interval '1 hour', 280, now() - interval '1 day') returning id`,
          [
            `owner-${i}@example.com`,
            `${connected.remoteId}-${i}`,
            connected.handle,
            x.origin,
            box.seal(JSON.stringify(connected.credentials)),
          ],
        );
        ids.push(rows[0]!.id);
      }
      // Baseline: one account due alone, one pass.
      await database.pool.query(
        "update publish_accounts set token_expires_at = now() + interval '30 days' where id <> $1",
        [ids[0]],
      );
      let started = performance.now();
      const alone = await refreshExpiringTokens(deps, queue);
      const aloneMs = performance.now() - started;
      if (alone.refreshed !== 1)
        throw new Error(`the lone account was not renewed: ${JSON.stringify(alone)}`);

      await database.pool.query(
        "update publish_accounts set token_expires_at = now() + interval '1 hour' where id <> $1",
        [ids[0]],
      );
      const before = x.refreshes;
      log(`publish-refresh: ${ACCOUNTS} accounts due, two workers' passes at once`);
      started = performance.now();
      const [a, b] = await Promise.all([
        refreshExpiringTokens(deps, queue),
        refreshExpiringTokens(deps, queue),
      ]);
      const bothMs = performance.now() - started;
      const renewed = a.refreshed + b.refreshed;
      const calls = x.refreshes - before;
      const { rows } = await database.pool.query<{ n: number }>(
        "select count(*)::int as n from publish_accounts where status <> 'connected'",
      );
      const wronglyMarked = rows[0]!.n;
      const twice = calls - renewed;
      const perAccount = bothMs / ACCOUNTS;
      log(
        `publish-refresh: ${renewed} renewed (${a.refreshed} + ${b.refreshed}) in ${Math.round(bothMs)} ms, ${calls} token calls, ${wronglyMarked} marked; alone ${Math.round(aloneMs)} ms`,
      );
      return [
        {
          name: `publish-refresh: ${ACCOUNTS} X accounts due, two workers at once, time per account`,
          value: Math.round(perAccount * 10) / 10,
          unit: 'ms',
          baseline: Math.round(aloneMs * 10) / 10,
          ratio: perAccount / Math.max(1, aloneMs),
          target: 'info',
          met: null,
        },
        {
          name: `publish-refresh: accounts renewed of ${ACCOUNTS}`,
          value: renewed,
          unit: 'count',
          target: String(ACCOUNTS),
          met: renewed === ACCOUNTS,
        },
        {
          name: 'publish-refresh: renewals done twice',
          value: twice,
          unit: 'count',
          target: '0',
          met: twice === 0,
        },
        {
          name: "publish-refresh: accounts wrongly marked 'reconnect'",
          value: wronglyMarked,
          unit: 'count',
          target: '0',
          met: wronglyMarked === 0,
        },
      ];
    },
  );
}
