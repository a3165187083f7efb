import { type Fidelity, originOf } from '#contract/studio-drafts.ts';
import {
  type Register,
  scoreDraftFidelity,
  scoreFaithful,
  scoreFidelity,
  type VoiceProfile,
} from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/** A draft's score for the owner's voice: the job's, and a saved edit's (service.ts). */

export const registerOf = (notes: { register: string }[]): Register =>
  notes.some((n) => n.register === 'spoken') ? 'spoken' : 'written';

const ECHO_KINDS: readonly string[] = ['title', 'meta', 'keywords', 'heading'];

/**
 * The score of a draft, or null before any profile exists, in two sides and together:
 *  - `voice`, "sounds like you": the style of the user's blocks against `others`, the owner's
 *    profile built without the draft's own notes (null when there is no other note; undefined when
 *    the caller did not build it), so a draft is never compared with itself;
 *  - `faithful` (given the source sentences, the offline engine's drafts): what Echo changed of
 *    what was said, words added or cut and sentences moved out of order (style/fidelity-edits.ts);
 *  - `score` and `reasons`: both at once (style x what Echo changed), against `others` when there
 *    are other notes, else the whole profile. Without the sentences (a model's rephrasing, the
 *    user's own edits) it scores the style of the user's blocks alone. Echo's own blocks are never
 *    scored.
 */
export function fidelityOf(
  profile: VoiceProfile | null,
  register: Register,
  blocks: Pick<StoredBlock, 'text' | 'kind' | 'origin' | 'said' | 'sources'>[],
  sentences?: readonly SourceSentenceRow[],
  others?: VoiceProfile | null,
): Fidelity | null {
  if (!profile) return null;
  // A guest's quote is neither the owner's words nor Echo's: it is left out of the score and its reasons.
  blocks = blocks.filter((b) => originOf(b) !== 'guest');
  const against = others ?? profile;
  const origin = (b: (typeof blocks)[number]) => (ECHO_KINDS.includes(b.kind) ? 'echo' : originOf(b));
  const text = blocks
    .filter((b) => origin(b) === 'user')
    .map((b) => b.text)
    .join(' ');
  const voicePart = () => {
    if (others === undefined) return {};
    if (others === null || !text.trim()) return { voice: null };
    const voice = scoreFidelity(text, others, register);
    return { voice: { score: Math.round(voice.score), reasons: voice.reasons } };
  };
  if (sentences) {
    const at = new Map(sentences.map((s, i) => [s.id, i]));
    const scored = blocks.map((b) => {
      const positions = b.sources.map((src) => at.get(src.sentence_id)).filter((i) => i !== undefined);
      return {
        text: b.text,
        origin: origin(b),
        said: b.said ?? positions.map((i) => sentences[i]!.text).join(' '),
        positions,
      };
    });
    const fidelity = scoreDraftFidelity(scored, against, register);
    const faithful = scoreFaithful(scored);
    return (
      fidelity && {
        score: Math.round(fidelity.score),
        reasons: fidelity.reasons,
        ...(faithful ? { faithful } : {}),
        ...voicePart(),
      }
    );
  }
  if (!text.trim()) return null;
  const fidelity = scoreFidelity(text, against, register);
  return { score: Math.round(fidelity.score), reasons: fidelity.reasons, ...voicePart() };
}
