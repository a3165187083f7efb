import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let child: ChildProcess | undefined;

interface Started {
  process: ChildProcess;
  output: () => string;
  url: string;
}

/** Starts the real entry point (`node src/server/main.ts`) as `npm start` does, on embedded PostgreSQL. */
async function startEcho(port: number): Promise<Started> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  delete env.SMTP_URL;
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  proc.stdout!.on('data', (d) => {
    output += d;
  });
  proc.stderr!.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`Echo exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { process: proc, output: () => output, url };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Echo did not start:\n${output}`);
}

async function stopEcho(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    started.process.once('exit', (code) => resolve(code)),
  );
  started.process.kill('SIGTERM');
  return exited;
}

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the real entry point', () => {
  it('starts on a fresh DATA_DIR, keeps a signup across a restart, and prints the admin password only once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-restart-'));
    const port = await freePort();

    const first = await startEcho(port);
    const banner = /Admin password \(generated[^\n]*\n\s*\n\s*(\S+)/.exec(first.output());
    expect(banner, first.output()).not.toBeNull();
    const adminPassword = banner![1]!;
    const signup = await fetch(`${first.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Persistent Pat', email: 'pat@example.com', role: 'Founder' }),
    });
    expect(signup.status).toBe(201);
    expect(await (await fetch(`${first.url}/api/waitlist/count`)).json()).toEqual({ count: 1 });
    expect(await stopEcho(first)).toBe(0);

    const second = await startEcho(port);
    try {
      expect(second.output()).not.toContain('Admin password');
      expect(await (await fetch(`${second.url}/api/waitlist/count`)).json()).toEqual({ count: 1 });
      const again = await fetch(`${second.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Pat', email: 'PAT@example.com', role: 'Founder' }),
      });
      expect(await again.json()).toEqual({ success: true, alreadyExists: true });
      const login = await fetch(`${second.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: adminPassword }),
      });
      expect(login.status).toBe(200);
      // The landing page is served by the same process.
      const home = await fetch(`${second.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
    } finally {
      expect(await stopEcho(second)).toBe(0);
    }
  }, 180_000);

  it('comes back after kill -9 (its orphaned PostgreSQL is taken over) with every acknowledged signup', async () => {
    const port = await freePort();
    const victim = await startEcho(port);
    const signup = await fetch(`${victim.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Killed Kim', email: 'kim@example.com', role: 'Creator' }),
    });
    expect(signup.status).toBe(201);
    const killed = new Promise((resolve) => victim.process.once('exit', resolve));
    victim.process.kill('SIGKILL');
    await killed;

    const revived = await startEcho(port);
    try {
      expect(await (await fetch(`${revived.url}/api/waitlist/count`)).json()).toEqual({ count: 2 });
    } finally {
      expect(await stopEcho(revived)).toBe(0);
    }
  }, 180_000);
});
