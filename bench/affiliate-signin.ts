/**
 * Affiliate sign-in does the same work for known and unknown addresses: the
 * median time of each step — asking for a code, and checking a wrong one — for an approved
 * affiliate's address vs an address no account uses, taking turns, through the real app
 * (`inject`, each request from its own client IP so no per-client limit interferes).
 * Target: the medians within 20% of each other.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { type Runtime, startRuntime } from '../src/server/runtime.ts';
import { log, median, onInterrupt } from './lib.ts';
import type { BenchResult } from './types.ts';

const ROUNDS = 150;
const TOLERANCE = 0.2;

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-signin-'));
  let database: EmbeddedDatabase | undefined;
  let runtime: Runtime | undefined;
  const cleanup = async () => {
    await runtime?.stop();
    await database?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    database = await startEmbeddedPostgres({ dataDir });
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bench-admin-password',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(import.meta.dirname, '..', 'dist', 'web'),
    });
    runtime = await startRuntime(config, createLogger('silent'));
    const app = runtime.app!;
    await runtime.ctx.database.db.execute(sql`insert into affiliates (display_name, email, promotion_strategy, status, referral_code)
      select 'Affiliate ' || i, 'known-' || i || '@example.com', 'Weekly newsletter and video reviews for creators',
        'approved', 'KNOWN' || i
      from generate_series(1, ${ROUNDS}) as i`);

    let client = 0;
    const timed = async (payload: Record<string, string>) => {
      client++;
      const started = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.statusCode >= 500) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
      return { ms, status: res.statusCode, body: res.body };
    };

    log(`affiliate sign-in: ${ROUNDS} known and ${ROUNDS} unknown addresses, taking turns`);
    const request = { known: [] as number[], unknown: [] as number[] };
    const check = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let i = 1; i <= ROUNDS; i++) {
      // Alternate which goes first, so neither always meets a warmer cache.
      const order: ('known' | 'unknown')[] = i % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
      for (const who of order) {
        const email = `${who}-${i}@example.com`;
        const asked = await timed({ email });
        request[who].push(asked.ms);
        const wrong = await timed({ email, code: '000000' });
        check[who].push(wrong.ms);
        answers.add(`${asked.status} ${asked.body} | ${wrong.status} ${wrong.body}`);
      }
    }
    if (answers.size !== 1)
      throw new Error(`known and unknown addresses got different answers: ${[...answers].join(' / ')}`);

    const row = (step: string, times: { known: number[]; unknown: number[] }): BenchResult => {
      const known = median(times.known);
      const unknown = median(times.unknown);
      const ratio = unknown / known;
      return {
        name: `POST /api/auth/login ${step}: unknown vs known address, p50`,
        value: unknown,
        unit: 'ms',
        baseline: known,
        ratio,
        target: `ratio within ${1 - TOLERANCE}..${1 + TOLERANCE}`,
        met: Math.abs(1 - ratio) <= TOLERANCE,
      };
    };
    return [row('(ask for a code)', request), row('(wrong code)', check)];
  } finally {
    unregister();
    await cleanup();
  }
}
