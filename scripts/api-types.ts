import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/client.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { SessionCache } from '../src/server/lib/sessions.ts';

/** Where the repository keeps the types generated from its own document (the API tests use them). */
export const API_TYPES_FILE = path.resolve(import.meta.dirname, '../tests/support/echo-api.ts');

/**
 * The document `/api/openapi.json` serves, built from the app itself without a database: routes
 * and their schemas are registered without a connection (the pool connects on first query).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-openapi-'));
  const config = loadConfig({
    DATABASE_URL: 'postgres://echo@127.0.0.1:9/never-connected',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A reserved name (RFC 2606): the document's server address is the deployment's PUBLIC_URL.
    PUBLIC_URL: 'https://echo.invalid',
  });
  const database = createDatabase(config.databaseUrl as string);
  const jobs = new JobQueue([], { connectionString: config.databaseUrl as string, work: false });
  const ctx = { config, database, jobs, log: createLogger('silent'), sessions: new SessionCache() };
  const app = await buildApp(ctx);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** TypeScript types of every path, operation and schema (openapi-typescript), as the file's text. */
export async function apiTypes(document: Record<string, unknown>): Promise<string> {
  return astToString(await openapiTS(document as unknown as OpenAPI3));
}

// `npm run api:types`: regenerates tests/support/echo-api.ts (and, with a path, writes the document).
if (process.argv[1] === import.meta.filename) {
  const document = await buildOpenApiDocument();
  const out = process.argv[2];
  if (out) await mkdir(path.dirname(out), { recursive: true });
  if (out) await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(API_TYPES_FILE, await apiTypes(document));
  process.stdout.write(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}${out ? ` and ${out}` : ''}\n`);
}
