/**
 * The publishing benches' set-up (publish-schedule, publish-refresh): an embedded PostgreSQL in a
 * temporary folder, Echo's configuration with a fresh token key and the bench's environment, the
 * migrated database and the job queue (working with Echo's handlers, or only to enqueue), and the
 * secret box that seals accounts' credentials. Everything, the platform fake included, is stopped
 * after `body`, or on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../src/server/config.ts';
import { createDatabase, type Database } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { parseKey, SecretBox } from '../src/server/lib/secret-box.ts';
import { ALL_JOBS, registerJobHandlers } from '../src/server/worker.ts';
import { log, onInterrupt } from './lib.ts';

export interface PublishingBench {
  config: Config;
  database: Database;
  queue: JobQueue;
  box: SecretBox;
}

export async function withPublishingBench<T>(
  name: string,
  options: {
    /** The fake's settings (its URLs, the operator's app). */
    env: Record<string, string>;
    /** true: the queue runs Echo's job handlers; false: it only enqueues. */
    work: boolean;
    closeFake: () => Promise<void>;
  },
  body: (bench: PublishingBench) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `echo-bench-${name}-`));
  let pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let database: Database | undefined;
  let queue: JobQueue | undefined;
  const cleanup = async () => {
    await queue?.stop().catch(() => {});
    await database?.close().catch(() => {});
    await pgServer?.stop().catch(() => {});
    await options.closeFake().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    log(`${name}: starting embedded PostgreSQL`);
    pgServer = await startEmbeddedPostgres({ dataDir });
    const key = randomBytes(32).toString('hex');
    const config = loadConfig({
      DATABASE_URL: pgServer.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLISH_TOKEN_KEY: key,
      ...options.env,
    });
    database = createDatabase(pgServer.url, { max: config.dbPoolSize });
    await runMigrations(database);
    queue = new JobQueue(ALL_JOBS, { connectionString: pgServer.url, work: options.work });
    if (options.work)
      registerJobHandlers(queue, { database, mailer: null, sms: null, config, log: createLogger('silent') });
    await queue.start();
    return await body({ config, database, queue, box: new SecretBox(parseKey(key)) });
  } finally {
    unregister();
    await cleanup();
  }
}
