import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './lib/logger.ts';
import type { SessionCache } from './lib/sessions.ts';

/**
 * What every feature gets: configuration, the database, the job queue, a logger and the cache of
 * sign-in sessions this process has looked up.
 */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: Logger;
  sessions: SessionCache;
}
