/**
 * The load side of bench/http.ts: the two endpoints' requests, one measured run (autocannon plus
 * the CPU every process involved spent on it), merging runs and checking that they measured
 * answers rather than errors.
 */
import type { AutocannonRawResult, AutocannonRequest } from 'autocannon';
import autocannon from 'autocannon';
import { cpuMs } from './lib.ts';
import { machineCpuMs, processCpuMs, treeCpuMs } from './proc.ts';

export type Endpoint = 'count' | 'signup';

/** More non-2xx responses or socket errors than this share means the benchmark measured errors. */
export const MAX_ERROR_SHARE = 0.01;

export const ENDPOINTS: Record<
  Endpoint,
  {
    title: string;
    connections: number;
    /**
     * Requests before the measured slices. A count, not seconds: V8 must have optimised each
     * server's hot code before it is measured, and on a busy machine a few seconds were not enough
     * for Echo (its CPU per response still fell from slice to slice; the baseline has little code).
     */
    warmupRequests: number;
    requests: (tag: string) => AutocannonRequest[];
  }
> = {
  count: {
    title: 'GET /api/waitlist/count',
    connections: 50,
    warmupRequests: 20_000,
    requests: () => [{ method: 'GET', path: '/api/waitlist/count' }],
  },
  signup: {
    title: 'POST /api/waitlist',
    connections: 20,
    warmupRequests: 1_000,
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

/** CPU milliseconds spent during one measured run by the server, PostgreSQL and the load generator. */
export interface CpuSpent {
  server: number;
  postgres: number;
  client: number;
  /** The whole machine (every core), busy and in all: what the neighbours left us. */
  machineBusy: number;
  machineTotal: number;
}

export const addCpu = (list: CpuSpent[]): CpuSpent => {
  const sum = (pick: (cpu: CpuSpent) => number) => list.reduce((total, cpu) => total + pick(cpu), 0);
  return {
    server: sum((c) => c.server),
    postgres: sum((c) => c.postgres),
    client: sum((c) => c.client),
    machineBusy: sum((c) => c.machineBusy),
    machineTotal: sum((c) => c.machineTotal),
  };
};

/** One autocannon run against a server, with the CPU each process spent during it. */
export async function measuredRun(
  target: { url: string; pid: number; postgresPid: number },
  endpoint: Endpoint,
  /** Seconds, or `{ requests }` for a run of that many requests. */
  length: number | { requests: number },
  tag: string,
): Promise<{ load: AutocannonRawResult; cpu: CpuSpent }> {
  const { connections, requests } = ENDPOINTS[endpoint];
  const machine = machineCpuMs();
  const before = {
    server: processCpuMs(target.pid),
    postgres: treeCpuMs(target.postgresPid),
    client: cpuMs(),
  };
  const load = (await autocannon({
    url: target.url,
    connections,
    ...(typeof length === 'number' ? { duration: length } : { amount: length.requests }),
    timeout: 10,
    requests: requests(tag),
    skipAggregateResult: true,
  })) as unknown as AutocannonRawResult;
  const machineAfter = machineCpuMs();
  return {
    load,
    cpu: {
      server: processCpuMs(target.pid) - before.server,
      postgres: treeCpuMs(target.postgresPid) - before.postgres,
      client: cpuMs() - before.client,
      machineBusy: machineAfter.busy - machine.busy,
      machineTotal: machineAfter.total - machine.total,
    },
  };
}

export interface LoadStats {
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** Merges runs of one server and endpoint: requests/s over the summed time, exact latency percentiles. */
export function merge(connections: number, runs: AutocannonRawResult[]): LoadStats {
  // aggregateResult adds into the first run's objects: give it copies.
  const copies = runs.map((run) => ({ ...run, statusCodeStats: structuredClone(run.statusCodeStats) }));
  const merged = autocannon.aggregateResult(copies, { url: 'http://127.0.0.1', connections });
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

export function describe(stats: LoadStats): string {
  const codes = Object.entries(stats.statusCodes)
    .map(([code, n]) => `${code}x${n}`)
    .join(' ');
  return (
    `${stats.rps.toFixed(0)} req/s, p50 ${stats.p50} ms, p99 ${stats.p99} ms, ${stats.completed} responses ` +
    `[${codes}], non-2xx ${stats.non2xx}, socket errors ${stats.errors}`
  );
}

/** CPU per response of each process, and how busy the machine was. */
export function describeCpu(cpu: CpuSpent, responses: number): string {
  const per = (ms: number) => ((ms * 1000) / responses).toFixed(0);
  const share = (ms: number) => `${Math.round((ms / cpu.machineTotal) * 100)}%`;
  return (
    `CPU per response: server ${per(cpu.server)} µs, PostgreSQL ${per(cpu.postgres)} µs, load generator ${per(cpu.client)} µs; ` +
    `machine busy ${share(cpu.machineBusy)}, this benchmark ${share(cpu.server + cpu.postgres + cpu.client)}`
  );
}

/** Fails loudly when a run measured errors rather than the endpoint. */
export function assertHealthy(what: string, stats: LoadStats): void {
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
