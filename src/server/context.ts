import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './lib/logger.ts';

/** What every feature gets: configuration, the database, the job queue and a logger. */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: Logger;
}
