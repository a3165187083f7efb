import { spawn } from 'node:child_process';
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { lowerProcessPriority } from '../../lib/thread-priority.ts';
import { findOnPath } from './executables.ts';
import { resolveFfmpeg } from './ffmpeg.ts';

// Running ffmpeg (the Studio's transcription pieces and clip cuts): no shell, a time-out, its report.

/**
 * ffmpeg failed: `message` is safe to show a person (no path, no ffmpeg report); `detail` is the
 * end of ffmpeg's report for the logs, with the paths it named replaced by their file names.
 */
export class FfmpegError extends Error {
  readonly detail: string;
  constructor(message: string, detail: string) {
    super(message);
    this.detail = detail;
  }
}

/** ffmpeg reads local files and pipes only (no network, no other protocol an input could name). */
const PROTOCOLS = ['-protocol_whitelist', 'file,pipe'];

/** util-linux's prlimit, when installed: CPU seconds and address space of the ffmpeg process. */
const PRLIMIT = findOnPath('prlimit');
/** Address space an ffmpeg run may use (bytes). */
export const FFMPEG_MEMORY_BYTES = 2 * 1024 ** 3;

/** The command that runs ffmpeg confined: under prlimit when present, every input file-only. */
export function confinedCommand(binary: string, args: string[], timeoutMs: number) {
  const ffmpegArgs = [
    '-hide_banner',
    '-nostdin',
    ...args.flatMap((arg) => (arg === '-i' ? [...PROTOCOLS, arg] : [arg])),
  ];
  if (!PRLIMIT) return { file: binary, args: ffmpegArgs };
  const cpuSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return {
    file: PRLIMIT,
    args: [`--cpu=${cpuSeconds}`, `--as=${FFMPEG_MEMORY_BYTES}`, '--', binary, ...ffmpegArgs],
  };
}

/** The paths in ffmpeg's report replaced by their file names. */
const withoutPaths = (text: string) => text.replace(/(?:[A-Za-z]:)?[\\/][^\s'"]*[\\/]([^\\/\s'"]+)/g, '$1');

const FFMPEG_NOT_FOUND =
  'ffmpeg is needed to prepare audio for speech-to-text but was not found; install ffmpeg or set FFMPEG_PATH';

/**
 * Runs ffmpeg without a shell, with no environment but PATH (no server secret reaches it), inputs
 * limited to local files and pipes, and, where prlimit is installed, its CPU time and memory
 * capped; resolves with its stderr (where it reports the input's duration). `cwd` lets a filter
 * name a file by a plain relative name (no filtergraph escaping of DATA_DIR).
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs = 30 * 60_000,
  options: { cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const command = confinedCommand(binary, args, timeoutMs);
    const child = spawn(command.file, command.args, {
      shell: false,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' },
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    // Background work, as the analysis threads: the event loops first, then these share the cores.
    lowerProcessPriority(child.pid);
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new FfmpegError(`ffmpeg did not finish within ${Math.round(timeoutMs / 1000)} s`, ''));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new FfmpegError(
          error.code === 'ENOENT' ? FFMPEG_NOT_FOUND : 'ffmpeg could not be started',
          error.message,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else if (code === 127 && command.file !== binary)
        // prlimit could not execute ffmpeg (util-linux's exit code for a program not found).
        reject(new FfmpegError(FFMPEG_NOT_FOUND, withoutPaths(stderr.trim()).slice(0, 300)));
      else {
        const last = withoutPaths(stderr.trim().split('\n').slice(-2).join(' ')).slice(0, 300);
        reject(
          new FfmpegError(
            'the file could not be read as audio',
            last || `ffmpeg ${signal ? `stopped by ${signal}` : `exit ${code}`}`,
          ),
        );
      }
    });
  });
}

/** "Duration: 00:01:02.50" in ffmpeg's report of its input, in ms (null for N/A). */
export function parseFfmpegDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  return Math.round((Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) * 1000);
}

/**
 * The one demuxer ffmpeg may use for each media type Echo accepts (the type detected from the
 * file's first bytes, never its name): ffmpeg then never probes an upload as anything else.
 */
export const DEMUXER_OF_MIME: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'mov',
  'audio/wav': 'wav',
  'audio/webm': 'matroska',
  'video/webm': 'matroska',
  'audio/ogg': 'ogg',
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
};

/** `-f <demuxer>` for a detected media type; throws for a type Echo does not accept. */
export function inputFormatArgs(mime: string | null | undefined): string[] {
  const demuxer = mime ? DEMUXER_OF_MIME[mime] : undefined;
  if (!demuxer)
    throw new FfmpegError('this file type is not accepted', `no demuxer for ${mime ?? 'no type'}`);
  return ['-f', demuxer];
}

/**
 * Audio pieces sent to speech-to-text one by one, each under the 25 MB request limit: ten minutes of
 * 16 kHz mono FLAC is at most 19.2 MB (its raw PCM), about 9-13 MB for speech.
 */
export const STT_PIECE_SECONDS = 600;

/**
 * Converts any accepted audio or video into mono 16 kHz pieces of STT_PIECE_SECONDS (video dropped),
 * written to `dir`; returns them in order with the input's duration when ffmpeg knows it.
 * `flac` (for a speech-to-text server): lossless and far cheaper to encode than MP3 (figures in
 * docs/performance.md), which bounds how fast a worker clears a burst of finished
 * recordings (decision 018); the price is more bytes sent. `mp3` (48 kb/s) for PocketSphinx,
 * whose rough transcripts of the tests' synthetic speech come out better through MP3's filtering
 * than from the exact samples (and which decodes locally, so bytes do not matter).
 */
export async function audioPieces(
  ffmpeg: string,
  input: string,
  dir: string,
  /** The detected media type: ffmpeg reads the file with that demuxer only. */
  mime: string | null,
  codec: 'flac' | 'mp3' = 'flac',
): Promise<{ pieces: Array<{ file: string; offsetMs: number }>; durationMs: number | null }> {
  const stderr = await runFfmpeg(ffmpeg, [
    '-y',
    ...inputFormatArgs(mime),
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    ...(codec === 'flac' ? ['-c:a', 'flac'] : ['-c:a', 'libmp3lame', '-b:a', '48k']),
    '-f',
    'segment',
    '-segment_time',
    String(STT_PIECE_SECONDS),
    '-reset_timestamps',
    '1',
    path.join(dir, `piece%04d.${codec}`),
  ]);
  const files = (await readdir(dir)).filter((f) => f.startsWith('piece') && f.endsWith(`.${codec}`)).sort();
  // FLAC frames carry their sample number, which the segment muxer keeps counting: each later piece
  // is encoded again (its own, from FLAC: cheap next to the first pass) so it starts at sample 0
  // like a file of its own, which every decoder reads.
  for (const file of codec === 'flac' ? files.slice(1) : []) {
    const piece = path.join(dir, file);
    const again = path.join(dir, `again-${file}`);
    await runFfmpeg(ffmpeg, ['-y', '-f', 'flac', '-i', piece, '-c:a', 'flac', again]);
    await rename(again, piece);
  }
  return {
    pieces: files.map((file, i) => ({ file: path.join(dir, file), offsetMs: i * STT_PIECE_SECONDS * 1000 })),
    durationMs: parseFfmpegDuration(stderr),
  };
}

export const BUNDLED_FFMPEG_REFUSED =
  "ffmpeg is not installed: the npm package's December 2018 build is refused in production. Install the system's ffmpeg or set FFMPEG_PATH (ALLOW_BUNDLED_FFMPEG=true runs the old build anyway).";

/** Whether the ffmpeg in use is the npm package's old build, and whether production refuses it. */
export function bundledFfmpeg(config: Pick<Config, 'ffmpegPath' | 'production' | 'allowBundledFfmpeg'>) {
  const bundled = resolveFfmpeg(config.ffmpegPath).source === 'package';
  return { bundled, refused: bundled && config.production && !config.allowBundledFfmpeg };
}

/**
 * The ffmpeg Echo runs: FFMPEG_PATH, else ffmpeg on PATH, else the npm package's binary (a December
 * 2018 build that parses untrusted uploads: refused in production unless ALLOW_BUNDLED_FFMPEG).
 */
export const ffmpegBinary = (
  config: Pick<Config, 'ffmpegPath' | 'production' | 'allowBundledFfmpeg'>,
): string => {
  if (bundledFfmpeg(config).refused) throw new FfmpegError(BUNDLED_FFMPEG_REFUSED, '');
  return resolveFfmpeg(config.ffmpegPath).path;
};
