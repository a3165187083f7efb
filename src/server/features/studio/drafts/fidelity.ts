import { originOf } from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import {
  ECHO_KINDS,
  type Fidelity,
  type FidelityRequest,
  fidelityFor,
  fidelityOffThread,
  type Register,
  type VoiceProfile,
} from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/** A draft's score for the owner's voice: the job's (on the analysis threads), and a saved edit's (service.ts). */

export const registerOf = (notes: { register: string }[]): Register =>
  notes.some((n) => n.register === 'spoken') ? 'spoken' : 'written';

/** Each sentence's place, by id, made once for the sentences of a draft job (a long note has tens of thousands). */
const positionsOf = new WeakMap<readonly SourceSentenceRow[], Map<string, number>>();

type ScoredBlock = Pick<StoredBlock, 'text' | 'kind' | 'origin' | 'said' | 'sources'>;

/**
 * What a draft is scored from, or null when there is nothing to score (no profile yet, no words of
 * the user's). Given the source sentences (the offline engine's drafts), it also counts what Echo
 * changed: words added or cut from what was said, and sentences moved out of order
 * (style/fidelity-edits.ts); Echo's own blocks are never scored. Without them (a model's
 * rephrasing, the user's own edits) it scores the style of the user's blocks alone.
 */
function fidelityRequest(
  profile: VoiceProfile | null,
  register: Register,
  blocks: readonly ScoredBlock[],
  sentences?: readonly SourceSentenceRow[],
): FidelityRequest | null {
  if (!profile) return null;
  const origin = (b: ScoredBlock) => (ECHO_KINDS.has(b.kind) ? 'echo' : originOf(b));
  if (sentences) {
    let at = positionsOf.get(sentences);
    if (!at) {
      at = new Map(sentences.map((s, i) => [s.id, i]));
      positionsOf.set(sentences, at);
    }
    return {
      profile,
      register,
      blocks: blocks.map((b) => {
        const positions = b.sources.map((src) => at!.get(src.sentence_id)).filter((i) => i !== undefined);
        return {
          text: b.text,
          origin: origin(b),
          said: b.said ?? positions.map((i) => sentences[i]!.text).join(' '),
          positions,
        };
      }),
    };
  }
  const text = blocks
    .filter((b) => origin(b) === 'user')
    .map((b) => b.text)
    .join(' ');
  return text.trim() ? { profile, register, text } : null;
}

const rounded = (fidelity: Fidelity | null) =>
  fidelity && { score: Math.round(fidelity.score), reasons: fidelity.reasons };

/**
 * The score of a draft against the owner's profile, or null before any profile exists, in the
 * request: a saved edit, whose text the body limit bounds.
 */
export function fidelityOf(
  profile: VoiceProfile | null,
  register: Register,
  blocks: readonly ScoredBlock[],
  sentences?: readonly SourceSentenceRow[],
): { score: number; reasons: string[] } | null {
  const request = fidelityRequest(profile, register, blocks, sentences);
  return request && rounded(fidelityFor(request));
}

/**
 * The same score on the analysis threads, for a draft job: a draft of a long note may have a block
 * per sentence, each diffed against what was said.
 */
export async function draftFidelity(
  settings: Config['studio']['analysis'],
  profile: VoiceProfile | null,
  register: Register,
  blocks: readonly ScoredBlock[],
  sentences?: readonly SourceSentenceRow[],
): Promise<{ score: number; reasons: string[] } | null> {
  const request = fidelityRequest(profile, register, blocks, sentences);
  return request && rounded(await fidelityOffThread(settings, request));
}
