/**
 * The dashboard and the transcription webhook under load: the real Echo server (child process
 * `node src/server/main.ts`) against a raw `node:http` + `pg` baseline doing the same SQL
 * (bench/content-results-raw.ts), on one embedded PostgreSQL, in four long turns in ABBA order
 * (bench/http.ts has moved to short alternating slices, which a busy machine disturbs less).
 *
 * - POST /api/content-results/access for one owner with 1,000 results (~400 KB answers).
 * - POST /api/webhook/transcription-complete: signed completions of distinct waiting results per second.
 *
 * The data is seeded once into a template database; each turn gets a fresh copy of it (dropped after
 * the turn), so no turn sees another's writes and the bench never truncates Echo's tables.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AutocannonOptions, AutocannonRawResult, AutocannonRequest } from 'autocannon';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { webhookHeaders } from '../src/server/features/webhook/index.ts';
import { log, onInterrupt, startServer } from './lib.ts';
import type { BenchResult } from './types.ts';

type Label = 'echo' | 'raw';
const TURNS: Label[] = ['echo', 'raw', 'raw', 'echo'];
const POOL_SIZE = 10;
const RESULTS_PER_OWNER = 1000;
const SECONDS = 5;
/**
 * Requests before each measurement. A count, not seconds: V8 must have optimised each server's hot
 * code first, and on a busy machine one second is not enough for Echo (see bench/http.ts).
 */
const WARMUP = { access: 300, webhook: 3_000 } as const;
const SECRET = 'whsec_YmVuY2gtd2ViaG9vay1zZWNyZXQtZm9yLWVjaG8tMzI=';
const EMAIL = 'bench@example.com';
const TOKEN = 'bench-session-token-0123456789abcdefghijklmnop';
const TARGETS = { access: 0.6, webhook: 0.6 } as const;
/** Waiting results seeded per turn: more than a turn can complete. */
const WAITING = 60_000;
/** The seeded database every turn copies. */
const TEMPLATE = 'bench_content';

/**
 * Seeds the template database once (fresh from the migrations, so nothing else refers to its rows).
 * Every turn then runs on its own copy (`create database ... template`): the same starting data
 * for each turn without emptying tables, whatever other tables come to reference these ones.
 */
async function seed(db: pg.Client) {
  await db.query(
    `insert into user_sessions (token_hash, kind, subject, expires_at) values ($1, 'dashboard', $2, now() + interval '1 day')`,
    [createHash('sha256').update(TOKEN).digest('hex'), EMAIL],
  );
  const transcript = 'This is a sentence of a realistic transcript about making content. '.repeat(4);
  await db.query(
    `insert into content_results (product_type, status, source_url, source_platform, user_email, result_data, created_at)
     select 'transcription', 'completed', 'https://www.youtube.com/watch?v=' || g, 'Youtube', $1,
       jsonb_build_object('transcription', $2::text, 'summary', left($2::text, 120), 'method', 'captions'),
       now() - make_interval(secs => g)
     from generate_series(1, ${RESULTS_PER_OWNER}) g`,
    [EMAIL, transcript],
  );
  const waiting = await db.query<{ id: string }>(
    `insert into content_results (product_type, status, source_url, source_platform, user_email)
     select 'transcription', 'processing', 'https://www.tiktok.com/@b/video/' || g, 'Tiktok', 'w' || (g % 500) || '@bench.test'
     from generate_series(1, ${WAITING}) g returning id`,
  );
  await db.query('vacuum analyze content_results');
  return waiting.rows.map((r) => r.id);
}

const startTurnServer = (label: Label, databaseUrl: string, dataDir: string) =>
  startServer(
    label === 'echo' ? 'src/server/main.ts' : 'bench/content-results-raw.ts',
    {
      DATABASE_URL: databaseUrl,
      WEBHOOK_SECRET: SECRET,
      DB_POOL_SIZE: String(POOL_SIZE),
      DATA_DIR: dataDir,
    },
    { label },
  );

const run = (options: AutocannonOptions) =>
  autocannon({
    ...options,
    timeout: 10,
    skipAggregateResult: true,
  }) as unknown as Promise<AutocannonRawResult>;

/** p99 latency over runs (histograms merged exactly). */
const p99 = (list: AutocannonRawResult[], connections: number) =>
  autocannon.aggregateResult(
    list.map((r) => ({ ...r, statusCodeStats: structuredClone(r.statusCodeStats) })),
    { url: 'http://127.0.0.1', connections },
  ).latency.p99;

function healthy(what: string, result: AutocannonRawResult): AutocannonRawResult {
  const total = result.totalCompletedRequests + result.errors;
  if (total === 0) throw new Error(`${what}: no responses`);
  if ((result.non2xx + result.errors) / total > 0.01)
    throw new Error(`${what}: ${result.non2xx} non-2xx and ${result.errors} errors of ${total} requests`);
  return result;
}

async function measure(url: string, label: Label, waiting: string[]) {
  const accessRequest = {
    url,
    connections: 10,
    requests: [
      {
        method: 'POST' as const,
        path: '/api/content-results/access',
        headers: { 'content-type': 'application/json', cookie: `echo_dashboard=${TOKEN}` },
        body: JSON.stringify({ email: EMAIL }),
      },
    ],
  };
  healthy(`${label} access warm-up`, await run({ ...accessRequest, amount: WARMUP.access }));
  const access = healthy(`${label} access`, await run({ ...accessRequest, duration: SECONDS }));

  let next = 0;
  const webhookRequest = (length: { duration: number } | { amount: number }) =>
    run({
      url,
      connections: 20,
      ...length,
      requests: [
        {
          method: 'POST',
          path: '/api/webhook/transcription-complete',
          setupRequest: (request: AutocannonRequest) => {
            const id = waiting[next++ % waiting.length]!;
            const body = JSON.stringify({
              videoUrl: 'https://www.tiktok.com/@b/video/1',
              transcript:
                'A finished transcript from the external service. It has a few sentences. That is all.',
              contentResultId: id,
            });
            request.body = body;
            request.headers = {
              'content-type': 'application/json',
              ...webhookHeaders(SECRET, body, `msg_${randomUUID()}`),
            };
            return request;
          },
        },
      ],
    });
  healthy(`${label} webhook warm-up`, await webhookRequest({ amount: WARMUP.webhook }));
  const webhook = healthy(`${label} webhook`, await webhookRequest({ duration: SECONDS }));
  if (next > waiting.length)
    throw new Error(`${label}: ran out of waiting results (${next} > ${waiting.length})`);
  log(
    `${label}: access ${(access.totalCompletedRequests / access.duration).toFixed(0)} req/s p99 ${p99([access], 10)} ms; ` +
      `webhook ${(webhook.totalCompletedRequests / webhook.duration).toFixed(0)} completions/s p99 ${p99([webhook], 20)} ms`,
  );
  return { access, webhook };
}

export async function run_(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-content-'));
  let database: EmbeddedDatabase | undefined;
  const cleanup = async () => {
    await database?.stop().catch(() => {});
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    database = await startEmbeddedPostgres({ dataDir, database: TEMPLATE });
    const migrating = createDatabase(database.url, { max: 2 });
    await runMigrations(migrating);
    await migrating.close();
    let waiting: string[];
    const template = new pg.Client({ connectionString: database.url });
    await template.connect();
    try {
      waiting = await seed(template);
    } finally {
      // A template database must have no connections while it is copied.
      await template.end();
    }
    const admin = new pg.Client({ connectionString: database.urlFor('postgres') });
    admin.on('error', () => {});
    await admin.connect();
    const runs: Record<Label, { access: AutocannonRawResult[]; webhook: AutocannonRawResult[] }> = {
      echo: { access: [], webhook: [] },
      raw: { access: [], webhook: [] },
    };
    try {
      for (const [index, label] of TURNS.entries()) {
        const name = `bench_turn_${index + 1}`;
        await admin.query(`create database ${name} template ${TEMPLATE}`);
        const turnUrl = database.urlFor(name);
        const server = await startTurnServer(label, turnUrl, dataDir);
        try {
          const result = await measure(server.url, label, waiting);
          runs[label].access.push(result.access);
          runs[label].webhook.push(result.webhook);
        } finally {
          await server.stop();
        }
        const db = new pg.Client({ connectionString: turnUrl });
        await db.connect();
        const [{ completed }] = (
          await db
            .query<{ completed: number }>(
              `select count(*)::int as completed from content_results where status = 'completed' and result_data->>'method' = 'webhook'`,
            )
            .finally(() => db.end())
        ).rows as [{ completed: number }];
        const answered200 = runs[label].webhook.at(-1)!.totalCompletedRequests;
        if (completed < answered200 * 0.99)
          throw new Error(`${label}: ${answered200} answered but ${completed} completed`);
        await admin.query(`drop database ${name}`);
      }
    } finally {
      await admin.end();
    }
    const rate = (list: AutocannonRawResult[]) =>
      list.reduce((s, r) => s + r.totalCompletedRequests, 0) / list.reduce((s, r) => s + r.duration, 0);
    const rows: BenchResult[] = [];
    for (const [key, title, unit, connections] of [
      ['access', `POST /api/content-results/access (${RESULTS_PER_OWNER} results)`, 'req/s', 10],
      ['webhook', 'POST /api/webhook/transcription-complete completions', 'req/s', 20],
    ] as const) {
      const echo = rate(runs.echo[key]);
      const raw = rate(runs.raw[key]);
      const ratio = echo / raw;
      rows.push(
        {
          name: `${title} ${unit}`,
          value: echo,
          unit,
          baseline: raw,
          ratio,
          target: `ratio >= ${TARGETS[key].toFixed(2)}`,
          met: ratio >= TARGETS[key],
        },
        {
          name: `${title} p99 latency`,
          value: p99(runs.echo[key], connections),
          unit: 'ms',
          baseline: p99(runs.raw[key], connections),
          ratio: p99(runs.echo[key], connections) / p99(runs.raw[key], connections),
          target: 'info',
          met: null,
        },
      );
    }
    return rows;
  } finally {
    unregister();
    await cleanup();
  }
}

export { run_ as run };
