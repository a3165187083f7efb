import { createHash } from 'node:crypto';
import type { DraftBlock } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { ByteCache } from '../../../lib/byte-cache.ts';
import { notFound } from '../../../lib/errors.ts';
import {
  type CaptionClip,
  type CaptionRequest,
  captionsOffThread,
  type TimedSentence,
} from '../engine/index.ts';

/**
 * Captions are made on the analysis threads (they read the whole note: a long note's captions held
 * the event loop for seconds) and kept per version of what they are made from, so the same captions
 * downloaded again cost a hash. Bounded by STUDIO_EXPORT_CACHE_MB, least recently used first out.
 */
const kept = new ByteCache<Promise<string>>(16 * 1024 * 1024);

/** Bytes of captions this process keeps now (the tests read it). */
export const captionCacheBytes = () => kept.bytes;

/**
 * The captions of `version` (anything that changes when the captions would: the draft's and its
 * notes' last change, the format, the clip), made once on an analysis thread from `request`;
 * requests for captions being made wait for those.
 */
function captionsKept(
  ctx: Pick<AppContext, 'config'>,
  version: unknown[],
  request: () => Promise<CaptionRequest>,
): Promise<string> {
  kept.maxBytes = ctx.config.studio.exports.cacheBytes;
  const key = createHash('sha256').update(JSON.stringify(version)).digest('base64url');
  const hit = kept.get(key);
  if (hit) return hit;
  const made = request().then((r) => captionsOffThread(ctx.config.studio.analysis, r));
  kept.set(key, made, 0);
  // A JavaScript string holds two bytes a character.
  made.then(
    (file) => kept.resize(key, made, file.length * 2),
    () => kept.resize(key, made, Number.POSITIVE_INFINITY),
  );
  return made;
}

/** What the captions of a draft need from it (the drafts room hands it over). */
export interface CaptionedDraft {
  /** Changes whenever the draft or one of its notes does (its id and last changes). */
  version: unknown[];
  noteIds: string[];
  blocks: DraftBlock[];
}

/**
 * Captions of clips: all that is said in each (a clip cites only its hook line), from the notes'
 * sentences as they are now (`sentences`: every sentence of the draft's notes, in order, read only
 * when the captions are not kept). Every clip on its recording's clock, or clip `only` on its own.
 */
export function captionsOf(
  ctx: Pick<AppContext, 'config'>,
  draft: CaptionedDraft,
  sentences: () => Promise<TimedSentence[]>,
  as: 'srt' | 'vtt',
  only?: number,
): Promise<string> {
  const all = draft.blocks.filter((b) => b.kind === 'clip');
  if (only !== undefined && !all[only - 1]) throw notFound(`This draft has ${all.length} clips.`);
  const clips: CaptionClip[] = (only === undefined ? all : [all[only - 1]!]).flatMap((clip) => {
    const noteId = clip.sources[0]?.note_id;
    if (clip.start_ms === undefined || clip.end_ms === undefined || !noteId) return [];
    return [{ noteId, startMs: clip.start_ms, endMs: clip.end_ms }];
  });
  return captionsKept(ctx, ['draft', ...draft.version, clips, as, only ?? null], async () => ({
    noteIds: draft.noteIds,
    sentences: await sentences(),
    clips,
    as,
    ownClock: only !== undefined,
  }));
}

/** A cut clip's burned-in captions (SRT from 0), or '' when nothing is said in it. */
export function clipSrt(
  ctx: Pick<AppContext, 'config'>,
  note: { id: string; updatedAt: Date },
  startMs: number,
  endMs: number,
  sentences: () => Promise<TimedSentence[]>,
): Promise<string> {
  return captionsKept(ctx, ['cut', note.id, note.updatedAt.toISOString(), startMs, endMs], async () => ({
    noteIds: [note.id],
    sentences: await sentences(),
    clips: [{ noteId: note.id, startMs, endMs }],
    as: 'srt',
    ownClock: true,
  }));
}
