import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePackageIndex, startFakePackageIndex } from '#tests/support/fake-package-index.ts';
import { fetchMediaMetadata, SAFETY_ARGS } from './yt-dlp.ts';
import { ManagedYtDlp, registerManagedYtDlp, YtDlpInstallError, ytDlpVersion } from './ytdlp-tool.ts';

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
    expect(await tool.install()).toEqual({ version: '2025.1.1', changed: true });
    const command = await tool.command();
    expect(command).toMatchObject({ file: 'python3', args: ['-m', 'yt_dlp'], source: 'managed' });
    expect(command!.env.PYTHONPATH).toBe(path.join(tool.dir, 'yt_dlp-2025.1.1-py3-none-any.whl'));
    expect(await ytDlpVersion(command!)).toBe('2025.1.1');
    expect(await ran()).toEqual(['ran-2025.1.1']);
    // Same release again: nothing downloaded.
    const before = index.downloads().length;
    expect(await tool.install()).toEqual({ version: '2025.1.1', changed: false });
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
    expect(await tool.install()).toEqual({ version: '2025.3.3', changed: true });
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
