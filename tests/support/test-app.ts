import type { DestinationStream } from 'pino';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { type Runtime, startRuntime } from '../../src/server/runtime.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { SmtpSink } from './smtp-sink.ts';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
/** A package index address that refuses connections at once (port 9, discard, is closed). */
export const UNREACHABLE_INDEX_URL = 'http://127.0.0.1:9/pypi/yt-dlp/json';

export interface TestApp extends Runtime {
  url: string;
  smtp: SmtpSink;
  database: TestDatabase;
  /** Runs SQL on the test database (for assertions). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The real runtime (HTTP app, job workers, mailer) on its own cloned database, listening on a free
 * loopback port, with e-mail going to a local SMTP sink.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  /** Where the app's log goes (with LOG_LEVEL in `env`): a test reading what was logged. */
  logTo?: DestinationStream,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const smtp = await new SmtpSink().start();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Echo <hello@echo.test>',
    DB_POOL_SIZE: '10',
    // Never the real package index: a test that needs the managed yt-dlp starts a local fake one.
    YTDLP_INDEX_URL: UNREACHABLE_INDEX_URL,
    // Never the real Bluesky: a test that connects an account starts a local fake one.
    BLUESKY_SERVICE_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const runtime = await startRuntime(config, createLogger(config.logLevel, logTo), {
    jobPollingSeconds: 0.5,
  });
  const url = runtime.url!.replace('0.0.0.0', '127.0.0.1');
  return {
    ...runtime,
    url,
    smtp,
    database,
    async query<T>(text: string, values?: unknown[]) {
      const result = await runtime.ctx.database.pool.query(text, values);
      return result.rows as T[];
    },
    async close() {
      await runtime.stop();
      await smtp.stop();
      await database.drop();
    },
  };
}
