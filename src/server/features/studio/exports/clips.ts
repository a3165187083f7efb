import { createReadStream, type ReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '#contract/ids.ts';
import { CLIP_NOTE_DELETED_MESSAGE, type DraftBlock } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { ffmpegBinary, inputFormatArgs, runFfmpeg } from '../../../providers/media/ffmpeg-run.ts';
import { type LocalCopy, TempSpaceFullError } from '../../../providers/storage/index.ts';
import { onStorage, studioStorage, studioTemp } from '../media-store.ts';
import { findNote, listSentences } from '../notes/index.ts';
import { clipSrt } from './captions.ts';

/**
 * The cut clip of a clip-hooks draft: the note's own recording from the clip's start to
 * its end, re-encoded (a stream copy cuts only at key frames): AAC audio in .m4a for a voice note,
 * H.264 + AAC in .mp4 with the clip's captions burned in (libass `subtitles`, captions re-timed to
 * start at 0) for a video note.
 *
 * Cut on request, not in a job: a clip is at most 60 s, so even a video's cut is short next to
 * what queueing a job and polling for it would add. Every cut works on a local copy of the note's
 * media in the bounded temporary space
 * (STORAGE_TEMP_DIR, STORAGE_TEMP_MB; read in place when the store is this machine's disk), in its
 * own folder removed once the file is sent (the maintenance job removes any left by a crash), so
 * there is nothing to keep in step when a draft is regenerated or a note deleted, and any process
 * can cut from media in a shared bucket. At most MAX_PARALLEL_CUTS run at once per process; a few
 * more wait their turn, and beyond that the answer is 503 with Retry-After.
 */

export const MAX_PARALLEL_CUTS = 2;
export const MAX_WAITING_CUTS = 8;
/** ffmpeg's time limit per cut. */
export const CUT_TIMEOUT_MS = { voice: 30_000, video: 120_000 } as const;
/** Longest side of a cut video (720x1280 for a vertical clip); smaller videos keep their size. */
const VIDEO_MAX_SIDE = 1280;
const CAPTIONS_FILE = 'captions.srt';
/** Temporary space reserved for a cut's output (at most 60 s: AAC audio, or 720p H.264 video). */
const CUT_OUTPUT_BYTES = { voice: 8 * 1024 * 1024, video: 96 * 1024 * 1024 } as const;

export interface CutClip {
  stream: ReadStream;
  bytes: number;
  type: string;
  filename: string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * ffmpeg's arguments for one cut (run without a shell, in the cut's folder so the captions file is
 * named without any filtergraph escaping). Seeking on the input while re-encoding is frame-accurate
 * and starts the output's clock at 0, the clock the re-timed captions use. The recording is read
 * with the one demuxer of the type detected from its first bytes (`mime`, as for transcription):
 * ffmpeg never probes it as another format, and a type Echo does not accept throws (nothing runs).
 */
export function cutArgs(input: {
  kind: 'voice' | 'video';
  source: string;
  mime: string | null;
  startMs: number;
  endMs: number;
  captions: boolean;
  output: string;
}): string[] {
  const common = ['-y', '-ss', seconds(input.startMs), ...inputFormatArgs(input.mime), '-i', input.source];
  const duration = ['-t', seconds(input.endMs - input.startMs)];
  const audio = ['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-sn', '-dn'];
  if (input.kind === 'voice') return [...common, ...duration, '-map', '0:a:0', '-vn', ...audio, input.output];
  const even = (side: string) => `trunc(min(${VIDEO_MAX_SIDE},${side})/2)*2`;
  const filters = [
    `scale='if(gte(iw,ih),${even('iw')},-2)':'if(gte(iw,ih),-2,${even('ih')})'`,
    ...(input.captions ? [`subtitles=${CAPTIONS_FILE}`] : []),
  ];
  return [
    ...common,
    ...duration,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    ...audio,
    input.output,
  ];
}

/** Cuts one owner may have running or waiting at once, so others always find a place. */
export const MAX_CUTS_PER_OWNER = 2;

let running = 0;
const waiting: Array<() => void> = [];
const perOwner = new Map<string, number>();

/**
 * Runs the work when one of the MAX_PARALLEL_CUTS slots is free; 503 when too many wait already,
 * 429 when the owner already has MAX_CUTS_PER_OWNER cuts running or waiting.
 */
export async function inCutSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
  const mine = perOwner.get(owner) ?? 0;
  if (mine >= MAX_CUTS_PER_OWNER)
    throw new AppError(
      'rate_limited',
      `You have ${MAX_CUTS_PER_OWNER} clips being cut already; download them, then cut the next one.`,
      { headers: { 'retry-after': '10' } },
    );
  perOwner.set(owner, mine + 1);
  try {
    return await inSharedSlot(work);
  } finally {
    const left = (perOwner.get(owner) ?? 1) - 1;
    if (left > 0) perOwner.set(owner, left);
    else perOwner.delete(owner);
  }
}

async function inSharedSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_CUTS) running++;
  else if (waiting.length >= MAX_WAITING_CUTS)
    throw new AppError('unavailable', 'Echo is cutting many clips right now; please try again in a minute.', {
      headers: { 'retry-after': '30' },
    });
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The draft a clip is cut from (the drafts room's row, already found as the owner's). */
export interface ClipDraft {
  id: string;
  format: string;
  status: string;
  blocks: unknown;
  createdAt: Date;
}
type ClipBlock = Pick<DraftBlock, 'kind' | 'start_ms' | 'end_ms'> & { sources: { note_id: string }[] };

/** Clip n (from 1, in the draft's order) of a clip-hooks draft, cut from its note's recording. */
export async function cutDraftClip(
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
  owner: string,
  row: ClipDraft,
  n: number,
): Promise<CutClip> {
  const cut = await cutClipFile(ctx, owner, row, n);
  const stream = createReadStream(cut.file);
  stream.once('close', () => void cut.release().catch(() => undefined));
  return { stream, bytes: cut.bytes, type: cut.type, filename: cut.filename };
}

/** A cut clip as a file in the bounded temporary space, until `release` (publishing streams it from there). */
export interface CutClipFile {
  file: string;
  bytes: number;
  type: string;
  filename: string;
  release: () => Promise<void>;
}

/** Clip n cut to a file (see cutDraftClip); the caller must call `release` when done with it. */
export async function cutClipFile(
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
  owner: string,
  row: ClipDraft,
  n: number,
): Promise<CutClipFile> {
  if (row.format !== 'clips') throw badRequest('Cut clips are made for clip hooks.');
  if (row.status !== 'ready') throw badRequest('This draft is not ready yet.');
  const clips = (row.blocks as ClipBlock[]).filter((b) => b.kind === 'clip');
  const clip = clips[n - 1];
  if (!clip) throw notFound(`This draft has ${clips.length} clips; there is no clip ${n}.`);
  const { start_ms: startMs, end_ms: endMs } = clip;
  if (startMs === undefined || endMs === undefined || endMs <= startMs)
    throw badRequest('This clip has no times in the recording, so it cannot be cut.');
  const noteId = clip.sources.find((s) => isUuid(s.note_id))?.note_id;
  const note = noteId ? await findNote(ctx.database.db, owner, noteId) : undefined;
  if (!note) throw notFound(CLIP_NOTE_DELETED_MESSAGE);
  if (
    !note.mediaPath ||
    note.joinRecordingId ||
    (note.kind !== 'voice' && note.kind !== 'video') ||
    note.status === 'uploading'
  )
    throw badRequest(
      'The note of this clip has no recording to cut; clips are cut from voice and video notes.',
    );
  const key = note.mediaPath;
  const storage = studioStorage(ctx.config);
  if (!(await onStorage(ctx.config, () => storage.head(key))))
    throw notFound('The media file of this note is gone');

  const kind = note.kind;
  const output = kind === 'video' ? 'clip.mp4' : 'clip.m4a';
  let copy: LocalCopy | undefined;
  try {
    let srt: string | null = null;
    if (kind === 'video') {
      const captions = await clipSrt(ctx, note, startMs, endMs, () =>
        listSentences(ctx.database.db, note.id),
      );
      if (captions) srt = captions;
    }
    await inCutSlot(owner, async () => {
      // The copy is made in the cut's slot, so waiting cuts hold no temporary space.
      copy = await onStorage(ctx.config, () =>
        studioTemp(ctx.config).copyOf(storage, key, { extraBytes: CUT_OUTPUT_BYTES[kind] }),
      );
      if (srt !== null) await writeFile(path.join(copy.dir, CAPTIONS_FILE), srt);
      const args = cutArgs({
        kind,
        source: copy.file,
        mime: note.mediaMime,
        startMs,
        endMs,
        captions: srt !== null,
        output,
      });
      await runFfmpeg(ffmpegBinary(ctx.config), args, CUT_TIMEOUT_MS[kind], { cwd: copy.dir });
    });
    const done = copy as LocalCopy | undefined;
    if (!done) throw new Error('the clip was not cut');
    const file = path.join(done.dir, output);
    const bytes = (await stat(file)).size;
    return {
      file,
      bytes,
      release: () => done.release(),
      type: kind === 'video' ? 'video/mp4' : 'audio/mp4',
      filename: `clip-${n}-${row.createdAt.toISOString().slice(0, 10)}.${kind === 'video' ? 'mp4' : 'm4a'}`,
    };
  } catch (error) {
    await (copy as LocalCopy | undefined)?.release();
    if (error instanceof AppError) throw error;
    if (error instanceof TempSpaceFullError)
      throw new AppError('unavailable', 'The server is busy cutting other clips; please try again shortly.', {
        headers: { 'retry-after': '30' },
      });
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, draftId: row.id, clip: n }, 'cutting a clip failed');
    if (message.includes('did not finish within'))
      throw new AppError('unavailable', 'Cutting this clip took too long; please try again later.');
    if (message.includes('was not found'))
      throw new AppError('unavailable', 'Cutting clips needs ffmpeg, which this server cannot find.');
    throw new AppError(
      'unsupported_media_type',
      'Echo could not cut this clip: the note’s media could not be read.',
    );
  }
}
