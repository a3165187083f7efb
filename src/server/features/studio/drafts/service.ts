import { createHash, randomUUID } from 'node:crypto';
import { isUuid } from '#contract/ids.ts';
import { needsReview, type TranscriptEngine } from '#contract/studio.ts';
import {
  BEFORE_CORRECTIONS_REASON,
  CONVERSATION_FORMATS,
  type CreateDrafts,
  DRAFT_FORMAT_LABELS,
  type Draft,
  type DraftBlock,
  draftCardTitle,
  draftSummary,
  type ExportType,
  originOf,
  ROUGH_TRANSCRIPT_REASON,
  slideFitProblem,
} from '#contract/studio-drafts.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { fileEchoCoreResults, settleEchoCoreResult } from '../../content-results/index.ts';
import { AS_SAID_REASON, bestSources, claimsSupport, supportOf } from '../engine/index.ts';
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
import { currentProfile, findNote, findVoiceSettings, profileWithout, queueProfile } from '../notes/index.ts';
import { type ArrangeInput, arrangeBlocks } from './arrange.ts';
import { checklistOf, withFacts } from './facts.ts';
import { countDraftJobs, fairPriority } from './fairness.ts';
import { fidelityOf, registerOf } from './fidelity.ts';
import { freshMeta } from './generate.ts';
import { generateDraftJob } from './job-definitions.ts';
import { type Learned, learnedFrom } from './learning.ts';
import { assertModelCallsLeft } from './model-calls.ts';
import {
  type DraftRow,
  findDraft,
  insertDrafts,
  keepVersion,
  listDrafts,
  type NoteState,
  noteStates,
  notesChangedAt,
  type StoredBlock,
  sentenceStates,
  sourceNotes,
  sourceSentences,
  sourceSpeakers,
  updateDraft,
} from './repository.ts';
import { engineSpeakerOf, isOwners, speakingAs } from './speakers.ts';

/** Echo Studio, part 2: drafts made from notes. Generation itself runs in a job. */

export const DRAFT_NOT_FOUND_MESSAGE = 'Draft not found';

/**
 * Drafts as the API answers them. One query finds which source sentences still exist and when their
 * words last changed, one what the notes' words are: a draft from a rough transcript nobody checked
 * says so (and its score never claims the words as said), a draft whose notes' words changed after
 * it read them is "made before your corrections", and its sources changed since show as changed.
 */
export async function toDrafts(ctx: AppContext, rows: DraftRow[]): Promise<Draft[]> {
  const db = ctx.database.db;
  const [sentences, notes] = await Promise.all([
    sentenceStates(
      db,
      rows.flatMap((row) =>
        (row.blocks as StoredBlock[]).flatMap((b) => b.sources.map((s) => s.sentence_id)),
      ),
    ),
    noteStates(
      db,
      rows.flatMap((row) => row.noteIds),
    ),
  ]);
  return rows.map((row) => {
    const readAt = wordsReadAt(row);
    const own = row.noteIds.flatMap((id) => notes.get(id) ?? []);
    const rough = own.some((n) =>
      needsReview(n.transcriptEngine as TranscriptEngine | null, n.transcriptReviewedAt),
    );
    const before =
      row.status === 'ready' && own.some((n) => n.wordsChangedAt !== null && n.wordsChangedAt > readAt);
    return {
      id: row.id,
      format: row.format as Draft['format'],
      engine: row.engine as Draft['engine'],
      status: row.status as Draft['status'],
      note_ids: row.noteIds,
      blocks: withAvailability(row.blocks as StoredBlock[], sentences, { readAt, notes }),
      fidelity: honestFidelity((row.fidelity as Draft['fidelity']) ?? null, { rough, stale: before }),
      meta: row.meta as Record<string, unknown>,
      error: row.error,
      edited: row.edited,
      rough_transcript: rough,
      before_corrections: before,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** When a draft's words were read from its notes (drafts written before it was kept: when made). */
const wordsReadAt = (row: DraftRow): Date => {
  const at = (row.meta as Record<string, unknown> | null)?.words_read_at;
  return typeof at === 'string' ? new Date(at) : row.createdAt;
};

/**
 * A score never claims words as said that nobody checked (a rough transcript) or that the owner has
 * corrected since (made before the corrections): it says so first instead.
 */
export function honestFidelity(
  fidelity: Draft['fidelity'],
  words: { rough: boolean; stale: boolean },
): Draft['fidelity'] {
  if (!fidelity || (!words.rough && !words.stale)) return fidelity;
  const first = [
    ...(words.rough ? [ROUGH_TRANSCRIPT_REASON] : []),
    ...(words.stale ? [BEFORE_CORRECTIONS_REASON] : []),
  ];
  const honest = (reasons: string[]) => [
    ...first,
    ...reasons.filter((r) => r !== AS_SAID_REASON && !first.includes(r)),
  ];
  return {
    ...fidelity,
    reasons: honest(fidelity.reasons),
    ...(fidelity.faithful
      ? { faithful: { ...fidelity.faithful, reasons: honest(fidelity.faithful.reasons) } }
      : {}),
    ...(words.rough ? { rough: true } : {}),
  };
}

/**
 * Stored blocks as the API answers them: an origin, whether each source sentence still exists, and,
 * given when the draft read its words, whether the owner changed that sentence since (or, gone from a
 * note whose words changed since, split or joined away): then it is not the source of these words.
 */
export const withAvailability = (
  blocks: StoredBlock[],
  sentences: Map<string, Date | null>,
  since?: { readAt: Date; notes: Map<string, NoteState> },
): DraftBlock[] =>
  blocks.map((b) => ({
    ...b,
    origin: originOf(b),
    sources: b.sources.map((s) => {
      const available = sentences.has(s.sentence_id);
      if (!since) return { ...s, available };
      const changedAt = available ? sentences.get(s.sentence_id) : since.notes.get(s.note_id)?.wordsChangedAt;
      return changedAt && changedAt > since.readAt ? { ...s, available, changed: true } : { ...s, available };
    }),
  }));

export const toDraft = async (ctx: AppContext, row: DraftRow): Promise<Draft> =>
  (await toDrafts(ctx, [row]))[0]!;

export async function ownDraft(ctx: AppContext, owner: string, id: string): Promise<DraftRow> {
  const row = isUuid(id) ? await findDraft(ctx.database.db, owner, id) : undefined;
  if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
  return row;
}

/** One draft per format, each an echo_core result on the dashboard, generated by a job. */
export async function createDrafts(ctx: AppContext, owner: string, input: CreateDrafts): Promise<Draft[]> {
  const noteIds = [...new Set(input.note_ids)];
  const notes = await sourceNotes(ctx.database.db, owner, noteIds);
  if (notes.length !== noteIds.length) throw notFound('Note not found');
  if (input.engine === 'llm' && !ctx.config.llm.baseUrl)
    throw badRequest('No language model is configured (LLM_BASE_URL); use the offline engine.');
  const conversational = input.formats.filter((f) => CONVERSATION_FORMATS.includes(f));
  if (conversational.length > 0 && (await sourceSpeakers(ctx.database.db, noteIds)).length === 0)
    throw badRequest(
      `${DRAFT_FORMAT_LABELS[conversational[0]!]} are made from a conversation: name the speakers of the note first.`,
    );
  const from = notes.length === 1 ? `"${notes[0]!.title}"` : `${notes.length} notes`;
  await assertModelCallsLeft(ctx, owner, input.engine);
  await countDraftJobs(ctx, owner, new Set(input.formats).size);
  // The offline engine writes a request's drafts in one job (one read of their notes, little CPU
  // for all five); each draft the model writes is a job of its own (it waits on the model).
  const together = input.engine === 'extractive' || !ctx.config.llm.baseUrl;
  const rows = await ctx.database.transaction(async (tx) => {
    // Each job of the request queues behind the owner's drafts already waiting and its own before it.
    const fair = await fairPriority(tx.db, owner, []);
    // Every draft of the request and its dashboard card in two statements, whatever the formats:
    // the ids are chosen here, so a draft's address can name it before it is stored.
    const planned = [...new Set(input.formats)].map((format) => ({
      format,
      id: randomUUID(),
      resultId: randomUUID(),
    }));
    await fileEchoCoreResults(
      tx.db,
      planned.map(({ format, id, resultId }) => ({
        id: resultId,
        email: owner,
        sourceUrl: `${ctx.config.publicUrl}/studio?draft=${id}`,
        summary: `${DRAFT_FORMAT_LABELS[format]} from ${from}`,
        title: draftCardTitle(
          format,
          notes.map((n) => n.title),
        ),
      })),
    );
    const created = await insertDrafts(
      tx.db,
      planned.map(({ format, id, resultId }) => ({
        id,
        ownerEmail: owner,
        format,
        requestedEngine: input.engine,
        noteIds,
        status: 'waiting',
        contentResultId: resultId,
      })),
    );
    const jobs = together ? [created.map((row) => row.id)] : created.map((row) => [row.id]);
    for (const [i, [draftId, ...withDraftIds]] of jobs.entries())
      await ctx.jobs.enqueue(
        tx,
        generateDraftJob,
        { draftId: draftId!, ...(withDraftIds.length ? { withDraftIds } : {}) },
        { priority: fair - i },
      );
    return created;
  });
  return toDrafts(ctx, rows);
}

export async function getDraft(ctx: AppContext, owner: string, id: string): Promise<Draft> {
  return toDraft(ctx, await ownDraft(ctx, owner, id));
}

export async function listDraftsOf(ctx: AppContext, owner: string, noteId?: string): Promise<Draft[]> {
  if (noteId !== undefined && !isUuid(noteId)) return [];
  return toDrafts(ctx, await listDrafts(ctx.database.db, owner, noteId));
}

/**
 * Saves edited blocks: each edited sentence is checked again against its sources (or, when it no
 * longer says what they said, against the notes' best matching sentences), the score is measured
 * again, and, unless learning is off, the user's own words in it become this draft's sample of
 * their voice (learning.ts: no note, nothing counted twice).
 */
export async function saveDraftEdits(
  ctx: AppContext,
  owner: string,
  id: string,
  input: ArrangeInput & { learn: boolean },
): Promise<Draft> {
  const row = await ownDraft(ctx, owner, id);
  if (row.status !== 'ready')
    throw badRequest('This draft is still being written; edit it when it is ready.');
  // Blocks added, deleted or moved, then every edited text checked against its sources.
  const { blocks, edits } = arrangeBlocks(row.blocks as StoredBlock[], input);
  // An edited or added slide must still fit its slide, as the generator's do (the rendered PNG would cut it).
  for (const [index, block] of blocks.entries()) {
    const text = edits.get(block.id);
    if (row.format !== 'carousel' || text === undefined || text === block.text || !text) continue;
    const problem = slideFitProblem(text);
    if (problem) throw badRequest(`Slide ${index + 1} has ${problem}`);
  }
  const [sentences, speakers, settings] = await Promise.all([
    sourceSentences(ctx.database.db, row.noteIds),
    sourceSpeakers(ctx.database.db, row.noteIds),
    findVoiceSettings(ctx.database.db, owner),
  ]);
  const byId = new Map(sentences.map((s) => [s.id, s]));
  const speaking = speakingAs(speakers, settings?.myNames ?? []);
  const next = blocks
    .map((block) => {
      let text = edits.get(block.id);
      if (text === undefined || text === block.text) return block;
      if (!claimsSupport(block)) return { ...block, text }; // Echo's words claim no source
      // A guest's quote stays theirs, and named; the owner's words rest only on the owner's turns.
      const guest = originOf(block) === 'guest' ? block.speaker : undefined;
      if (guest && !text.includes(guest)) text = `${text} — ${guest}`;
      const candidates = sentences.filter((s) =>
        guest ? engineSpeakerOf(s, speaking)?.name === guest : isOwners(s, speaking),
      );
      const quoted = guest ? quoteOf(text, guest) : text;
      let sources = block.sources.filter((s) => byId.has(s.sentence_id));
      let check = supportOf(
        quoted,
        sources.map((s) => byId.get(s.sentence_id)!.text),
      );
      if (!check.supported) {
        const better = bestSources(quoted, candidates, 3);
        const recheck = supportOf(
          quoted,
          better.map((s) => s.text),
        );
        if (recheck.supported) {
          sources = better.map((s) => ({ note_id: s.noteId, sentence_id: s.id }));
          check = recheck;
        }
      }
      return { ...block, text, sources, supported: check.supported };
    })
    .filter((block) => block.text.length > 0);
  const changedEcho = new Set(
    blocks.filter((b) => !claimsSupport(b) && edits.has(b.id) && edits.get(b.id) !== b.text).map((b) => b.id),
  );
  const learned = input.learn
    ? learnedFrom(
        next,
        (sentenceId) => byId.get(sentenceId)?.text,
        changedEcho,
        (row.learned as Learned | null) ?? null,
      )
    : undefined;
  const [profile, others, notes] = await Promise.all([
    currentProfile(ctx.database.db, owner),
    profileWithout(ctx.database.db, owner, row.noteIds),
    sourceNotes(ctx.database.db, owner, row.noteIds),
  ]);
  const fidelity = fidelityOf(profile, registerOf(notes), next, undefined, others);
  // Kept or left out, as the edited text now says.
  const facts = await checklistOf(ctx.config, row.format as Draft['format'], sentences, next);
  const saved = await ctx.database.transaction(async (tx) => {
    await keepVersion(tx.db, row, 'save');
    const updated = await updateDraft(tx.db, row.id, {
      blocks: next,
      edited: true,
      fidelity,
      meta: withFacts(freshMeta(row.meta), facts),
      ...(learned !== undefined ? { learned } : {}),
    });
    if (learned !== undefined && !sameLearning(row.learned as Learned | null, learned))
      await queueProfile(ctx.jobs, tx, owner);
    if (row.contentResultId)
      await settleEchoCoreResult(tx.db, row.contentResultId, 'completed', { summary: summaryOf(next) });
    return updated!;
  });
  return toDraft(ctx, saved);
}

/** A guest block's quoted words, without its attribution ("As Priya put it:", "— Priya"). */
function quoteOf(text: string, speaker: string): string {
  return text
    .split(speaker)
    .join(' ')
    .replace(/\b(?:as\s+put it|in\s+[’']s words)\s*:?/gi, ' ')
    .replace(/[“”"—]/g, ' ')
    .trim();
}

/** Whether two samples teach the same words (then the profile need not be rebuilt). */
export const sameLearning = (a: Learned | null, b: Learned | null): boolean =>
  JSON.stringify(a?.blocks ?? {}) === JSON.stringify(b?.blocks ?? {});

/** Starts a new generation of the whole draft, or of one block. */
export async function regenerateDraft(
  ctx: AppContext,
  owner: string,
  id: string,
  blockId: string | undefined,
): Promise<Draft> {
  const row = await ownDraft(ctx, owner, id);
  if (row.status === 'waiting' || row.status === 'generating')
    throw badRequest('This draft is already being written.');
  if (blockId !== undefined && !(row.blocks as StoredBlock[]).some((b) => b.id === blockId))
    throw badRequest(`Unknown block: ${blockId}`);
  await assertModelCallsLeft(ctx, owner, row.requestedEngine);
  await countDraftJobs(ctx, owner, 1);
  const updated = await ctx.database.transaction(async (tx) => {
    if (row.status === 'ready') await keepVersion(tx.db, row, 'regenerate');
    const next = await updateDraft(tx.db, row.id, {
      status: 'waiting',
      error: null,
      meta: freshMeta(row.meta),
    });
    if (row.contentResultId)
      await settleEchoCoreResult(tx.db, row.contentResultId, 'pending', {
        summary: summaryOf(row.blocks as StoredBlock[]),
      });
    await ctx.jobs.enqueue(
      tx,
      generateDraftJob,
      { draftId: row.id, ...(blockId ? { blockId } : {}) },
      { priority: await fairPriority(tx.db, owner, [row.id]) },
    );
    return next!;
  });
  return toDraft(ctx, updated);
}

/** The first words of the draft as posted, for its card on the dashboard. */
export const summaryOf = (blocks: Pick<StoredBlock, 'kind' | 'text' | 'group'>[]) => draftSummary(blocks);

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
