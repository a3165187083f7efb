import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

/** Why a bounded run did not give its output. */
export type BoundedRunFailure = 'not_installed' | 'timeout' | 'too_large' | 'failed';

export class BoundedRunError extends Error {
  readonly reason: BoundedRunFailure;
  constructor(reason: BoundedRunFailure, message: string) {
    super(message);
    this.name = 'BoundedRunError';
    this.reason = reason;
  }
}

/**
 * The only variables a child gets: PATH (to find its own helpers) and LANG. Nothing else of Echo's
 * environment (database URL, API keys, secrets) reaches a program that reads untrusted audio.
 */
export function childEnvironment(): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: process.env.LANG ?? 'C.UTF-8' };
}

export interface BoundedRunOptions {
  /** Killed (SIGKILL) after this many milliseconds; the error says so. */
  timeoutMs: number;
  /** Bytes of standard output kept at most; more kills the child ('too_large'). */
  maxOutputBytes: number;
  /** Standard output goes to this file instead of memory (still counted against the cap). */
  stdoutFile?: { path: string; prefix?: Buffer };
  /** What the error messages call the program (default: the file's base name). */
  label?: string;
}

/**
 * Runs a program without a shell, with `childEnvironment()` only, a time budget and an output cap.
 * Resolves with its standard output (empty when it went to `stdoutFile`); rejects with a
 * BoundedRunError whose reason tells a missing program, a time-out, too much output and a failure
 * (non-zero exit, with the last lines of its standard error) apart.
 */
export function runBounded(file: string, args: string[], options: BoundedRunOptions): Promise<string> {
  const label = options.label ?? path.basename(file);
  return new Promise((resolve, reject) => {
    if (options.timeoutMs <= 0) {
      reject(new BoundedRunError('timeout', `${label} was not started: the time budget was used up`));
      return;
    }
    const child = spawn(file, args, {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnvironment(),
    });
    const sink = options.stdoutFile ? createWriteStream(options.stdoutFile.path) : null;
    if (sink && options.stdoutFile?.prefix) sink.write(options.stdoutFile.prefix);
    sink?.on('error', (error) =>
      finish(new BoundedRunError('failed', `${label}'s output: ${error.message}`)),
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: BoundedRunError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) child.kill('SIGKILL');
      const done = () => (error ? reject(error) : resolve(Buffer.concat(chunks).toString('utf8')));
      if (sink) sink.end(done);
      else done();
    };
    const timer = setTimeout(
      () =>
        finish(
          new BoundedRunError(
            'timeout',
            `${label} did not finish within its time budget of ${formatSeconds(options.timeoutMs)} and was stopped`,
          ),
        ),
      options.timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > options.maxOutputBytes) {
        finish(
          new BoundedRunError(
            'too_large',
            `${label} wrote more than ${options.maxOutputBytes} bytes and was stopped`,
          ),
        );
        return;
      }
      if (sink) sink.write(chunk);
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // The last 8 KB: the programs log as they go and say what went wrong at the end.
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ENOENT'
          ? new BoundedRunError('not_installed', `${label} was not found (${file})`)
          : new BoundedRunError('failed', `${label} could not be started: ${error.message}`),
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return finish(null);
      const lines = stderr
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('INFO:'))
        .slice(-3)
        .join(' ')
        .slice(-400);
      finish(
        new BoundedRunError(
          'failed',
          `${label} exited with ${code === null ? `signal ${signal}` : `code ${code}`}${lines ? `: ${lines}` : ''}`,
        ),
      );
    });
  });
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds < 10 ? Number(seconds.toFixed(2)) : Math.round(seconds)} s`;
}
