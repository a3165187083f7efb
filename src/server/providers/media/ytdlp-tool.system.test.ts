import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePackageIndex, startFakePackageIndex } from '#tests/support/fake-package-index.ts';
import { fetchMediaMetadata, SAFETY_ARGS } from './yt-dlp.ts';
import {
  ManagedYtDlp,
  registerManagedYtDlp,
  YtDlpInstallError,
  type YtDlpPin,
  ytDlpVersion,
} from './ytdlp-tool.ts';

let index: FakePackageIndex;
let dir: string;
let markers: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'echo-tools-'));
  markers = await mkdtemp(path.join(os.tmpdir(), 'echo-tools-markers-'));
  index = await startFakePackageIndex({ markerDir: markers });
});
afterAll(async () => {
  registerManagedYtDlp(null);
  await index?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(markers, { recursive: true, force: true });
});

const ran = async () => (await readdir(markers)).sort();

describe("Echo's own yt-dlp (wheel from the package index)", () => {
  it('refuses a wheel whose sha256 does not match the index digest, and never runs it', async () => {
    index.publish('2025.1.1', { digest: 'a'.repeat(64) });
    const tool = new ManagedYtDlp({ toolsDir: path.join(dir, 'tools'), indexUrl: index.url });
    await expect(tool.install()).rejects.toThrow(YtDlpInstallError);
    await expect(tool.install()).rejects.toThrow(/does not match the index's sha256 digest/);
    expect(await tool.current()).toBeNull();
    expect(await tool.command()).toBeNull();
    expect((await readdir(tool.dir)).filter((f) => f.endsWith('.whl') || f.includes('partial'))).toEqual([]);
    expect(await ran()).toEqual([]);
  });

  it('downloads it once, checks it, and runs it as python3 -m yt_dlp with the wheel on PYTHONPATH', async () => {
    index.publish('2025.1.1');
    const tool = new ManagedYtDlp({ toolsDir: path.join(dir, 'tools'), indexUrl: index.url });
    expect(await tool.install()).toMatchObject({ version: '2025.1.1', changed: true });
    const command = await tool.command();
    expect(command).toMatchObject({ file: 'python3', args: ['-m', 'yt_dlp'], source: 'managed' });
    expect(command!.env.PYTHONPATH).toBe(path.join(tool.dir, 'yt_dlp-2025.1.1-py3-none-any.whl'));
    expect(await ytDlpVersion(command!)).toBe('2025.1.1');
    expect(await ran()).toEqual(['ran-2025.1.1']);
    // Same release again: nothing downloaded.
    const before = index.downloads().length;
    expect(await tool.install()).toMatchObject({ version: '2025.1.1', changed: false });
    expect(index.downloads().length).toBe(before);

    // runYtDlp uses it when YTDLP_PATH is unset and no yt-dlp is on PATH, with the safety arguments.
    registerManagedYtDlp(tool);
    const json = await fetchMediaMetadata('yt-dlp', 'https://www.youtube.com/watch?v=abc');
    expect(json).toMatchObject({ title: 'from the managed yt-dlp', version: '2025.1.1' });
    const args = json.args as string[];
    expect(args.slice(0, SAFETY_ARGS.length)).toEqual(SAFETY_ARGS);
    expect(args).toEqual(
      expect.arrayContaining(['--ignore-config', '--no-playlist', '--playlist-items', '1']),
    );
    const extractors = args[args.indexOf('--use-extractors') + 1]!.split(',');
    expect(extractors).toContain('youtube');
    expect(extractors.some((name) => /generic|default|all/.test(name))).toBe(false);
    expect(args.slice(-2)).toEqual(['--', 'https://www.youtube.com/watch?v=abc']);
  });

  it('updates to a newer release only after its digest and --version passed, keeping the old copy', async () => {
    const tool = new ManagedYtDlp({ toolsDir: path.join(dir, 'tools'), indexUrl: index.url });
    index.publish('2025.2.2', { digest: 'b'.repeat(64) });
    await expect(tool.install()).rejects.toThrow(/sha256/);
    expect((await tool.current())?.version).toBe('2025.1.1');
    expect(await ran()).toEqual(['ran-2025.1.1']);

    index.publish('2025.3.3');
    expect(await tool.install()).toMatchObject({ version: '2025.3.3', changed: true });
    expect((await tool.current())?.version).toBe('2025.3.3');
    expect(await ytDlpVersion((await tool.command())!)).toBe('2025.3.3');
    // The copy it replaced stays on disk (a run that started with it keeps working).
    expect(existsSync(path.join(tool.dir, 'yt_dlp-2025.1.1-py3-none-any.whl'))).toBe(true);
    expect(await ran()).toEqual(['ran-2025.1.1', 'ran-2025.3.3']);
  });

  it('says plainly what to install when python3 is missing', async () => {
    const tool = new ManagedYtDlp({
      toolsDir: path.join(dir, 'no-python'),
      indexUrl: index.url,
      python: '/nonexistent/python3',
    });
    await expect(tool.install()).rejects.toThrow(
      "Echo's own yt-dlp needs python3 >= 3.9, which was not found; install python3 or set YTDLP_PATH",
    );
  });
});

describe('which yt-dlp release is taken (trust, not only integrity)', () => {
  let trusted: FakePackageIndex;
  let trustDir: string;
  let trustMarkers: string;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  beforeAll(async () => {
    trustDir = await mkdtemp(path.join(os.tmpdir(), 'echo-tools-trust-'));
    trustMarkers = await mkdtemp(path.join(os.tmpdir(), 'echo-tools-trust-markers-'));
    trusted = await startFakePackageIndex({ markerDir: trustMarkers });
  });
  afterAll(async () => {
    await trusted?.close();
    await rm(trustDir, { recursive: true, force: true });
    await rm(trustMarkers, { recursive: true, force: true });
  });
  const tool = (name: string, pin?: YtDlpPin) =>
    new ManagedYtDlp({ toolsDir: path.join(trustDir, name), indexUrl: trusted.url, pin });
  const ranHere = async () => (await readdir(trustMarkers)).sort();
  /** The sha256 of 2025.7.1's wheel, as installed by the first test. */
  let digest71 = '';

  it('takes no release younger than 48 hours: the newest older final release instead', async () => {
    const young = tool('young');
    trusted.publish('2025.6.1', { uploadedAt: hoursAgo(24 * 20) });
    trusted.publish('2025.7.1', { uploadedAt: hoursAgo(72) });
    // A nightly build (a pre-release) older than 48 hours is not a release to take either.
    trusted.publish('2025.7.2.232815.dev0', { uploadedAt: hoursAgo(60) });
    trusted.publish('2025.8.1', { uploadedAt: hoursAgo(47) });
    const result = await young.install();
    expect(result).toMatchObject({ version: '2025.7.1', changed: true });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await young.current())?.sha256).toBe(result.sha256);
    digest71 = result.sha256;
    expect(trusted.downloads()).toEqual(['yt_dlp-2025.7.1-py3-none-any.whl']);
    expect(await ranHere()).toEqual(['ran-2025.7.1']);

    // Two days on, the same release is taken.
    trusted.publish('2025.8.1', { uploadedAt: hoursAgo(49) });
    expect(await young.install()).toMatchObject({ version: '2025.8.1', changed: true });
    expect(await ytDlpVersion((await young.command())!)).toBe('2025.8.1');
  });

  it('says what to do when no release is old enough', async () => {
    const index = await startFakePackageIndex();
    try {
      index.publish('2025.9.1', { uploadedAt: hoursAgo(2) });
      const fresh = new ManagedYtDlp({ toolsDir: path.join(trustDir, 'fresh'), indexUrl: index.url });
      await expect(fresh.install()).rejects.toThrow(
        'the package index lists no yt-dlp release (with its upload time) at least 48 hours old; set YTDLP_VERSION to take a given release',
      );
      expect(index.downloads()).toEqual([]);
    } finally {
      await index.close();
    }
  });

  it('takes a pinned version whatever its age, and runs only the pinned copy', async () => {
    const unpinned = tool('pinned');
    expect((await unpinned.install()).version).toBe('2025.8.1');
    // The same directory pinned to a young release: the installed copy is not run until it is there.
    trusted.publish('2025.9.9', { uploadedAt: hoursAgo(1) });
    const pinned = tool('pinned', { version: '2025.9.9' });
    expect(await pinned.command()).toBeNull();
    expect(await pinned.install()).toMatchObject({ version: '2025.9.9', changed: true });
    expect(await ytDlpVersion((await pinned.command())!)).toBe('2025.9.9');
    // An older release can be pinned too, with its digest, from a mirror that only has per-version documents.
    trusted.omitReleaseList(true);
    try {
      const back = tool('pinned', { version: '2025.7.1', sha256: digest71 });
      expect(await back.install()).toEqual({ version: '2025.7.1', sha256: digest71, changed: true });
      expect(await ytDlpVersion((await back.command())!)).toBe('2025.7.1');
    } finally {
      trusted.omitReleaseList(false);
    }
  });

  it('refuses a pinned release whose digest is not YTDLP_SHA256, and never runs it', async () => {
    const before = trusted.downloads().length;
    const wrongPin = tool('wrong-pin', { version: '2025.6.1', sha256: 'c'.repeat(64) });
    await expect(wrongPin.install()).rejects.toThrow(
      /the package index's sha256 for yt-dlp 2025\.6\.1 \([0-9a-f]{64}\) is not YTDLP_SHA256 \(c{64}\); it was not downloaded/,
    );
    expect(trusted.downloads().length).toBe(before);
    // The index agrees with the pin, the file does not: deleted, not run.
    trusted.publish('2025.6.2', { digest: 'd'.repeat(64), uploadedAt: hoursAgo(24 * 10) });
    const lying = tool('wrong-pin', { version: '2025.6.2', sha256: 'd'.repeat(64) });
    await expect(lying.install()).rejects.toThrow(
      'the downloaded yt-dlp 2025.6.2 does not match YTDLP_SHA256; it was deleted and not run',
    );
    expect(await lying.command()).toBeNull();
    expect((await readdir(lying.dir)).filter((f) => f.endsWith('.whl') || f.includes('partial'))).toEqual([]);
    expect((await ranHere()).filter((f) => f.startsWith('ran-2025.6.'))).toEqual([]);
  });
});
