/**
 * Affiliate benchmarks, in one process against one embedded PostgreSQL:
 *  1. Click recording: `GET /?ref=CODE` (page + click query + cookie) vs a plain `GET /` in the
 *     same run, taking turns in ABBA order to cancel drift in background load.
 *  2. The admin affiliate list with 10,000 affiliates: `GET /api/admin/affiliates` (HTTP, auth,
 *     SQL, response validation, JSON) vs the same SQL plus JSON.stringify straight on `pg`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { listAffiliates } from '../src/server/features/affiliates/index.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { type Runtime, startRuntime } from '../src/server/runtime.ts';
import { log, median, onInterrupt } from './lib.ts';
import type { BenchResult } from './types.ts';

const PASSWORD = 'bench-admin-password';
const TURN_SECONDS = 4;
const CONNECTIONS = 20;
const AFFILIATES = 10_000;
const LIST_SAMPLES = 20;
const TARGETS = { clickRatio: 0.4, freshRatio: 0.1, listRatio: 3, listP50Ms: 500 } as const;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let visitor = 0;
/** Load on one path; `newVisitors` gives every request its own user agent (every visit counted). */
async function load(
  url: string,
  pathName: string,
  newVisitors = false,
): Promise<{ rps: number; p50: number; errors: number; total: number }> {
  const result = await autocannon({
    url: `${url}${pathName}`,
    connections: CONNECTIONS,
    duration: TURN_SECONDS,
    headers: { 'user-agent': UA },
    requests: newVisitors
      ? [{ setupRequest: (request) => ({ ...request, headers: { 'user-agent': `${UA} v${++visitor}` } }) }]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    errors: result.non2xx + result.errors,
    total: result.requests.total,
  };
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-aff-'));
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
      ADMIN_PASSWORD: PASSWORD,
      DB_POOL_SIZE: '10',
      WEB_DIST_DIR: path.join(import.meta.dirname, '..', 'dist', 'web'),
    });
    runtime = await startRuntime(config, createLogger('silent'));
    const url = runtime.url!.replace('0.0.0.0', '127.0.0.1');
    const db = runtime.ctx.database.db;

    log(`affiliates: seeding ${AFFILIATES.toLocaleString('en-US')} affiliates`);
    await db.execute(sql`insert into affiliates (display_name, email, company_name, website, promotion_strategy, status, referral_code)
      select 'Affiliate ' || i, 'affiliate-' || i || '@example.com', 'Company ' || (i % 500), 'https://example.com/' || i,
        'Weekly newsletter and video reviews for creators, number ' || i,
        (array['pending', 'approved', 'rejected'])[1 + i % 3],
        case when i % 3 = 1 then 'CODE' || i end
      from generate_series(1, ${AFFILIATES}) as i`);
    const code = 'CODE1';

    // 1. Click recording vs a plain page load: ABCCBA turns (repeat visitor, new visitors, plain).
    log('affiliates: click recording vs plain page load');
    type Label = 'repeat' | 'fresh' | 'plain';
    const turns: [Label, string, boolean][] = [
      ['repeat', `/?ref=${code}`, false],
      ['fresh', `/?ref=${code}`, true],
      ['plain', '/', false],
      ['plain', '/', false],
      ['fresh', `/?ref=${code}`, true],
      ['repeat', `/?ref=${code}`, false],
    ];
    type Load = { rps: number; p50: number; errors: number; total: number };
    const figures: Record<Label, Load[]> = { repeat: [], fresh: [], plain: [] };
    for (const [label, pathName, fresh] of turns) figures[label].push(await load(url, pathName, fresh));
    const avg = (list: { rps: number }[]) => list.reduce((s, r) => s + r.rps, 0) / list.length;
    const all = [...figures.repeat, ...figures.fresh, ...figures.plain];
    const errors = all.reduce((s, r) => s + r.errors, 0);
    if (errors > 0) throw new Error(`click benchmark saw ${errors} errors`);
    const freshTotal = figures.fresh.reduce((s, r) => s + r.total, 0);
    const [{ clicks }] = (await db.execute(sql`select count(*)::int as clicks from affiliate_clicks`))
      .rows as [{ clicks: number }];
    // One click for the repeat visitor, one per new visitor (autocannon may count a request or two
    // cut off at the end of a turn).
    if (Math.abs(clicks - (1 + freshTotal)) > CONNECTIONS * 2)
      throw new Error(`expected ${1 + freshTotal} clicks, found ${clicks}`);
    const plainRps = avg(figures.plain);

    // 2. Admin list of 10,000 affiliates.
    log('affiliates: admin list of 10,000');
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const httpTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < LIST_SAMPLES + 2; i++) {
      let started = performance.now();
      const res = await fetch(`${url}/api/admin/affiliates`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as unknown[];
      if (res.status !== 200 || body.length !== AFFILIATES)
        throw new Error(`admin list answered ${res.status}`);
      if (i >= 2) httpTimes.push(performance.now() - started);
      started = performance.now();
      JSON.stringify(await listAffiliates(db));
      if (i >= 2) rawTimes.push(performance.now() - started);
    }
    const httpP50 = median(httpTimes);
    const rawP50 = median(rawTimes);

    const row = (label: Label, title: string, target: number | null): BenchResult => {
      const rps = avg(figures[label]);
      return {
        name: `${title} req/s vs plain GET /`,
        value: rps,
        unit: 'req/s',
        baseline: plainRps,
        ratio: rps / plainRps,
        target: target === null ? 'info' : `ratio >= ${target.toFixed(2)}`,
        met: target === null ? null : rps / plainRps >= target,
      };
    };
    return [
      row('repeat', 'GET /?ref=CODE, repeat visitor (deduplicated)', TARGETS.clickRatio),
      row('fresh', 'GET /?ref=CODE, new visitors (click written)', TARGETS.freshRatio),
      {
        name: 'GET /?ref=CODE p50 (repeat / new visitors) vs plain GET /',
        value: median(figures.repeat.map((r) => r.p50)),
        unit: 'ms',
        baseline: median(figures.plain.map((r) => r.p50)),
        target: `info; new visitors p50 ${median(figures.fresh.map((r) => r.p50))} ms`,
        met: null,
      },
      {
        name: `GET /api/admin/affiliates (${AFFILIATES.toLocaleString('en-US')}) p50 vs SQL + JSON on pg`,
        value: httpP50,
        unit: 'ms',
        baseline: rawP50,
        ratio: httpP50 / rawP50,
        target: `ratio <= ${TARGETS.listRatio} and <= ${TARGETS.listP50Ms} ms`,
        met: httpP50 / rawP50 <= TARGETS.listRatio && httpP50 <= TARGETS.listP50Ms,
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
