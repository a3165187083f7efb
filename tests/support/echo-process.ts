import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EchoProcess {
  process: ChildProcess;
  /** Base URL (web roles only). */
  url: string;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Spawns the real entry point (`node src/server/main.ts`) with `env` on top of a cleaned copy of
 * this process's environment, and waits until it is ready: /api/health answers for web roles, the
 * "worker started" log line for ROLE=worker.
 */
export async function spawnEcho(
  env: Record<string, string>,
  port = 0,
  /** `cwd`: run the entry point of another checkout (default: this one). */
  options: { cwd?: string } = {},
): Promise<EchoProcess> {
  const full: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) full[key] = value;
  for (const key of ['DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'ROLE', 'DATA_DIR']) delete full[key];
  Object.assign(
    full,
    // Never the real package index (port 9 refuses at once): tests that need yt-dlp bring a fake.
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      YTDLP_INDEX_URL: 'http://127.0.0.1:9/pypi/yt-dlp/json',
    },
    env,
  );
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: options.cwd ?? ROOT,
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => {
    output += d;
  });
  proc.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const isWorker = full.ROLE === 'worker';
  const deadline = Date.now() + 90_000;
  const started: EchoProcess = {
    process: proc,
    url,
    output: () => output,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      await exited;
      return proc.exitCode;
    },
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await exited;
    },
  };
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`Echo exited early:\n${output}`);
    if (isWorker) {
      if (output.includes('Echo worker started')) return started;
    } else {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return started;
      } catch {}
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await started.kill();
  throw new Error(`Echo did not start:\n${output}`);
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
