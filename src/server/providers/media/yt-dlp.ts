import { spawn } from 'node:child_process';

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
 * Runs yt-dlp with an argument list (never a shell), a timeout and an output cap. Callers pass
 * only URLs that passed `checkMediaUrl` (allowlisted https hosts), after a `--` separator.
 */
export function runYtDlp(binary: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { timeoutMs = 30_000, maxOutputBytes = 20 * 1024 * 1024, cwd } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
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
          ? new YtDlpError('not_installed', `yt-dlp was not found (${binary}); install it or set YTDLP_PATH`)
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
    ['--dump-single-json', '--no-download', '--no-playlist', '--no-warnings', '--', url],
    options,
  );
  try {
    return JSON.parse(output) as Record<string, unknown>;
  } catch {
    throw new YtDlpError('failed', 'yt-dlp printed something that is not JSON');
  }
}
