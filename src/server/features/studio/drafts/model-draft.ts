import { type DraftFormat, FIDELITY_WARNING_BELOW } from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Llm } from '../../../providers/llm/llm.ts';
import {
  contentProblem,
  contentWarning,
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
  type VoiceBrief,
  type VoiceProfile,
} from '../engine/index.ts';
import { pastBudget, toStored } from './engine-results.ts';
import { draftFidelity } from './fidelity.ts';
import { countModelCall, modelLimitsOf } from './model-calls.ts';
import { type SourceNoteRow, type SourceSentenceRow, writtenSamples } from './repository.ts';

/**
 * A draft written by the language model (generate.ts picks the engine): the prompt's best
 * sentences, the owner's voice and samples, each call counted before it is made, the answer judged
 * (voice, the planner's content and lead rules) and asked again once when it breaks one, and the
 * offline writer's draft when the model fails or the owner has no call left today.
 */

export interface ModelDeps {
  config: Config;
  database: Database;
  log: Logger;
  llm: Llm;
}

/** What one model draft is written from (the run's notes as read once, the owner's settings). */
export interface ModelDraftInput {
  draftId: string;
  owner: string;
  format: DraftFormat;
  /** Whom the draft speaks as: the conversation's chosen speaker or the byline. */
  author: string;
  notes: SourceNoteRow[];
  sentences: SourceSentenceRow[];
  modelNotes: ModelNotes;
  speakerOf: ReadonlyMap<string, { name: string; me: boolean } | undefined>;
  profile: VoiceProfile | null;
  register: Register;
  /** The offline writer's draft of the same notes (the fallback). */
  offline: () => Promise<EngineDraft | string>;
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

/** The model's draft (or the offline one it fell back to, or why none could be written), and its meta. */
export async function writeWithModel(
  deps: ModelDeps,
  input: ModelDraftInput,
): Promise<{ draft: EngineDraft | string; engine: 'extractive' | 'llm'; meta: Record<string, unknown> }> {
  const { format, modelNotes, speakerOf, profile, register, sentences, offline } = input;
  const db = deps.database.db;
  const threads = deps.config.studio.analysis;
  const meta: Record<string, unknown> = {};
  const best = await modelSourcesOffThread(threads, { ...modelNotes, limit: LLM_SOURCE_SENTENCES }).catch(
    pastBudget,
  );
  if (typeof best === 'string') return { draft: best, engine: 'extractive', meta };
  const engineInput: EngineInput = {
    format,
    author: input.author,
    // The model is told whose each sentence is, in a conversation.
    sentences: best.map((sentence) => {
      const speaker = speakerOf.get(sentence.id);
      return speaker ? { ...sentence, speaker } : sentence;
    }),
    voice: voiceBrief(profile, register, modelNotes.pins, modelNotes.bans),
    // Never the draft's own notes: a pasted note would go to the model twice.
    samples: await writtenSamples(db, input.owner, {
      exclude: input.notes.map((n) => n.id),
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
      input.owner,
      promptChars + LLM_ANSWER_MAX_CHARS,
    );
    if (usedUp) throw new ModelCallsUsedUp(usedUp);
  };
  const llm = deps.llm;
  try {
    const first = await generateWithLlm(llm, engineInput, { beforeCall: spend });
    meta.llm_requests = 1;
    meta.prompt_chars = first.promptChars;
    const judged = { deps, profile, register, sentences, bans: modelNotes.bans, modelNotes, format };
    const check = await judge(judged, first.draft);
    let draft = check.draft;
    // A second try only while the owner has calls left: without one, the first draft stands.
    const second = check.problem
      ? await generateWithLlm(
          llm,
          {
            ...engineInput,
            voice: { ...engineInput.voice, habits: [...engineInput.voice.habits, check.problem] },
          },
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
      if (kept === recheck) draft = recheck.draft;
      if (kept.voiceProblem) meta.warning = BANNED_OR_LOW(kept.score);
      else if (kept.content) meta.warning = kept.content;
    }
    return { draft, engine: 'llm', meta };
  } catch (error) {
    if (error instanceof ModelCallsUsedUp)
      return { draft: await offline(), engine: 'extractive', meta: { ...meta, fallback: error.note } };
    deps.log.warn(
      { err: error, draftId: input.draftId },
      'LLM draft failed; falling back to the extractive engine',
    );
    return { draft: await offline(), engine: 'extractive', meta: { ...meta, fallback: FALLBACK_NOTE } };
  }
}

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

/**
 * A model's answer with the figures and names it dropped put back where its blocks can hold them
 * (llm-checks.ts), and what is still wrong with it, to say so in a second try: banned words, a low
 * score, a list given in part, figures or names that could not be put back, a lead that leans on
 * what came before.
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
    deps: ModelDeps;
    profile: VoiceProfile | null;
    register: Register;
    sentences: SourceSentenceRow[];
    bans: string[];
    modelNotes: ModelNotes;
    format?: DraftFormat;
  },
  answer: EngineDraft,
): Promise<{
  draft: EngineDraft;
  score: number;
  problem?: string;
  voiceProblem?: boolean;
  content?: string;
}> {
  // The answer is checked against every sentence of the notes on the analysis threads, what it
  // dropped put back where it can be, and the draft that results is scored.
  const threads = deps.config.studio.analysis;
  const content = await modelCheckOffThread(threads, { ...modelNotes, draft: answer });
  const draft = content.putBack ?? answer;
  const blocks = toStored(draft, sentences);
  const banned = bannedIn(blocks.map((b) => b.text).join(' '), bans);
  const fidelity = await draftFidelity(threads, profile, register, blocks);
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
    draft,
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
