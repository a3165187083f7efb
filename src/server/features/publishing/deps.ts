import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';

/** What publishing's jobs need: the configuration, the database and a logger. */
export interface PublishDeps {
  config: Config;
  database: Database;
  log: Logger;
}
