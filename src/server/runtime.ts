import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { type Listener, listen } from './db/listen.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureAdminPassword } from './features/admin-auth/index.ts';
import { seedCampaigns } from './features/campaigns/index.ts';
import { startSystemChecks } from './features/health/index.ts';
import { closeAnalysisPool, closeRenderPool } from './features/studio/index.ts';
import { ensureWebhookSecret } from './features/webhook/index.ts';
import { JobQueue } from './jobs/queue.ts';

import type { Logger } from './lib/logger.ts';
import { writeSecretFile } from './lib/secret-file.ts';
import { SESSIONS_CHANGED_CHANNEL, SessionCache } from './lib/sessions.ts';
import { createSmtpMailer, SMTP_POOLS } from './providers/mail/mailer.ts';
import { createTwilioSender } from './providers/sms/twilio.ts';
import { ALL_JOBS, registerJobHandlers } from './worker.ts';

export interface Runtime {
  ctx: AppContext;
  app?: FastifyInstance;
  /** Base URL the web role listens on. */
  url?: string;
  /** Settles once the start-up tool checks (managed yt-dlp download, checklist) are done. */
  systemReady: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts Echo in the configured role: database (embedded when DATABASE_URL is unset), migrations,
 * the job queue (with workers for ROLE=worker|all) and the HTTP app (ROLE=web|all).
 */
export async function startRuntime(
  config: Config,
  log: Logger,
  options: { jobPollingSeconds?: number } = {},
): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    if (config.role !== 'all')
      throw new Error('ROLE=web and ROLE=worker need DATABASE_URL (a shared PostgreSQL)');
    log.info({ dataDir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      onLog: (line) => log.debug({ postgres: line }),
      onInfo: (line) => log.info(line),
    });
    databaseUrl = embedded.url;
  }

  const database = createDatabase(databaseUrl, {
    max: config.dbPoolSize,
    applicationName: `echo-${config.role}`,
  });
  // Two SMTP pools: codes and welcome e-mails never queue behind a campaign's messages.
  const smtp = (maxConnections: number) =>
    config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, {
          timeoutMs: config.providerTimeoutMs,
          maxConnections,
        })
      : null;
  const mailer = smtp(SMTP_POOLS.transactional);
  const bulkMailer = smtp(SMTP_POOLS.bulk);
  const sms = createTwilioSender(config.twilio);
  const jobs = new JobQueue(ALL_JOBS, {
    connectionString: databaseUrl,
    work: config.runsWorker,
    pollingIntervalSeconds: options.jobPollingSeconds,
    heartbeatSeconds: config.jobs.heartbeatSeconds,
    superviseSeconds: config.jobs.superviseSeconds,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
    onError: (error) => log.warn({ err: error }, 'job queue error'),
  });
  const sessions = new SessionCache();
  const ctx: AppContext = { config, database, jobs, log, sessions };
  let app: FastifyInstance | undefined;
  let system: ReturnType<typeof startSystemChecks> | undefined;
  let sessionNotices: Listener | undefined;

  const stop = async () => {
    await system?.stop();
    await app?.close().catch((error) => log.warn({ err: error }, 'closing HTTP server failed'));
    await sessionNotices?.stop();
    await jobs.stop().catch((error) => log.warn({ err: error }, 'stopping the job queue failed'));
    await closeAnalysisPool();
    await closeRenderPool();
    mailer?.close();
    bulkMailer?.close();
    await database.close().catch(() => {});
    await embedded?.stop().catch((error) => log.warn({ err: error }, 'stopping PostgreSQL failed'));
  };

  try {
    await runMigrations(database);
    const admin = await ensureAdminPassword(database.db, config.adminPassword);
    if (admin.generated) {
      // Printed once, at the start that generated it, and kept in a 0600 file; only its hash is stored.
      const file = await writeSecretFile(config.dataDir, 'admin-password', admin.generated);
      process.stdout.write(
        `\n  Admin password (generated because ADMIN_PASSWORD is not set; shown only this once, also in ${file}):\n\n      ${admin.generated}\n\n`,
      );
    }
    const webhook = await ensureWebhookSecret(database.db, config.webhookSecret);
    if (webhook.generated) {
      const file = await writeSecretFile(config.dataDir, 'webhook-secret', webhook.secret);
      if (config.logLevel !== 'silent')
        process.stdout.write(
          `\n  Webhook secret (generated because WEBHOOK_SECRET is not set; shown only this once, kept in the database and ${file}):\n\n      ${webhook.secret}\n\n`,
        );
    }
    await seedCampaigns(database);
    if (config.runsWorker) registerJobHandlers(jobs, { database, mailer, bulkMailer, sms, config, log });
    await jobs.start();
    system = startSystemChecks(ctx, { printChecklist: config.logLevel !== 'silent' });
    if (!config.smtpUrl) log.info('SMTP_URL is not set: e-mails are kept in the outbox table');
    if (!sms) log.info('Twilio is not configured: SMS are kept in the outbox table');

    let url: string | undefined;
    if (config.runsWeb) {
      // Signed-in requests skip the session lookup while this process hears of every revocation.
      sessionNotices = listen(databaseUrl, SESSIONS_CHANGED_CHANNEL, {
        onNotice: () => sessions.clear(),
        onState: (listening) => sessions.setLive(listening),
        onError: (error) => log.warn({ err: error }, 'session notices: connection lost, retrying'),
      });
      app = await buildApp(ctx);
      url = await app.listen({ port: config.port, host: config.host });
      log.info({ url, publicUrl: config.publicUrl, role: config.role }, 'Echo is listening');
    } else {
      log.info({ role: config.role }, 'Echo worker started');
    }
    return { ctx, app, url, stop, systemReady: system.ready };
  } catch (error) {
    await stop();
    throw error;
  }
}
