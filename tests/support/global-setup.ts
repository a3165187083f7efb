import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/server/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { JobQueue } from '../../src/server/jobs/queue.ts';
import { ALL_JOBS } from '../../src/server/worker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a maintenance database on the test server (used to create databases). */
    pgAdminUrl: string;
    /** A migrated database (with the pg-boss schema) that every test database is cloned from. */
    pgTemplate: string;
  }
}

interface TestPostgres {
  adminUrl: string;
  template: string;
  stop(): Promise<void>;
}

/**
 * Both projects that need PostgreSQL (api, e2e) name this global setup and Vitest runs it once for
 * each, in its one main process: the first starts the server, the last to finish stops it.
 */
const shared = globalThis as typeof globalThis & {
  echoTestPostgres?: { users: number; started: Promise<TestPostgres> };
};

/**
 * One PostgreSQL for the whole run (embedded unless DATABASE_URL is set) and one migrated template
 * database; each test file clones its own database from it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  shared.echoTestPostgres ??= { users: 0, started: startPostgres() };
  const postgres = shared.echoTestPostgres;
  postgres.users++;
  const { adminUrl, template } = await postgres.started;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    if (--postgres.users > 0) return;
    shared.echoTestPostgres = undefined;
    await (await postgres.started).stop();
  };
}

async function startPostgres(): Promise<TestPostgres> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, database: 'echo_admin' });
    adminUrl = embedded.url;
  }
  const template = `echo_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;

  const database = createDatabase(templateUrl.toString());
  await runMigrations(database);
  await database.close();
  // Install pg-boss's schema and queues in the template too, so each clone starts ready.
  const queue = new JobQueue(ALL_JOBS, { connectionString: templateUrl.toString(), work: false });
  await queue.start();
  await queue.stop();

  return {
    adminUrl,
    template,
    async stop() {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'echo_test_%' or datname = $1`,
        [template],
      );
      for (const row of leftovers.rows)
        await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
      await admin.end();
      await embedded?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
