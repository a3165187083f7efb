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

/**
 * One PostgreSQL for the whole run (embedded unless DATABASE_URL is set) and one migrated template
 * database; each test file clones its own database from it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
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

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'echo_test_%' or datname = $1`,
      [template],
    );
    for (const row of leftovers.rows)
      await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
