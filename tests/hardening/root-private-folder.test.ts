import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { SYSTEM_DIR } from '../../src/server/db/embedded-root.ts';
import { spawnEcho } from '../support/echo-process.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const isRoot = process.getuid?.() === 0;
let privateDir: string | undefined;

afterAll(async () => {
  if (!privateDir) return;
  const dataDir = path.join(privateDir, 'echo', 'data');
  const cluster = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  await rm(path.join(SYSTEM_DIR, 'clusters', cluster), { recursive: true, force: true });
  await rm(privateDir, { recursive: true, force: true });
});

const TITLE = isRoot
  ? 'starts the real entry point from a 0700 folder: PostgreSQL runs from /var/lib/echo, DATA_DIR keeps the rest'
  : 'needs nothing special when not root (the postgres user is not involved)';

describe('root in a private folder', () => {
  it(TITLE, { timeout: 180_000 }, async () => {
    if (!isRoot) {
      const { relocationForRoot } = await import('../../src/server/db/embedded-root.ts');
      expect(await relocationForRoot('/tmp/anything')).toBeNull();
      return;
    }
    // A checkout in a folder only root can enter, as after `git clone` into `mktemp -d` or ~root
    // (hard links: same files, new paths; .tmp is on the same file system as node_modules).
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    privateDir = await mkdtemp(path.join(ROOT, '.tmp', 'private-'));
    await chmod(privateDir, 0o700);
    const checkout = path.join(privateDir, 'echo');
    await mkdir(checkout);
    await run('cp', [
      '-al',
      ...['node_modules', 'src', 'package.json', 'tsconfig.json'].map((f) => path.join(ROOT, f)),
      checkout,
    ]);
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);

    // Clusters of temporary DATA_DIRs that are gone are pruned at a start; others are kept.
    const clusters = path.join(SYSTEM_DIR, 'clusters');
    const goneTemp = path.join(clusters, 'test-gone-temp');
    const goneVolume = path.join(clusters, 'test-gone-volume');
    for (const [dir, owner] of [
      [goneTemp, path.join(os.tmpdir(), 'echo-removed-data-dir')],
      [goneVolume, '/mnt/echo-unmounted-volume/data'],
    ] as const) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'data-dir'), owner);
    }

    const port = await freePort();
    // DATA_DIR unset: ./data inside the private folder, as for a new user.
    const echo = await spawnEcho({ ADMIN_PASSWORD: 'private-folder-admin' }, port, { cwd: checkout });
    try {
      const res = await fetch(`${echo.url}/api/health`);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
      const moved = echo
        .output()
        .split('\n')
        .filter((line) => line.includes('postgres system user cannot enter'));
      expect(moved).toHaveLength(1);
      expect(moved[0]).toContain(`PostgreSQL runs from ${SYSTEM_DIR}/postgres-`);
      // Everything else stays in DATA_DIR.
      expect((await stat(path.join(checkout, 'data', 'postgres-credentials.json'))).isFile()).toBe(true);
      expect(existsSync(goneTemp)).toBe(false);
      expect(existsSync(goneVolume)).toBe(true);
    } finally {
      expect(await echo.stop()).toBe(0);
      await rm(goneVolume, { recursive: true, force: true });
    }
  });
});
