import { createRequire } from 'node:module';
import { findOnPath, runForOutput } from './executables.ts';

const require = createRequire(import.meta.url);

/** The binary shipped by @ffmpeg-installer/ffmpeg for this platform, or null when it has none. */
export function packagedFfmpeg(): { path: string; version: string } | null {
  try {
    const found = require('@ffmpeg-installer/ffmpeg') as { path: string; version: string };
    return { path: found.path, version: found.version };
  } catch {
    // The package throws (a string) on a platform it has no binary for.
    return null;
  }
}

export interface FfmpegChoice {
  path: string;
  source: 'configured' | 'path' | 'package';
}

/**
 * Which ffmpeg Echo runs: FFMPEG_PATH when set, else `ffmpeg` on PATH, else the npm package's
 * binary (so `npm ci` alone is enough). Falls back to plain `ffmpeg` (a clear ENOENT later).
 */
export function resolveFfmpeg(configured?: string, searchPath?: string): FfmpegChoice {
  if (configured) return { path: configured, source: 'configured' };
  const onPath = findOnPath('ffmpeg', searchPath);
  if (onPath) return { path: onPath, source: 'path' };
  const packaged = packagedFfmpeg();
  if (packaged) return { path: packaged.path, source: 'package' };
  return { path: 'ffmpeg', source: 'path' };
}

/** `ffmpeg -version`'s version word (e.g. '6.1.1-3'), or null when it does not run. */
export async function ffmpegVersion(binary: string): Promise<string | null> {
  try {
    const output = await runForOutput(binary, ['-hide_banner', '-version'], { timeoutMs: 10_000 });
    return /ffmpeg version (\S+)/.exec(output)?.[1] ?? null;
  } catch {
    return null;
  }
}
