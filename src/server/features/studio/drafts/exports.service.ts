import { createHash } from 'node:crypto';
import { isUuid } from '#contract/ids.ts';
import type { ExportType } from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import {
  type CutClipFile,
  captionsOf,
  carouselFile,
  cutClipFile,
  slidePngs,
  toHtml,
  toMarkdown,
  toText,
} from '../exports/index.ts';
import { findNote, findVoiceSettings } from '../notes/index.ts';
import { toDraft } from './marks.service.ts';
import { findDraft, notesChangedAt, sourceSentences } from './repository.ts';
import { ownDraft } from './service.ts';

/** A draft as files (text, captions, slides) and what publishing takes from it (slides, clips). */

const EXPORTS: Record<ExportType, { type: string; ext: string }> = {
  md: { type: 'text/markdown; charset=utf-8', ext: 'md' },
  html: { type: 'text/html; charset=utf-8', ext: 'html' },
  txt: { type: 'text/plain; charset=utf-8', ext: 'txt' },
  srt: { type: 'application/x-subrip; charset=utf-8', ext: 'srt' },
  vtt: { type: 'text/vtt; charset=utf-8', ext: 'vtt' },
  zip: { type: 'application/zip', ext: 'zip' },
  pdf: { type: 'application/pdf', ext: 'pdf' },
};

/**
 * The draft as a file to download. Captions (SRT, VTT) of clip hooks: every clip on the recording's
 * own clock, or with `clip` (from 1) that clip alone on the cut's clock (0 at its start).
 */
export async function exportDraft(
  ctx: AppContext,
  owner: string,
  id: string,
  as: ExportType,
  clip?: number,
  numbered = true,
): Promise<{ body: string | Buffer; type: string; filename: string }> {
  if (clip !== undefined && as !== 'srt' && as !== 'vtt')
    throw badRequest('Only captions (SRT, VTT) are made per clip.');
  const row = await ownDraft(ctx, owner, id);
  if (row.status !== 'ready') throw badRequest('This draft is not ready yet.');
  const draft = await toDraft(ctx, row);
  const name = clip === undefined ? draft.format : `clip-${clip}`;
  const filename = `${name}-${draft.created_at.slice(0, 10)}.${EXPORTS[as].ext}`;
  const file = (body: string | Buffer) => ({ body, type: EXPORTS[as].type, filename });
  if (as === 'md') return file(toMarkdown(draft, numbered));
  if (as === 'html') return file(toHtml(draft, numbered));
  if (as === 'txt') return file(toText(draft, numbered));
  if (as === 'srt' || as === 'vtt') {
    if (draft.format !== 'clips') throw badRequest('Captions (SRT, VTT) are made for clip hooks.');
    const version = [
      row.id,
      row.updatedAt.toISOString(),
      ...(await notesChangedAt(ctx.database.db, row.noteIds)),
    ];
    return file(
      await captionsOf(
        ctx,
        { version, noteIds: row.noteIds, blocks: draft.blocks },
        () => sourceSentences(ctx.database.db, row.noteIds),
        as,
        clip,
      ),
    );
  }
  if (draft.format !== 'carousel') throw badRequest('Slides (a zip of PNGs, a PDF) are made for carousels.');
  return file(await slidesFile(ctx, owner, row.id, draft.blocks, as === 'pdf' ? 'pdf' : 'zip'));
}

/** A carousel's slides as a zip of PNGs or a PDF, drawn on the slide thread and kept while the slides and byline are the same. */
async function slidesFile(
  ctx: Pick<AppContext, 'config' | 'database'>,
  owner: string,
  draftId: string,
  blocks: readonly { text: string }[],
  as: 'pdf' | 'zip',
): Promise<Buffer> {
  const slides = blocks.map((b, i) => ({
    kind: i === 0 ? ('title' as const) : i === blocks.length - 1 ? ('closing' as const) : ('idea' as const),
    text: b.text,
  }));
  const byline = (await findVoiceSettings(ctx.database.db, owner))?.byline ?? '';
  // Drawn on the slide thread, never in the request; kept while the slides and the byline are the same.
  const key = createHash('sha256')
    .update(JSON.stringify([draftId, slides, byline]))
    .digest('base64url');
  return carouselFile(
    owner,
    key,
    slides,
    byline,
    { ...ctx.config.studio.analysis, cacheBytes: ctx.config.studio.exports.cacheBytes },
    as,
  );
}

/**
 * A carousel draft's slides as one PDF with the owner's byline (publishing's LinkedIn document
 * post); null when the draft is gone or not a ready carousel.
 */
export async function carouselPdfOf(
  ctx: Pick<AppContext, 'config' | 'database'>,
  owner: string,
  draftId: string,
): Promise<Buffer | null> {
  const row = await findDraft(ctx.database.db, owner, draftId);
  if (row?.format !== 'carousel' || row.status !== 'ready') return null;
  const blocks = (row.blocks as { text: string }[]).filter((b) => b.text.trim());
  if (!blocks.length) return null;
  return slidesFile(ctx, owner, row.id, blocks, 'pdf');
}

/**
 * A carousel draft's slides as PNGs with their text (publishing's images on X, Bluesky and
 * Mastodon): the same zip the download gives, drawn on the slide thread and kept, opened here (its
 * entries are stored, not compressed, so this is a copy); null when the draft is gone or not a
 * ready carousel.
 */
export async function carouselSlidesOf(
  ctx: Pick<AppContext, 'config' | 'database'>,
  owner: string,
  draftId: string,
): Promise<{ text: string; png: Buffer }[] | null> {
  const row = await findDraft(ctx.database.db, owner, draftId);
  if (row?.format !== 'carousel' || row.status !== 'ready') return null;
  const blocks = (row.blocks as { text: string }[]).filter((b) => b.text.trim());
  if (!blocks.length) return null;
  const zip = await slidesFile(ctx, owner, row.id, blocks, 'zip');
  return slidePngs(zip).map((png, i) => ({ text: blocks[i]!.text, png }));
}

/**
 * What clip n (from 1) of a clip-hooks draft is cut from: 'video' (it can go out as a video),
 * 'voice' (a recording without picture: its words go), or null when its note is gone. Reads the
 * note only; cuts nothing (the publish preview asks).
 */
export async function clipSourceKind(
  ctx: Pick<AppContext, 'database'>,
  owner: string,
  blocks: readonly { kind: string; sources?: { note_id?: string }[] }[],
  n: number,
): Promise<'video' | 'voice' | null> {
  const clip = blocks.filter((b) => b.kind === 'clip')[n - 1];
  const noteId = clip?.sources?.find((s) => s.note_id && isUuid(s.note_id))?.note_id;
  const note = noteId ? await findNote(ctx.database.db, owner, noteId) : undefined;
  if (!note) return null;
  return note.kind === 'video' ? 'video' : 'voice';
}

/**
 * Clip n (from 1) of a clip-hooks draft cut as a video file, for publishing (the same cut as the
 * download, in the bounded temporary space; the caller releases it). 'audio' when the clip is cut
 * from a voice note (audio is not published as video); null when the draft is gone or not ready clip hooks.
 */
export async function clipVideoOf(
  ctx: Pick<AppContext, 'config' | 'database' | 'log'>,
  owner: string,
  draftId: string,
  n: number,
): Promise<CutClipFile | 'audio' | null> {
  const row = await findDraft(ctx.database.db, owner, draftId);
  if (row?.format !== 'clips' || row.status !== 'ready') return null;
  const cut = await cutClipFile(ctx, owner, row, n);
  if (cut.type === 'video/mp4') return cut;
  await cut.release();
  return 'audio';
}
