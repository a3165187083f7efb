import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { NoteKind } from '#contract/studio.ts';
import type { Config } from '../../config.ts';
import { resolveFfmpeg } from '../../providers/media/ffmpeg.ts';

/**
 * Where Studio keeps files, all under DATA_DIR: tus uploads in `uploads/` (the file store's own
 * layout: `<id>` and `<id>.json`), recording chunks in `studio/recordings/<id>/<n>`, finished
 * recordings in `studio/media/<note id>.<ext>`, clips being cut in `studio/cuts/<random id>/` (gone
 * once sent). A note's `media_path` is relative to DATA_DIR.
 */
export function studioDirs(dataDir: string) {
  return {
    uploads: path.join(dataDir, 'uploads'),
    recordings: path.join(dataDir, 'studio', 'recordings'),
    media: path.join(dataDir, 'studio', 'media'),
    /** One folder per clip being cut (its captions and the cut file), removed once sent. */
    cuts: path.join(dataDir, 'studio', 'cuts'),
  };
}

/** The absolute path of a stored media file; refuses anything that would leave DATA_DIR. */
export function mediaFile(dataDir: string, relative: string): string {
  const root = path.resolve(dataDir);
  const full = path.resolve(root, relative);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`media path outside DATA_DIR: ${relative}`);
  return full;
}

/** Removes stored media files (and a tus upload's .json); missing files are fine. */
export async function removeMediaFiles(dataDir: string, relatives: string[]): Promise<void> {
  for (const relative of relatives) {
    const file = mediaFile(dataDir, relative);
    await rm(file, { force: true });
    if (relative.startsWith('uploads/')) await rm(`${file}.json`, { force: true });
  }
}

/** Removes cut folders older than an hour (left by a crash mid-cut); returns how many. */
export async function removeStaleCuts(dataDir: string, now: Date): Promise<number> {
  const root = studioDirs(dataDir).cuts;
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const info = await stat(path.join(root, name)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < 60 * 60_000) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export const recordingDir = (dataDir: string, id: string) => path.join(studioDirs(dataDir).recordings, id);

export async function ensureStudioDirs(dataDir: string): Promise<void> {
  const dirs = studioDirs(dataDir);
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
}

/** Media files on disk, relative to DATA_DIR (uploads without their .json, finished recordings). */
export async function listMediaFiles(dataDir: string): Promise<string[]> {
  const dirs = studioDirs(dataDir);
  const out: string[] = [];
  for (const [dir, prefix] of [
    [dirs.uploads, 'uploads'],
    [dirs.media, 'studio/media'],
  ] as const) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) if (!name.endsWith('.json')) out.push(`${prefix}/${name}`);
  }
  return out;
}

export interface DetectedMedia {
  ext: string;
  mime: string;
  kind: NoteKind;
}

/** The accepted formats as file-type names them (Ogg audio may come as oga/opus). */
const ACCEPTED: Record<string, { mime: string; kind: NoteKind }> = {
  mp3: { mime: 'audio/mpeg', kind: 'voice' },
  m4a: { mime: 'audio/mp4', kind: 'voice' },
  wav: { mime: 'audio/wav', kind: 'voice' },
  webm: { mime: 'audio/webm', kind: 'voice' },
  ogg: { mime: 'audio/ogg', kind: 'voice' },
  oga: { mime: 'audio/ogg', kind: 'voice' },
  opus: { mime: 'audio/ogg', kind: 'voice' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  m4v: { mime: 'video/mp4', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
};

/**
 * What a file is, by its first bytes (magic numbers), never by its name; null when it is not one
 * of the accepted audio or video formats. WebM is a voice note unless the client said it is video.
 */
export async function detectMedia(file: string, declaredType?: string | null): Promise<DetectedMedia | null> {
  const found = await fileTypeFromFile(file).catch(() => undefined);
  if (!found) return null;
  const accepted = ACCEPTED[found.ext];
  if (!accepted) return null;
  if (found.ext === 'webm' && declaredType?.startsWith('video/'))
    return { ext: 'webm', mime: 'video/webm', kind: 'video' };
  return { ext: found.ext, ...accepted };
}

/**
 * Runs ffmpeg without a shell; resolves with its stderr (where it reports the input's duration).
 * `cwd` lets a filter name a file by a plain relative name (no filtergraph escaping of DATA_DIR).
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs = 30 * 60_000,
  options: { cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], {
      shell: false,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ffmpeg did not finish within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new Error(
          error.code === 'ENOENT'
            ? 'ffmpeg is needed to prepare audio for speech-to-text but was not found; install ffmpeg or set FFMPEG_PATH'
            : error.message,
        ),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else {
        const last = stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
        reject(new Error(`the file could not be read as audio (${last || `ffmpeg exit ${code}`})`));
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

/** Audio pieces sent to speech-to-text one by one (each well under the 25 MB request limit). */
export const STT_PIECE_SECONDS = 600;

/**
 * Converts any accepted audio or video into mono 16 kHz MP3 pieces of STT_PIECE_SECONDS (video
 * dropped), written to `dir`; returns them in order with the input's duration when ffmpeg knows it.
 */
export async function audioPieces(
  ffmpeg: string,
  input: string,
  dir: string,
): Promise<{ pieces: Array<{ file: string; offsetMs: number }>; durationMs: number | null }> {
  const stderr = await runFfmpeg(ffmpeg, [
    '-y',
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    '-f',
    'segment',
    '-segment_time',
    String(STT_PIECE_SECONDS),
    '-reset_timestamps',
    '1',
    path.join(dir, 'piece%04d.mp3'),
  ]);
  const files = (await readdir(dir)).filter((f) => /^piece\d{4}\.mp3$/.test(f)).sort();
  return {
    pieces: files.map((file, i) => ({ file: path.join(dir, file), offsetMs: i * STT_PIECE_SECONDS * 1000 })),
    durationMs: parseFfmpegDuration(stderr),
  };
}

/** The ffmpeg Studio runs: FFMPEG_PATH, else ffmpeg on PATH, else the npm package's binary. */
export const ffmpegBinary = (config: Pick<Config, 'ffmpegPath'>): string =>
  resolveFfmpeg(config.ffmpegPath).path;
