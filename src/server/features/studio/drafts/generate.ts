import { NEEDS_STT_MESSAGE } from '#contract/studio.ts';
import { type DraftConversation, type DraftFormat, draftSummary } from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import type { Database, DbOrTx } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Llm } from '../../../providers/llm/llm.ts';
import { settleEchoCoreResult, settleEchoCoreResults } from '../../content-results/index.ts';
import {
  draftOffThread,
  type EngineDraft,
  type Register,
  type SourceNote,
  type VoiceProfile,
} from '../engine/index.ts';
import { currentProfile, findVoiceSettings, profileWithout, type VoiceSettingsRow } from '../notes/index.ts';
import { pastBudget, toStored } from './engine-results.ts';
import { checklistOf, withFacts } from './facts.ts';
import { draftFidelity, registerOf } from './fidelity.ts';
import { writeWithModel } from './model-draft.ts';
import {
  type DraftRow,
  findDraftsById,
  type SourceNoteRow,
  type SourceSentenceRow,
  type StoredBlock,
  sourceNotes,
  sourceSentences,
  sourceSpeakers,
  storeWrittenDrafts,
  type updateDraft,
  updateDrafts,
} from './repository.ts';
import { engineSpeakerOf, type SpeakingAs, speakingAs } from './speakers.ts';

/**
 * Writes one draft (the job's work): waits for notes still transcribing, picks the engine, checks
 * the result against the voice profile, and falls back to the extractive engine when the model
 * fails, never leaving a blank draft.
 */

export interface GenerateDeps {
  config: Config;
  database: Database;
  log: Logger;
  llm: Llm | null;
}

export type GenerateOutcome = 'done' | 'wait';

/**
 * The job's work: one draft (and optionally one block of it), or the drafts of one request, which
 * share their owner and notes (the offline engine writes a request's formats in one run: one read
 * of the notes, sentences and profile, one transaction for all of them). Drafts already written
 * or failed are skipped, so a run that is tried again only writes what is left.
 */
export async function generateDrafts(
  deps: GenerateDeps,
  draftIds: readonly string[],
  blockId?: string,
): Promise<GenerateOutcome> {
  const db = deps.database.db;
  const rows = (await findDraftsById(db, draftIds)).filter(
    (row) => row.status !== 'ready' && row.status !== 'failed',
  );
  // Drafts of one request share owner and notes; any other is written in a run of its own.
  const runs = new Map<string, DraftRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.ownerEmail, row.noteIds]);
    runs.set(key, [...(runs.get(key) ?? []), row]);
  }
  let outcome: GenerateOutcome = 'done';
  for (const run of runs.values()) if ((await writeRun(deps, run, blockId)) === 'wait') outcome = 'wait';
  return outcome;
}

/** Drafts of one owner from the same notes: read once, each written by its engine, stored together. */
async function writeRun(deps: GenerateDeps, rows: DraftRow[], blockId?: string): Promise<GenerateOutcome> {
  const db = deps.database.db;
  const { ownerEmail: owner, noteIds } = rows[0]!;
  const notes = await sourceNotes(db, owner, noteIds);
  if (notes.some((n) => n.status === 'uploading' || n.status === 'transcribing')) return 'wait';
  const blocked = notes.find((n) => n.status === 'needs_stt' || n.status === 'failed');
  if (!notes.length || blocked) {
    const reason = !notes.length
      ? 'The notes of this draft were deleted.'
      : blocked!.status === 'needs_stt'
        ? NEEDS_STT_MESSAGE
        : `"${blocked!.title}" could not be transcribed: ${blocked!.statusMessage ?? 'unknown reason'}`;
    await fail(db, rows, reason);
    return 'done';
  }
  await updateDrafts(
    db,
    rows.map((r) => r.id),
    { status: 'generating' },
  );
  const results = rows.flatMap((r) => (r.contentResultId ? [r.contentResultId] : []));
  if (results.length) await settleEchoCoreResult(db, results, 'processing', { summary: '' });

  // Read before the words: a correction stored meanwhile makes the drafts "made before your corrections".
  const wordsReadAt = new Date().toISOString();
  const sentences = await sourceSentences(
    db,
    notes.map((n) => n.id),
  );
  const settings = await findVoiceSettings(db, owner);
  const profile = await currentProfile(db, owner, { settings });
  const source: RunSource = {
    notes,
    sentences,
    speaking: speakingAs(
      await sourceSpeakers(
        db,
        notes.map((n) => n.id),
      ),
      settings?.myNames ?? [],
    ),
    keyPhrases: [...new Set(notes.flatMap((n) => n.keyPhrases.map((k) => k.phrase)))],
    settings,
    profile,
    others: profile && (await profileWithout(db, owner, noteIds, { settings })),
    register: registerOf(notes),
    wordsReadAt,
  };
  const written: Array<{ row: DraftRow; outcome: Written }> = [];
  let thrown: unknown;
  for (const row of rows) {
    try {
      written.push({ row, outcome: await writeOne(deps, row, source, blockId) });
    } catch (error) {
      // The others are stored; the job is tried again for this one (its status stays 'generating').
      thrown ??= error;
    }
  }
  // Stored together: a statement for the drafts written and one for their cards, whatever their
  // number, and two per reason a draft could not be written.
  await deps.database.transaction(async (tx) => {
    const failed = new Map<string, DraftRow[]>();
    const done: Array<{ row: DraftRow; values: Exclude<Written, string>['values'] }> = [];
    for (const { row, outcome } of written) {
      if (typeof outcome === 'string') failed.set(outcome, [...(failed.get(outcome) ?? []), row]);
      else done.push({ row, values: outcome.values });
    }
    for (const [reason, failing] of failed) await fail(tx.db, failing, reason);
    await storeWrittenDrafts(
      tx.db,
      done.map(({ row, values }) => ({ id: row.id, ...values })),
    );
    await settleEchoCoreResults(
      tx.db,
      'completed',
      done.flatMap(({ row, values }) =>
        row.contentResultId ? [{ id: row.contentResultId, summary: draftSummary(values.blocks) }] : [],
      ),
    );
  });
  if (thrown !== undefined) throw thrown;
  return 'done';
}

/** What the drafts of one run share: their notes as read once. */
interface RunSource {
  notes: SourceNoteRow[];
  sentences: SourceSentenceRow[];
  /** Whom a conversation's drafts speak as (speakers.ts). */
  speaking: SpeakingAs;
  keyPhrases: string[];
  settings: VoiceSettingsRow | undefined;
  profile: VoiceProfile | null;
  /** The profile built without these notes ("sounds like you"); null when there is no other note. */
  others: VoiceProfile | null;
  register: Register;
  /** When the notes' words were read (a draft's `meta.words_read_at`). */
  wordsReadAt: string;
  /** The notes as the engine reads them, made by the run's first draft. */
  engineNotes?: SourceNote[];
}

/** A draft written (the values to store), or why it could not be (the draft fails with it). */
type Written = string | { values: DraftValues & { blocks: StoredBlock[] } };
type DraftValues = Parameters<typeof updateDraft>[2];

/** One draft (or one block of it) written by its engine; nothing stored yet. */
async function writeOne(
  deps: GenerateDeps,
  row: DraftRow,
  run: RunSource,
  blockId?: string,
): Promise<Written> {
  const { notes, sentences, speaking, keyPhrases, settings, profile, others, register, wordsReadAt } = run;
  const format = row.format as DraftFormat;
  const pins = settings?.pins ?? [];
  const bans = settings?.bans ?? [];
  const exclude = new Set(
    blockId
      ? ((row.blocks as StoredBlock[]).find((b) => b.id === blockId)?.sources.map((s) => s.sentence_id) ?? [])
      : [],
  );
  const speakerOf = new Map(sentences.map((s) => [s.id, engineSpeakerOf(s, speaking)]));
  const engineNotes = (usable: SourceSentenceRow[]): SourceNote[] =>
    notes.map((note) => ({
      id: note.id,
      sentences: usable
        .filter((s) => s.noteId === note.id)
        .map((s) => ({
          id: s.id,
          text: s.text,
          filler: s.filler,
          fillers: s.fillers as { start: number; end: number }[],
          ...(s.startMs !== null && s.endMs !== null ? { startMs: s.startMs, endMs: s.endMs } : {}),
          ...(speakerOf.get(s.id) ? { speaker: speakerOf.get(s.id)! } : {}),
        })),
    }));
  // The run's drafts share the notes as the engine reads them, unless a block's sources are left out.
  let sourceNotesInput: SourceNote[];
  if (exclude.size) sourceNotesInput = engineNotes(sentences.filter((s) => !exclude.has(s.id)));
  else {
    run.engineNotes ??= engineNotes(sentences);
    sourceNotesInput = run.engineNotes;
  }
  // The name the user chose for their content (the voice card); none is made up from their e-mail address.
  const byline = settings?.byline ?? undefined;
  // The offline writer ranks every sentence of the notes: on the analysis threads, within their time
  // budget, never on the loop of the process that runs jobs (the web process too, ROLE=all). A draft
  // past the budget fails with why; it would fail again if tried again.
  const threads = deps.config.studio.analysis;
  const offline = async (): Promise<EngineDraft | string> => {
    const written = await draftOffThread(threads, {
      notes: sourceNotesInput,
      format,
      options: { byline, ideas: keyPhrases, bans, pins },
    }).catch(pastBudget);
    if (typeof written === 'string') return written;
    return written.ok ? { blocks: written.blocks, meta: written.meta } : written.message;
  };
  // The model's draft reads every sentence too (its best ones for the prompt, its answer checked):
  // on the same threads, sharing the offline writer's analysis of the notes.
  const modelNotes = { notes: sourceNotesInput, ideas: keyPhrases, bans, pins };

  let draft: EngineDraft | string;
  let engine: 'extractive' | 'llm' = 'extractive';
  let meta: Record<string, unknown> = {};
  // Show notes are the offline writer's (chapters and quotes read from the speakers and times).
  if (deps.llm && row.requestedEngine !== 'extractive' && format !== 'shownotes') {
    ({ draft, engine, meta } = await writeWithModel(
      { ...deps, llm: deps.llm },
      {
        draftId: row.id,
        owner: row.ownerEmail,
        format,
        author: speaking.name ?? byline ?? 'the speaker',
        notes,
        sentences,
        modelNotes,
        speakerOf,
        profile,
        register,
        offline,
      },
    ));
  } else draft = await offline();
  if (typeof draft === 'string') return capitalise(draft);

  let blocks = toStored(draft, sentences);
  if (blockId) {
    // One block regenerated: the old draft with that block replaced by the new one in its place.
    const old = row.blocks as StoredBlock[];
    const at = old.findIndex((b) => b.id === blockId);
    const kind = old[at]?.kind;
    const candidates = blocks.filter((b) => b.kind === kind && !old.some((o) => o.text === b.text));
    const replacement = candidates[Math.min(at, candidates.length - 1)] ?? candidates[0];
    blocks = replacement
      ? old.map((b) => (b.id === blockId ? { ...replacement, id: b.id, group: b.group } : b))
      : old;
    // The answer to this regeneration only: the view says it once, when the block comes back.
    meta.block_result = { block_id: blockId, replaced: Boolean(replacement) };
  }
  const fidelity = await draftFidelity(
    threads,
    profile,
    register,
    blocks,
    engine === 'extractive' ? sentences : undefined,
    others,
  ).catch((error: unknown) => {
    // A score past the threads' budget leaves the draft unscored rather than unwritten.
    if (typeof pastBudget(error) === 'string') return null;
    throw error;
  });
  if (speaking.conversations.size > 0) meta.conversation = conversationMeta(speaking, sentences);
  // What the draft kept of the notes' facts, whichever engine wrote it.
  const facts = await checklistOf(deps.config, format, sentences, blocks);
  return {
    values: {
      status: 'ready',
      engine,
      blocks,
      fidelity,
      // One block written again keeps the time the draft's other words were read.
      meta: withFacts(
        {
          ...withoutLastDraft(freshMeta(row.meta)),
          ...draft.meta,
          ...meta,
          ...(blockId ? {} : { words_read_at: wordsReadAt }),
        },
        facts,
      ),
      error: null,
      edited: blockId ? row.edited : false,
    },
  };
}

/**
 * The meta a new generation keeps: what belongs to the last one (its warning, fallback, a block's
 * result) goes, so no message outlives the moment it answered.
 */
export function freshMeta(meta: unknown): Record<string, unknown> {
  const { warning: _w, fallback: _f, block_result: _b, ...rest } = (meta ?? {}) as Record<string, unknown>;
  return rest;
}

/**
 * What the engine said of the draft it last wrote (what it left out, where a link goes, that the
 * ending is Echo's): a new draft says it again or not at all. A save keeps it: still true of the words.
 */
function withoutLastDraft(meta: Record<string, unknown>): Record<string, unknown> {
  const { warnings: _w, closing: _c, link_goes: _l, ...rest } = meta;
  return rest;
}

const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** A conversation's draft says whom it speaks as, whether the owner confirmed it, and who else speaks. */
function conversationMeta(speaking: SpeakingAs, sentences: readonly SourceSentenceRow[]): DraftConversation {
  const guests = [
    ...new Set(
      sentences.flatMap((s) =>
        s.speakerName && engineSpeakerOf(s, speaking)?.me === false ? [s.speakerName] : [],
      ),
    ),
  ];
  return { speaks_as: speaking.name, confirmed: speaking.confirmed, guests };
}

async function fail(db: DbOrTx, rows: DraftRow[], reason: string): Promise<void> {
  await updateDrafts(
    db,
    rows.map((r) => r.id),
    { status: 'failed', error: reason },
  );
  const results = rows.flatMap((r) => (r.contentResultId ? [r.contentResultId] : []));
  if (results.length) await settleEchoCoreResult(db, results, 'failed', { summary: '', error: reason });
}
