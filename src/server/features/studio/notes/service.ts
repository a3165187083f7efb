import { isUuid } from '#contract/ids.ts';
import {
  type CreateTextNoteInput,
  NOTE_NOT_FOUND_MESSAGE,
  type NoteDetail,
  type NoteKind,
  type NoteListItem,
  type NoteRegister,
  type NoteStatus,
  type NotesPage,
  type NotesQuery,
  needsReview,
  registerOfKind,
  STUDIO_API,
  type TranscriptEngine,
  type UpdateNoteInput,
  type Usage,
  WHOLE_TEXT_CONVERSATION_MESSAGE,
} from '#contract/studio.ts';
import { answerQuestionOf } from '#contract/studio-ask.ts';
import { basedOnSentence, type UpdateVoiceInput, type VoiceProfile } from '#contract/studio-voice.ts';
import type { AppContext } from '../../../context.ts';
import type { Database, DbOrTx, Tx } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { type Analysis, analyseOffThread, cleanText, sentencesAsSegments } from '../engine/index.ts';
import { queueMediaDeletion, removeQueuedMediaNow } from '../media-deletions.ts';
import { profileJob, transcribeJob } from './job-definitions.ts';
import { assertTextQuota, countNewNotes } from './limits.ts';
import { withOwnerLock } from './owner-lock.ts';
import { toApiProfile } from './profile-view.ts';
import {
  countNotes,
  deleteNote as deleteNoteRow,
  findNote,
  insertNote,
  insertSentences,
  type ListedNote,
  listNotes,
  listSentences,
  type NewNote,
  type NoteRow,
  notesInStatus,
  rewriteSentences,
  type SentenceRow,
  storedBytes,
  storeEditedSentences,
  updateNote as updateNoteRow,
} from './repository.ts';
import { listSpeakers, type SpeakerRow } from './speakers.repository.ts';
import { findVoiceSettings, markProfileStale, upsertVoiceSettings } from './voice.repository.ts';
import { currentProfile } from './voice-profile.ts';

/** What a conversation note keeps for the profile and the Ideas (speakers.ts). */
interface OwnAnalysis {
  stats: Analysis['stats'] | null;
  keyPhrases: Analysis['keyPhrases'];
}

/**
 * In the transaction that changes an owner's notes, pins or bans: its stored profile is marked
 * out of date (read fresh until rebuilt, see currentProfile) and the rebuild is queued, at most one
 * every PROFILE_REBUILD_SECONDS per owner (a rebuild reads every note's stats: one per note of a
 * burst made it quadratic; the one waiting covers every change before it starts).
 */
export async function queueProfile(jobs: Pick<JobQueue, 'enqueue'>, tx: Tx, owner: string): Promise<void> {
  await markProfileStale(tx.db, owner);
  await jobs.enqueue(
    tx,
    profileJob,
    { owner },
    { singletonKey: owner, debounceSeconds: PROFILE_REBUILD_SECONDS },
  );
}

/** The stored profile is rebuilt at most this often per owner. */
export const PROFILE_REBUILD_SECONDS = 5;

export const quotaBytes = (ctx: AppContext): number => ctx.config.studio.quotaBytes;

const TITLE_WORDS = 12;
const TITLE_CHARS = 80;

/**
 * A title for a note without one: its first sentence, or as much of it as fits (12 words, 80
 * characters), cut where a word ends and marked "…" (never "…next client call. I").
 */
export function titleFrom(text: string, fallback: string): string {
  const line = text.trim().split(/\n/)[0]?.trim() ?? '';
  if (!line) return fallback;
  const sentence = /^(.+?[.!?]["'”’)]*)(?:\s|$)/.exec(line)?.[1] ?? line;
  const words = sentence.split(/\s+/);
  let title = words.slice(0, TITLE_WORDS).join(' ');
  let cut = words.length > TITLE_WORDS;
  if (title.length > TITLE_CHARS) {
    const end = title.lastIndexOf(' ', TITLE_CHARS - 1);
    title = end > 0 ? title.slice(0, end) : title.slice(0, TITLE_CHARS - 1);
    cut = true;
  }
  return cut ? `${title.replace(/[\s,;:.!?-]+$/, '')}…` : title;
}

/**
 * A note as the library lists it. `speakers`: a conversation note's speakers when the caller read
 * them (a listed row carries their count); none for a solo note.
 */
export function toListItem(row: ListedNote | NoteRow, speakers: readonly SpeakerRow[] = []): NoteListItem {
  const excerpt = 'excerpt' in row ? row.excerpt : row.text.slice(0, 240);
  const conversation =
    'speakerCount' in row
      ? row.speakerCount > 0
        ? { speakers: row.speakerCount, me_answered: row.meAnswered }
        : null
      : speakers.length > 0
        ? { speakers: speakers.length, me_answered: speakers.some((s) => s.isMe) }
        : null;
  return {
    id: row.id,
    kind: row.kind as NoteKind,
    register: row.register as NoteRegister,
    status: row.status as NoteStatus,
    status_message: row.statusMessage,
    title: row.title,
    excerpt,
    word_count: row.wordCount,
    duration_ms: row.durationMs,
    media_bytes: row.mediaBytes,
    // A recording's chunks not joined yet are no media to play (media-join.ts).
    has_media: row.mediaPath !== null && row.joinRecordingId === null && row.status !== 'uploading',
    source_url: row.sourceUrl,
    transcript_engine: (row.transcriptEngine as TranscriptEngine | null) ?? null,
    conversation,
    needs_review: needsReview(row.transcriptEngine as TranscriptEngine | null, row.transcriptReviewedAt),
    words_changed_at: row.wordsChangedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDetail(
  row: NoteRow,
  sentences: SentenceRow[],
  speakers: readonly SpeakerRow[] = [],
): NoteDetail {
  const item = toListItem(row, speakers);
  return {
    ...item,
    text: row.text,
    sentences: sentences.map((s) => ({
      id: s.id,
      text: s.text,
      start_char: s.startChar,
      end_char: s.endChar,
      start_ms: s.startMs,
      end_ms: s.endMs,
      filler: s.filler,
      fillers: s.fillers as Array<{ start: number; end: number }>,
      speaker_id: s.speakerId,
    })),
    speakers: speakers.map((s) => ({ id: s.id, label: s.label, name: s.name, me: s.isMe })),
    key_phrases: row.keyPhrases.map((k) => k.phrase),
    media_url: item.has_media ? `${STUDIO_API}/notes/${row.id}/media` : null,
    media_mime: item.has_media ? row.mediaMime : null,
  };
}

export async function createTextNote(ctx: AppContext, owner: string, input: CreateTextNoteInput) {
  const text = cleanText(input.text.trim());
  await assertTextQuota(ctx, owner, text.length);
  await countNewNotes(ctx, owner, 1);
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [{ text, register: 'written' }]);
  if (!analysis) throw new Error('Text analysis answered nothing');
  const row = await withOwnerLock(ctx, owner, async (tx) => {
    await assertTextQuota(ctx, owner, text.length, 0, tx.db);
    const note = await insertNote(tx.db, {
      ownerEmail: owner,
      kind: 'text',
      register: 'written',
      status: 'ready',
      title: input.title?.trim() || titleFrom(text, 'Untitled note'),
      text,
      wordCount: analysis.wordCount,
      stats: analysis.stats,
      keyPhrases: analysis.keyPhrases,
      figures: analysis.figures,
    });
    const ids = await insertSentences(
      tx.db,
      analysis.sentences.map((s) => ({ ...s, noteId: note.id })),
    );
    await queueProfile(ctx.jobs, tx, owner);
    return { note, ids };
  });
  // The note as stored, without reading it back (a note may be 200,000 characters).
  return toDetail(
    row.note,
    analysis.sentences.map((s, i) => ({
      ...s,
      id: row.ids[i]!,
      noteId: row.note.id,
      words: null,
      wordsChangedAt: null,
      speakerId: null,
    })),
  );
}

export async function getNote(ctx: AppContext, owner: string, id: string): Promise<NoteDetail> {
  const row = isUuid(id) ? await findNote(ctx.database.db, owner, id) : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  // Sentences are stored with a ready note only (in the transaction that makes it ready): a note
  // still in progress, which the page looks at again every few seconds, needs one query.
  if (row.status !== 'ready') return toDetail(row, []);
  return toDetail(
    row,
    await listSentences(ctx.database.db, row.id),
    await listSpeakers(ctx.database.db, row.id),
  );
}

/** A page cursor: the (created_at, id) of the last note of the page, base64url. */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badRequest('Invalid cursor');
  return { createdAt, id };
}

export async function listNotePage(
  ctx: AppContext,
  owner: string,
  query: Required<Pick<NotesQuery, 'limit'>> & NotesQuery,
): Promise<NotesPage> {
  const filters = { kind: query.kind, status: query.status };
  const limit = Number(query.limit);
  const rows = await listNotes(ctx.database.db, owner, filters, decodeCursor(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  return {
    notes: page.map((row) => toListItem(row)),
    next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    total: await countNotes(ctx.database.db, owner, filters),
  };
}

/**
 * Renames a note, or edits its whole text (sentences, stats, key phrases and search figures are
 * recomputed). Sentences split, joined or rewritten: each sentence whose words still read the same
 * keeps its id and times; changed ones take times from the words around them (`wordsAsSegments`) and
 * are marked changed, so drafts made before say so (text-edit.ts). Changed words also count as the
 * owner's read of a rough transcript.
 */
export async function updateNote(ctx: AppContext, owner: string, id: string, input: UpdateNoteInput) {
  const row = isUuid(id) ? await findNote(ctx.database.db, owner, id) : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  if (input.text !== undefined && row.status !== 'ready')
    throw conflict('This note has no text to edit yet; wait until it is ready.');
  const text = input.text === undefined ? undefined : cleanText(input.text.trim());
  if (text === undefined || text === row.text) {
    if (input.title !== undefined) await updateNoteRow(ctx.database.db, owner, id, { title: input.title });
    return getNote(ctx, owner, id);
  }
  // A new text has new sentences: none would keep its speaker.
  if ((await listSpeakers(ctx.database.db, id)).length) throw conflict(WHOLE_TEXT_CONVERSATION_MESSAGE);
  // Analysed off the event loop, outside the transaction (no connection held while it runs).
  await assertTextQuota(ctx, owner, text.length, row.text.length);
  const register = registerOfKind(row.kind as NoteKind);
  const before = await listSentences(ctx.database.db, id);
  const segments = sentencesAsSegments(before);
  // The old sentences go with it: which new sentence is which, and its times, found off the loop too.
  const previous = before.map(({ text, startMs, endMs, words }) => ({ text, startMs, endMs, words }));
  const [analysis] = await analyseOffThread(ctx.config.studio.analysis, [
    { text, register, segments: segments.length ? segments : undefined, previous },
  ]);
  const kept = analysis?.kept;
  if (!analysis || !kept) throw new Error('Text analysis answered nothing');
  await withOwnerLock(ctx, owner, async (tx) => {
    const current = await findNote(tx.db, owner, id);
    if (!current) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    if (current.text !== row.text) throw conflict('This note changed while it was being edited; try again.');
    await assertTextQuota(ctx, owner, text.length, current.text.length, tx.db);
    const now = new Date();
    await updateNoteRow(tx.db, owner, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      text,
      wordCount: analysis.wordCount,
      // An answer kept as a note is the owner's words re-used: edited, still out of the profile
      // and the Ideas.
      ...(answerQuestionOf(row.sourceUrl) === null
        ? { stats: analysis.stats, keyPhrases: analysis.keyPhrases }
        : { stats: null, keyPhrases: [] }),
      figures: analysis.figures,
      wordsChangedAt: now,
      transcriptReviewedAt: now,
    });
    await storeEditedSentences(
      tx.db,
      id,
      analysis.sentences.map((s, i) => {
        const { old, changed, startMs, endMs } = kept[i]!;
        return { ...s, startMs, endMs, changed, ...(old !== null ? { id: before[old]!.id } : {}) };
      }),
    );
    await queueProfile(ctx.jobs, tx, owner);
  });
  return getNote(ctx, owner, id);
}

/**
 * The owner read a rough transcript and said it looks right: drafts made from it no longer warn
 * that its words are unchecked. Idempotent (the first read is the one kept).
 */
export async function reviewTranscript(ctx: AppContext, owner: string, id: string): Promise<NoteDetail> {
  const row = isUuid(id) ? await findNote(ctx.database.db, owner, id) : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  if (row.status !== 'ready')
    throw conflict('This note has no transcript to read yet; wait until it is ready.');
  if (!row.transcriptReviewedAt)
    await updateNoteRow(ctx.database.db, owner, id, { transcriptReviewedAt: new Date() });
  return getNote(ctx, owner, id);
}

/**
 * Deletes a note of the owner, and its media after commit (media-deletions.ts: the store never
 * decides whether the note is gone); 404 for anyone else's.
 */
export async function deleteNote(ctx: AppContext, owner: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  const deleted = await ctx.database.transaction(async (tx) => {
    const row = await deleteNoteRow(tx.db, owner, id);
    if (!row) return null;
    await queueProfile(ctx.jobs, tx, owner);
    // A recording not joined yet: its chunks were the media.
    return queueMediaDeletion(ctx.jobs, tx, { keys: [row.mediaPath], recordings: [row.joinRecordingId] });
  });
  if (!deleted) throw notFound(NOTE_NOT_FOUND_MESSAGE);
  await removeQueuedMediaNow(ctx, deleted);
}

export async function usage(ctx: AppContext, owner: string): Promise<Usage> {
  return {
    used_bytes: await storedBytes(ctx.database.db, owner),
    quota_bytes: quotaBytes(ctx),
    notes: await countNotes(ctx.database.db, owner),
  };
}

// ---------------------------------------------------------------- what the other rooms do to notes

/**
 * Removes a note that never became one (an upload refused or abandoned) and its media object. No
 * profile rebuild: a note still uploading has no text.
 */
export async function discardNote(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs'>,
  note: NoteRow,
): Promise<void> {
  // The row first, its object through the deletion outbox: removed now when the store answers,
  // else by studio.media-delete.
  const keys = await ctx.database.transaction(async (tx) => {
    await deleteNoteRow(tx.db, note.ownerEmail, note.id);
    return queueMediaDeletion(ctx.jobs, tx, { keys: [note.mediaPath] });
  });
  await removeQueuedMediaNow(ctx, keys);
}

/**
 * Discards the notes still uploading since before the date (their upload was abandoned); how many.
 * Their objects go through the deletion outbox, removed by the caller's pass or studio.media-delete.
 */
export async function discardAbandonedUploads(
  deps: { database: Database; queue: JobQueue },
  before: Date,
): Promise<number> {
  const abandoned = await notesInStatus(deps.database.db, ['uploading'], before);
  for (const note of abandoned)
    await deps.database.transaction(async (tx) => {
      await deleteNoteRow(tx.db, note.ownerEmail, note.id);
      await queueMediaDeletion(deps.queue, tx, { keys: [note.mediaPath] });
    });
  return abandoned.length;
}

/**
 * An upload complete and checked: the note takes its media's kind, type and size and its next
 * status, only while it is still uploading. False when it is gone or another request finished it.
 */
export async function markUploaded(
  db: DbOrTx,
  noteId: string,
  values: Pick<NewNote, 'kind' | 'mediaMime' | 'mediaBytes' | 'status' | 'statusMessage'>,
): Promise<boolean> {
  return (await updateNoteRow(db, null, noteId, values, ['uploading'])) !== undefined;
}

/**
 * The notes waiting for a speech-to-text engine since before `now`, sent to transcription now that
 * one is configured (each in its own transaction, only while it still waits); how many.
 */
export async function requeueWaitingNotes(
  deps: { database: Database; queue: Pick<JobQueue, 'enqueue'> },
  now: Date,
): Promise<number> {
  const waiting = await notesInStatus(deps.database.db, ['needs_stt'], now);
  for (const note of waiting)
    await deps.database.transaction(async (tx) => {
      const updated = await updateNoteRow(
        tx.db,
        null,
        note.id,
        { status: 'transcribing', statusMessage: null },
        ['needs_stt'],
      );
      if (updated) await deps.queue.enqueue(tx, transcribeJob, { noteId: note.id });
    });
  return waiting.length;
}

/**
 * A note's text corrected in place: its text and counts stored from the new analysis, and each
 * sentence rewritten under the id it had (`sentenceIds`, in order), so drafts citing it show the
 * corrected words; `retypedId` is the sentence its owner retyped.
 */
export async function storeCorrectedText(
  db: DbOrTx,
  owner: string,
  noteId: string,
  corrected: {
    text: string;
    analysis: Analysis;
    sentenceIds: string[];
    retypedId: string;
    /** A conversation's: the stats and key phrases of the owner's words (ownAnalysis). */
    own?: OwnAnalysis | undefined;
  },
): Promise<void> {
  const { text, analysis, sentenceIds, retypedId, own } = corrected;
  const now = new Date();
  await updateNoteRow(db, owner, noteId, {
    text,
    // Corrected words: drafts made before are stale, and a rough transcript has been read.
    wordsChangedAt: now,
    transcriptReviewedAt: now,
    wordCount: analysis.wordCount,
    stats: own ? own.stats : analysis.stats,
    keyPhrases: own ? own.keyPhrases : analysis.keyPhrases,
    figures: analysis.figures,
  });
  await rewriteSentences(
    db,
    noteId,
    analysis.sentences.map((s, i) => ({ ...s, id: sentenceIds[i]!, retyped: sentenceIds[i] === retypedId })),
  );
}

// ---------------------------------------------------------------- the voice

export async function getVoice(ctx: AppContext, owner: string): Promise<VoiceProfile> {
  const settings = await findVoiceSettings(ctx.database.db, owner);
  const fresh = await currentProfile(ctx.database.db, owner);
  const basedOn = { notes: fresh?.notes ?? 0, words: fresh?.words ?? 0 };
  const profile = toApiProfile(fresh);
  return {
    based_on: basedOn,
    summary: basedOnSentence(basedOn),
    spoken: profile.spoken,
    written: profile.written,
    pins: settings?.pins ?? [],
    bans: settings?.bans ?? [],
    learn_from_edits: settings?.learnFromEdits ?? true,
    byline: settings?.byline ?? null,
    updated_at: settings?.profileUpdatedAt?.toISOString() ?? null,
  };
}

const uniqueCaseless = (values: string[]) => {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export async function updateVoice(ctx: AppContext, owner: string, input: UpdateVoiceInput) {
  await ctx.database.transaction(async (tx) => {
    await upsertVoiceSettings(tx.db, owner, {
      ...(input.pins ? { pins: uniqueCaseless(input.pins.map((p) => p.trim())) } : {}),
      ...(input.bans ? { bans: uniqueCaseless(input.bans.map((b) => b.trim())) } : {}),
      ...(input.learn_from_edits !== undefined ? { learnFromEdits: input.learn_from_edits } : {}),
      ...(input.byline !== undefined ? { byline: input.byline || null } : {}),
    });
    await queueProfile(ctx.jobs, tx, owner);
  });
  return getVoice(ctx, owner);
}
