import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { NoteKind } from '#contract/studio.ts';

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
