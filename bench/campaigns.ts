/**
 * The campaign sending engine: 10,000 campaign e-mails to a local SMTP sink, through the real
 * path (enrolment of the audience on activation -> one `campaign.deliver` job per delivery ->
 * outbox row -> `outbox.send` job -> SMTP), with the sending rate limit lifted. Reports messages per
 * second, duplicates (must be 0), the scheduler lag from due time to hand-over to SMTP under that
 * burst, and the lag of a single delayed step on an idle queue. While the burst is sending, 50
 * transactional messages are requested, spread over it (dashboard code e-mails through the outbox
 * and waitlist signups whose Welcome Series first e-mail goes through the engine): their lag from
 * request to SMTP (target p99 <= 2 s) shows that they never wait behind the campaign.
 *
 * Baseline, in the same run: the same 10,000 rendered messages handed straight to the same SMTP
 * mailer with as many sends in flight as the engine allows (no database, no jobs).
 *
 * Environment: BENCH_CAMPAIGN_MESSAGES (default 10000), BENCH_DB_POOL_SIZE (default 10, Echo's).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import {
  enrolAudience,
  enrolWaitlistSignup,
  renderCampaignEmail,
  seedCampaigns,
} from '../src/server/features/campaigns/index.ts';
import { BULK_BATCH, queueEmail, sendOutboxBatchJob } from '../src/server/features/outbox/index.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { createSmtpMailer, SMTP_POOLS } from '../src/server/providers/mail/mailer.ts';
import { ALL_JOBS, registerJobHandlers } from '../src/server/worker.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';
import { log, onInterrupt, percentile, sleep } from './lib.ts';
import type { BenchResult } from './types.ts';

const MESSAGES = Number(process.env.BENCH_CAMPAIGN_MESSAGES ?? 10_000);
const TARGET_PER_SECOND = 200;
/** Codes and welcome e-mails requested during the burst. */
const TRANSACTIONAL = 50;
const STEP = {
  subject: 'News for {{name}}',
  textContent: 'Hi {{name}},\n\nEcho news of the week.',
  htmlContent: null,
};

async function rawBaseline(sink: SmtpSink): Promise<number> {
  // The same pool and as many sends in flight as the engine's bulk lane.
  const mailer = createSmtpMailer(sink.url, 'Echo <hello@echo.local>', { maxConnections: SMTP_POOLS.bulk });
  const inFlight = BULK_BATCH * (sendOutboxBatchJob.batchSize ?? 1) * (sendOutboxBatchJob.concurrency ?? 1);
  const before = sink.messages.length;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        const mail = renderCampaignEmail(STEP, `Raw ${i}`, {
          unsubscribeUrl: `http://localhost/unsubscribe?token=${i}.x`,
          postalAddress: 'Echo, 1 Example Street',
        });
        await mailer.send({ to: `raw-${i}@example.com`, ...mail });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  mailer.close();
  if (sink.messages.length - before !== MESSAGES)
    throw new Error('baseline: the sink did not get every message');
  return MESSAGES / seconds;
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-campaigns-'));
  const sink = await new SmtpSink().start();
  let pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let database: ReturnType<typeof createDatabase> | undefined;
  let queue: JobQueue | undefined;
  const mailers: { close(): void }[] = [];
  const cleanup = async () => {
    await queue?.stop().catch(() => {});
    for (const m of mailers) m.close();
    await database?.close().catch(() => {});
    await pgServer?.stop().catch(() => {});
    await sink.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    log('campaigns: starting embedded PostgreSQL');
    pgServer = await startEmbeddedPostgres({ dataDir });
    const config = loadConfig({
      DATABASE_URL: pgServer.url,
      SMTP_URL: sink.url,
      SEND_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'silent',
    });
    database = createDatabase(pgServer.url, { max: config.dbPoolSize });
    await runMigrations(database);
    const mailer = createSmtpMailer(sink.url, config.mailFrom, { maxConnections: SMTP_POOLS.transactional });
    const bulkMailer = createSmtpMailer(sink.url, config.mailFrom, { maxConnections: SMTP_POOLS.bulk });
    mailers.push(mailer, bulkMailer);
    await seedCampaigns(database);
    queue = new JobQueue(ALL_JOBS, { connectionString: pgServer.url, work: true });
    registerJobHandlers(queue, {
      database,
      mailer,
      bulkMailer,
      sms: null,
      config,
      log: createLogger('silent'),
    });
    await queue.start();

    log(`campaigns: raw baseline, ${MESSAGES} messages straight to SMTP`);
    const rawRate = await rawBaseline(sink);
    sink.messages.length = 0;

    const db = database;
    await db.pool.query(
      `insert into contacts (name, email, time_zone, source)
       select 'Reader ' || g, 'reader-' || g || '@example.com', 'UTC', 'import' from generate_series(1, $1) g`,
      [MESSAGES],
    );
    const { rows } = await db.pool.query<{ id: number }>(
      `insert into campaigns (name, status) values ('Bench', 'active') returning id`,
    );
    const campaignId = Number(rows[0]!.id);
    await db.pool.query(
      `insert into campaign_steps (campaign_id, sequence_number, message_type, subject, text_content) values ($1, 1, 'email', $2, $3)`,
      [campaignId, STEP.subject, STEP.textContent],
    );

    log(`campaigns: enrolling ${MESSAGES} contacts and sending through the engine`);
    const started = performance.now();
    await db.transaction((tx) => enrolAudience(tx, queue!, campaignId));
    const enrolledMs = performance.now() - started;
    const deadline = Date.now() + 10 * 60_000;
    const readers = () => sink.messages.filter((m) => m.to[0]?.startsWith('reader-')).length;
    // 50 transactional requests spread over the burst (as long as it lasts at half the raw rate).
    const requested = new Map<string, number>();
    const spacing = Math.max(10, ((MESSAGES / rawRate) * 2000 * 0.75) / TRANSACTIONAL);
    const transactional = (async () => {
      for (let i = 0; i < TRANSACTIONAL; i++) {
        await sleep(spacing);
        const to = `${i % 2 ? 'code' : 'welcome'}-${i}@example.com`;
        const at = Date.now();
        await db.transaction(async (tx) => {
          if (i % 2) {
            await queueEmail(tx, queue!, 'dashboard.code', { to, subject: 'Your code', text: 'Code' });
          } else {
            const { rows } = await tx.executeSql(
              `insert into waitlist_signups (name, email, role) values ('Bench', $1, 'Creator') returning id`,
              [to],
            );
            const id = Number((rows[0] as { id: number }).id);
            await enrolWaitlistSignup(tx, queue!, config, { id, name: 'Bench', email: to });
          }
        });
        requested.set(to, at);
      }
    })();
    while (readers() < MESSAGES) {
      if (Date.now() > deadline) throw new Error(`engine: only ${readers()} of ${MESSAGES} arrived`);
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    await transactional;
    while (sink.messages.filter((m) => requested.has(m.to[0] ?? '')).length < TRANSACTIONAL) {
      if (Date.now() > deadline) throw new Error('transactional messages did not all arrive');
      await sleep(20);
    }
    const transactionalLags = sink.messages
      .filter((m) => requested.has(m.to[0] ?? ''))
      .map((m) => m.receivedAt - requested.get(m.to[0]!)!)
      .sort((a, b) => a - b);
    log(
      `campaigns: ${TRANSACTIONAL} transactional messages during the burst, lag p50 ${percentile(transactionalLags, 50)} ms, p99 ${percentile(transactionalLags, 99)} ms`,
    );
    await sleep(2000); // anything sent twice would arrive now
    const recipients = sink.messages.map((m) => m.to[0]);
    const duplicates = recipients.length - new Set(recipients).size;
    const lags = (
      await db.pool.query<{ lag: number }>(
        `select extract(epoch from (o.sent_at - d.due_at)) * 1000 as lag
         from campaign_deliveries d join outbox o on o.id = d.outbox_id
         where o.status = 'sent' and o.kind = $1`,
        [`campaign:${campaignId}`],
      )
    ).rows
      .map((r) => Number(r.lag))
      .sort((a, b) => a - b);

    const { rows: stages } = await db.pool.query<{ deliver: number; send: number }>(
      `select count(*) / nullif(extract(epoch from max(d.processed_at) - min(d.due_at)), 0) as deliver,
              count(*) / nullif(extract(epoch from max(o.sent_at) - min(o.created_at)), 0) as send
       from campaign_deliveries d join outbox o on o.id = d.outbox_id`,
    );
    log(
      `campaigns: deliver stage ${Number(stages[0]!.deliver).toFixed(0)}/s, send stage ${Number(stages[0]!.send).toFixed(0)}/s`,
    );
    log('campaigns: lag of one step due in 3 s on an idle queue');
    await db.pool.query(
      `insert into contacts (name, email, time_zone, source) values ('Late', 'late@example.com', 'UTC', 'import')`,
    );
    const { rows: late } = await db.pool.query<{ id: number }>(
      `insert into campaigns (name, status) values ('Delayed', 'active') returning id`,
    );
    await db.pool.query(
      `insert into campaign_steps (campaign_id, sequence_number, message_type, subject, text_content) values ($1, 1, 'email', 'Later', 'Later')`,
      [late[0]!.id],
    );
    const due = new Date(Date.now() + 3000);
    await db.transaction(async (tx) => {
      await tx.executeSql(`update contacts set email_subscribed = (email = 'late@example.com')`);
      await enrolAudience(tx, queue!, Number(late[0]!.id), new Date(due.getTime()));
    });
    await db.pool.query(`update contacts set email_subscribed = true`);
    // enrolAudience scheduled the first step at enrolment time `due` (3 s from now).
    while (!sink.messages.some((m) => m.to.includes('late@example.com'))) {
      if (Date.now() > deadline) throw new Error('the delayed step never arrived');
      await sleep(20);
    }
    const idleLag = Date.now() - due.getTime();

    const rate = MESSAGES / seconds;
    return [
      {
        name: `campaign e-mails/s through the engine (${MESSAGES.toLocaleString('en-US')}, rate limit lifted)`,
        value: Math.round(rate),
        unit: 'msg/s',
        baseline: Math.round(rawRate),
        ratio: rate / rawRate,
        target: `ratio >= 0.5 and >= ${TARGET_PER_SECOND} msg/s`,
        met: rate >= TARGET_PER_SECOND && rate / rawRate >= 0.5,
      },
      {
        name: `transactional lag request -> SMTP during the burst, p50 (${TRANSACTIONAL} codes + welcomes)`,
        value: Math.round(percentile(transactionalLags, 50)),
        unit: 'ms',
        target: 'info',
        met: null,
      },
      {
        name: `transactional lag request -> SMTP during the burst, p99 (${TRANSACTIONAL} codes + welcomes)`,
        value: Math.round(percentile(transactionalLags, 99)),
        unit: 'ms',
        target: '<= 2000 ms',
        met: percentile(transactionalLags, 99) <= 2000,
      },
      {
        name: 'campaign e-mails sent twice',
        value: duplicates,
        unit: 'count',
        target: '= 0',
        met: duplicates === 0,
      },
      {
        name: `enrolment of ${MESSAGES.toLocaleString('en-US')} contacts (one transaction)`,
        value: Math.round(enrolledMs),
        unit: 'ms',
        target: 'info',
        met: null,
      },
      {
        name: 'scheduler lag due -> SMTP, p50 (burst)',
        value: Math.round(percentile(lags, 50)),
        unit: 'ms',
        target: 'info',
        met: null,
      },
      {
        name: 'scheduler lag due -> SMTP, p99 (burst)',
        value: Math.round(percentile(lags, 99)),
        unit: 'ms',
        target: 'info',
        met: null,
      },
      {
        name: 'scheduler lag due -> SMTP, delayed step on an idle queue',
        value: idleLag,
        unit: 'ms',
        target: '<= 3000 ms (polling)',
        met: idleLag <= 3000,
      },
    ];
  } finally {
    unregister();
    await cleanup();
  }
}
