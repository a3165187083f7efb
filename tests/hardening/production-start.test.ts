import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('NODE_ENV=production', () => {
  it('refuses to start, naming each missing setting, before touching the database', async () => {
    const { code, output } = await start({ NODE_ENV: 'production', PUBLIC_URL: 'http://echo.example' });
    expect(code).toBe(1);
    expect(output).toContain('PUBLIC_URL: must be an https:// address in production');
    expect(output).toContain('SMTP_URL: must be set in production');
    expect(output).toContain('ADMIN_PASSWORD: must be set in production');
    expect(output).not.toContain('PostgreSQL');
  });
});
