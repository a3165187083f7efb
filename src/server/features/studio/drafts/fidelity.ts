import { type Fidelity, originOf } from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import {
  ECHO_KINDS,
  type FidelityRequest,
  fidelityFor,
  fidelityOffThread,
  type Register,
  type VoiceProfile,
} from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/** How a draft reads against its owner's voice (the drafts job, saved edits and restores). */

export const registerOf = (notes: { register: string }[]): Register =>
  notes.some((n) => n.register === 'spoken') ? 'spoken' : 'written';

/** Each sentence's place, by id, made once for the sentences of a draft job (a long note has tens of thousands). */
const positionsOf = new WeakMap<readonly SourceSentenceRow[], Map<string, number>>();

type ScoredBlock = Pick<StoredBlock, 'text' | 'kind' | 'origin' | 'said' | 'sources'>;

/**
 * What a draft is scored from, or null when there is nothing to score (no profile yet, no words of
 * the user's), in two sides and together:
 *  - `voice`, "sounds like you": the style of the user's blocks against `others`, the owner's
 *    profile built without the draft's own notes (null when there is no other note; left out when
 *    the caller did not build it), so a draft is never compared with itself;
 *  - `faithful` (given the source sentences, the offline engine's drafts): what Echo changed of
 *    what was said, words added or cut and sentences moved out of order (style/fidelity-edits.ts);
 *  - `score` and `reasons`: both at once (style x what Echo changed), against `others` when there
 *    are other notes, else the whole profile. Without the sentences (a model's rephrasing, the
 *    user's own edits) it scores the style of the user's blocks alone. Echo's own blocks are never
 *    scored, and a guest's quote is neither the owner's words nor Echo's: it is left out.
 */
function fidelityRequest(
  profile: VoiceProfile | null,
  register: Register,
  blocks: readonly ScoredBlock[],
  sentences?: readonly SourceSentenceRow[],
  others?: VoiceProfile | null,
): FidelityRequest | null {
  if (!profile) return null;
  const own = blocks.filter((b) => originOf(b) !== 'guest');
  const base = { profile: others ?? profile, register, ...(others !== undefined ? { others } : {}) };
  const origin = (b: ScoredBlock) => (ECHO_KINDS.has(b.kind) ? 'echo' : originOf(b));
  if (sentences) {
    let at = positionsOf.get(sentences);
    if (!at) {
      at = new Map(sentences.map((s, i) => [s.id, i]));
      positionsOf.set(sentences, at);
    }
    return {
      ...base,
      blocks: own.map((b) => {
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
  const text = own
    .filter((b) => origin(b) === 'user')
    .map((b) => b.text)
    .join(' ');
  return text.trim() ? { ...base, text } : null;
}

/**
 * The score of a draft against the owner's profile, or null before any profile exists, in the
 * request: a saved edit, whose text the body limit bounds.
 */
export function fidelityOf(
  profile: VoiceProfile | null,
  register: Register,
  blocks: readonly ScoredBlock[],
  sentences?: readonly SourceSentenceRow[],
  others?: VoiceProfile | null,
): Fidelity | null {
  const request = fidelityRequest(profile, register, blocks, sentences, others);
  return request && fidelityFor(request);
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
  others?: VoiceProfile | null,
): Promise<Fidelity | null> {
  const request = fidelityRequest(profile, register, blocks, sentences, others);
  return request && fidelityOffThread(settings, request);
}
