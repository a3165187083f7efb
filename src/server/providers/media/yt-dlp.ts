import { spawn } from 'node:child_process';
import { SOCIAL_PLATFORMS } from '#contract/social-urls.ts';
import { resolveYtDlp, type YtDlpCommand, YtDlpInstallError } from './ytdlp-tool.ts';

export class YtDlpError extends Error {
  readonly reason: 'not_installed' | 'timeout' | 'too_large' | 'failed';
  constructor(reason: YtDlpError['reason'], message: string) {
    super(message);
    this.name = 'YtDlpError';
    this.reason = reason;
  }
}

export interface RunOptions {
  timeoutMs?: number;
  /** Bytes of standard output kept at most; more ends the run with 'too_large'. */
  maxOutputBytes?: number;
  cwd?: string;
}

/**
 * Arguments put before every run: no configuration file of the machine or user is read, only the
 * extractors of the platforms Echo accepts are used (never the generic one, which follows any
 * redirect), and a playlist or channel is never expanded (the first item only).
 */
export const SAFETY_ARGS = [
  '--ignore-config',
  '--use-extractors',
  extractorNames().join(','),
  '--no-playlist',
  '--playlist-items',
  '1',
];

function extractorNames(): string[] {
  // yt-dlp matches each name as a regular expression against its (lower-cased) extractor names.
  const names: Record<keyof typeof SOCIAL_PLATFORMS, string[]> = {
    youtube: ['youtube', 'youtube:.*'],
    tiktok: ['tiktok', 'tiktok:.*', 'vm\\.tiktok'],
    instagram: ['instagram', 'instagram:.*'],
    facebook: ['facebook', 'facebook:.*'],
  };
  return Object.keys(SOCIAL_PLATFORMS).flatMap((key) => names[key as keyof typeof SOCIAL_PLATFORMS]);
}

/**
 * Runs yt-dlp with an argument list (never a shell), a timeout and an output cap. Callers pass
 * only URLs that passed `checkMediaUrl` (allowlisted https hosts), after a `--` separator.
 * `binary` is YTDLP_PATH or `yt-dlp`; the latter resolves to Echo's managed copy when none is on
 * PATH (ytdlp-tool.ts).
 */
export async function runYtDlp(binary: string, args: string[], options: RunOptions = {}): Promise<string> {
  let command: YtDlpCommand;
  try {
    command = await resolveYtDlp(binary);
  } catch (error) {
    if (error instanceof YtDlpInstallError)
      throw new YtDlpError('not_installed', `yt-dlp is not available: ${error.message}`);
    throw error;
  }
  return spawnYtDlp(command, [...SAFETY_ARGS, ...args], binary, options);
}

function spawnYtDlp(
  command: YtDlpCommand,
  args: string[],
  binary: string,
  options: RunOptions,
): Promise<string> {
  const { timeoutMs = 30_000, maxOutputBytes = 20 * 1024 * 1024, cwd } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, [...command.args, ...args], {
      cwd,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...command.env },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: YtDlpError | null, output?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve(output ?? '');
    };
    const timer = setTimeout(
      () => finish(new YtDlpError('timeout', `yt-dlp did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutputBytes)
        return finish(new YtDlpError('too_large', 'yt-dlp output was larger than allowed'));
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === 'ENOENT'
          ? new YtDlpError(
              'not_installed',
              command.source === 'managed'
                ? `python3 was not found to run Echo's own yt-dlp; install python3 or set YTDLP_PATH`
                : `yt-dlp was not found (${binary}); install it or set YTDLP_PATH`,
            )
          : new YtDlpError('failed', error.message),
      );
    });
    child.on('close', (code) => {
      if (code === 0) finish(null, Buffer.concat(chunks).toString('utf8'));
      else {
        const line =
          stderr.split('\n').find((l) => l.startsWith('ERROR:')) ?? stderr.trim().split('\n').pop() ?? '';
        finish(
          new YtDlpError(
            'failed',
            line.replace(/^ERROR:\s*/, '').slice(0, 500) || `yt-dlp exited with code ${code}`,
          ),
        );
      }
    });
  });
}

/** Metadata of one video as yt-dlp's JSON (no download). */
export async function fetchMediaMetadata(
  binary: string,
  url: string,
  options: RunOptions = {},
): Promise<Record<string, unknown>> {
  const output = await runYtDlp(
    binary,
    ['--dump-single-json', '--no-download', '--no-warnings', '--', url],
    options,
  );
  try {
    return JSON.parse(output) as Record<string, unknown>;
  } catch {
    throw new YtDlpError('failed', 'yt-dlp printed something that is not JSON');
  }
}
