import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { seal, TOKEN_KEY_NEEDED_MESSAGE, unseal } from './platforms.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const configOf = async (production: boolean, tokenKey?: string) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-token-key-'));
  dirs.push(dataDir);
  return { production, dataDir, publishing: { tokenKey } } as unknown as Config;
};

it('in production seals tokens only with a configured key, and writes no key of its own', async () => {
  const config = await configOf(true);
  await expect(seal(config, { token: 't' })).rejects.toMatchObject({
    code: 'unavailable',
    message: TOKEN_KEY_NEEDED_MESSAGE,
  });
  expect(await readdir(config.dataDir)).toEqual([]);
  const configured = await configOf(true, 'a'.repeat(64));
  expect(await unseal(configured, await seal(configured, { token: 't' }))).toEqual({ token: 't' });
});

it('on one machine (not production) makes its key once in DATA_DIR', async () => {
  const config = await configOf(false);
  expect(await unseal(config, await seal(config, { token: 't' }))).toEqual({ token: 't' });
  expect(await readdir(config.dataDir)).toEqual(['publish-token-key']);
});
