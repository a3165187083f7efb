import { NEEDS_STT_MESSAGE } from '#contract/studio.ts';
import {
  type DraftConversation,
  type DraftFormat,
  draftSummary,
  FIDELITY_WARNING_BELOW,
} from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Llm } from '../../../providers/llm/llm.ts';
import { settleEchoCoreResult, settleEchoCoreResults } from '../../content-results/index.ts';
import {
  contentProblem,
  contentWarning,
  draftOffThread,
  type EngineDraft,
  type EngineInput,
  generateWithLlm,
  LLM_ANSWER_MAX_CHARS,
  LLM_SAMPLE_CHARS,
  LLM_SAMPLES,
  leadProblem,
  type ModelNotes,
  modelCheckOffThread,
  modelSourcesOffThread,
  type Register,
  type SourceNote,
  type VoiceBrief,
  type VoiceProfile,
} from '../engine/index.ts';
import { currentProfile, findVoiceSettings, profileWithout, type VoiceSettingsRow } from '../notes/index.ts';
import { checklistOf, withFacts } from './facts.ts';
import { draftFidelity, registerOf } from './fidelity.ts';
import { countModelCall, modelLimitsOf } from './model-calls.ts';
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
  writtenSamples,
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

/** At most this many of the best source sentences go to the model (lean prompts). */
export const LLM_SOURCE_SENTENCES = 120;
export const FALLBACK_NOTE =
  'The language model could not write this draft, so Echo wrote it offline from your own sentences.';
const BANNED_OR_LOW = (score: number) =>
  `This draft still scores ${score} for your voice after a second try.`;

/** The owner has no model call or characters left today: the draft is written offline, saying why. */
class ModelCallsUsedUp extends Error {
  readonly note: string;
  constructor(note: string) {
    super(note);
    this.note = note;
  }
}

export type GenerateOutcome = 'done' | 'wait';

function voiceBrief(
  profile: VoiceProfile | null,
  register: Register,
  pins: string[],
  bans: string[],
): VoiceBrief {
  const own = profile?.[register] ?? profile?.spoken ?? profile?.written ?? null;
  const habits: string[] = [];
  if (own) {
    if (own.habits.questionRate > 0.1) habits.push('asks the reader questions');
    if (own.habits.exclamationRate > 0.05) habits.push('uses exclamations');
    if (own.habits.emojiPer100Words < 0.05) habits.push('never uses emoji');
    if (own.habits.firstPersonRate > 0.04) habits.push('speaks in the first person');
  }
  return {
    meanSentenceWords: own?.sentenceLength.mean ?? 15,
    signaturePhrases: own?.signaturePhrases.map((p) => p.phrase) ?? [],
    pinned: pins,
    banned: bans,
    habits,
  };
}

const bannedIn = (text: string, bans: string[]) =>
  bans.filter((ban) => new RegExp(`\\b${ban.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text));

/** Each sentence's note, by sentence id, made once for the sentences of a run (a long note has tens of thousands). */
const notesOf = new WeakMap<readonly SourceSentenceRow[], Map<string, string>>();

/** Engine blocks as stored blocks: ids, and sources as (note, sentence) pairs. */
function toStored(draft: EngineDraft, sentences: SourceSentenceRow[]): StoredBlock[] {
  let noteOf = notesOf.get(sentences);
  if (!noteOf) {
    noteOf = new Map(sentences.map((s) => [s.id, s.noteId]));
    notesOf.set(sentences, noteOf);
  }
  return draft.blocks.map((block, i) => ({
    id: `b${i + 1}`,
    kind: block.kind,
    text: block.text,
    group: block.group,
    sources: block.sourceIds.map((id) => ({ note_id: noteOf.get(id) ?? '', sentence_id: id })),
    supported: block.supported,
    origin: block.origin ?? (block.sourceIds.length > 0 ? 'user' : 'echo'),
    ...(block.origin === 'guest' && block.speaker !== undefined ? { speaker: block.speaker } : {}),
    ...(block.said !== undefined ? { said: block.said } : {}),
    ...(block.startMs !== undefined ? { start_ms: block.startMs } : {}),
    ...(block.endMs !== undefined ? { end_ms: block.endMs } : {}),
  }));
}

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
  const db = deps.database.db;
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
  const meta: Record<string, unknown> = {};
  // Show notes are the offline writer's (chapters and quotes read from the speakers and times).
  if (deps.llm && row.requestedEngine !== 'extractive' && format !== 'shownotes') {
    const best = await modelSourcesOffThread(threads, { ...modelNotes, limit: LLM_SOURCE_SENTENCES }).catch(
      pastBudget,
    );
    if (typeof best === 'string') return capitalise(best);
    const input: EngineInput = {
      format,
      author: speaking.name ?? byline ?? 'the speaker',
      // The model is told whose each sentence is, in a conversation.
      sentences: best.map((sentence) => {
        const speaker = speakerOf.get(sentence.id);
        return speaker ? { ...sentence, speaker } : sentence;
      }),
      voice: voiceBrief(profile, register, pins, bans),
      // Never the draft's own notes: a pasted note would go to the model twice.
      samples: await writtenSamples(db, row.ownerEmail, {
        exclude: notes.map((n) => n.id),
        limit: LLM_SAMPLES,
        maxChars: LLM_SAMPLE_CHARS,
      }),
    };
    // Each call is counted before it is made, with its prompt and the longest answer it may get;
    // none past the owner's daily calls or characters (model-calls.ts).
    const spend = async (promptChars: number) => {
      const usedUp = await countModelCall(
        db,
        modelLimitsOf(deps),
        row.ownerEmail,
        promptChars + LLM_ANSWER_MAX_CHARS,
      );
      if (usedUp) throw new ModelCallsUsedUp(usedUp);
    };
    try {
      const first = await generateWithLlm(deps.llm, input, { beforeCall: spend });
      draft = first.draft;
      engine = 'llm';
      meta.llm_requests = 1;
      meta.prompt_chars = first.promptChars;
      const judged = { deps, profile, register, sentences, bans, modelNotes, format };
      const check = await judge(judged, first.draft);
      // A second try only while the owner has calls left: without one, the first draft stands.
      const second = check.problem
        ? await generateWithLlm(
            deps.llm,
            { ...input, voice: { ...input.voice, habits: [...input.voice.habits, check.problem] } },
            { beforeCall: spend },
          ).catch((error: unknown) => {
            if (error instanceof ModelCallsUsedUp) return null;
            throw error;
          })
        : null;
      if (second) {
        meta.llm_requests = 2;
        meta.prompt_chars = first.promptChars + second.promptChars;
        const recheck = await judge(judged, second.draft);
        const kept = recheck.score >= check.score ? recheck : check;
        if (kept === recheck) draft = second.draft;
        if (kept.voiceProblem) meta.warning = BANNED_OR_LOW(kept.score);
        else if (kept.content) meta.warning = kept.content;
      }
    } catch (error) {
      if (error instanceof ModelCallsUsedUp) {
        draft = await offline();
        meta.fallback = error.note;
      } else {
        deps.log.warn(
          { err: error, draftId: row.id },
          'LLM draft failed; falling back to the extractive engine',
        );
        draft = await offline();
        meta.fallback = FALLBACK_NOTE;
      }
    }
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

/**
 * A task past the analysis threads' time budget: its message (the draft fails with it; it would fail
 * again if tried again). Any other error is thrown on.
 */
function pastBudget(error: unknown): string {
  if (error instanceof AppError && error.code === 'payload_too_large') return error.message;
  throw error;
}

/**
 * What is wrong with a model's draft, to say so in a second try: banned words, a low score, or a
 * list given in part and figures or names dropped from the sentences it cites (llm-checks.ts).
 */
async function judge(
  {
    deps,
    profile,
    register,
    sentences,
    bans,
    modelNotes,
    format,
  }: {
    deps: GenerateDeps;
    profile: VoiceProfile | null;
    register: Register;
    sentences: SourceSentenceRow[];
    bans: string[];
    modelNotes: ModelNotes;
    format?: DraftFormat;
  },
  draft: EngineDraft,
): Promise<{ score: number; problem?: string; voiceProblem?: boolean; content?: string }> {
  const blocks = toStored(draft, sentences);
  const text = blocks.map((b) => b.text).join(' ');
  const banned = bannedIn(text, bans);
  // The answer is scored and checked against every sentence of the notes on the analysis threads.
  const threads = deps.config.studio.analysis;
  const [fidelity, content] = await Promise.all([
    draftFidelity(threads, profile, register, blocks),
    modelCheckOffThread(threads, { ...modelNotes, draft }),
  ]);
  const score = fidelity?.score ?? 100;
  const contentIssue = contentProblem(content);
  const voiceIssue = banned.length
    ? `the last draft used ${banned.join(', ')}: never use them`
    : score < FIDELITY_WARNING_BELOW
      ? `the last draft did not sound like them: ${fidelity!.reasons.slice(0, 2).join('; ')}`
      : undefined;
  // The lead rules the offline writer keeps: an opening that stands alone, slides that name who they mean.
  const leadIssue = format ? leadProblem(draft, format) : undefined;
  const problem = [voiceIssue, contentIssue, leadIssue].filter(Boolean).join('; ') || undefined;
  return {
    score,
    ...(problem ? { problem } : {}),
    ...(voiceIssue ? { voiceProblem: true } : {}),
    ...(contentIssue
      ? { content: contentWarning(content) }
      : leadIssue
        ? { content: 'This draft opens on a line that leans on what came before. Check its opening.' }
        : {}),
  };
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
