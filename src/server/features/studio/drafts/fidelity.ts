import { originOf } from '#contract/studio-drafts.ts';
import { type Register, scoreDraftFidelity, scoreFidelity, type VoiceProfile } from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/** A draft's score for the owner's voice: the job's, and a saved edit's (service.ts). */

export const registerOf = (notes: { register: string }[]): Register =>
  notes.some((n) => n.register === 'spoken') ? 'spoken' : 'written';

const ECHO_KINDS: readonly string[] = ['title', 'meta', 'keywords', 'heading'];

/**
 * The score of a draft against the owner's profile, or null before any profile exists. Given the
 * source sentences (the offline engine's drafts), it also counts what Echo changed: words added or
 * cut from what was said, and sentences moved out of order (text/fidelity-edits.ts); Echo's own
 * blocks are never scored. Without them (a model's rephrasing, the user's own edits) it scores the
 * style of the user's blocks alone.
 */
export function fidelityOf(
  profile: VoiceProfile | null,
  register: Register,
  blocks: Pick<StoredBlock, 'text' | 'kind' | 'origin' | 'said' | 'sources'>[],
  sentences?: readonly SourceSentenceRow[],
): { score: number; reasons: string[] } | null {
  if (!profile) return null;
  // A guest's quote is neither the owner's words nor Echo's: it is left out of the score and its reasons.
  blocks = blocks.filter((b) => originOf(b) !== 'guest');
  const origin = (b: (typeof blocks)[number]) => (ECHO_KINDS.includes(b.kind) ? 'echo' : originOf(b));
  if (sentences) {
    const at = new Map(sentences.map((s, i) => [s.id, i]));
    const fidelity = scoreDraftFidelity(
      blocks.map((b) => {
        const positions = b.sources.map((src) => at.get(src.sentence_id)).filter((i) => i !== undefined);
        return {
          text: b.text,
          origin: origin(b),
          said: b.said ?? positions.map((i) => sentences[i]!.text).join(' '),
          positions,
        };
      }),
      profile,
      register,
    );
    return fidelity && { score: Math.round(fidelity.score), reasons: fidelity.reasons };
  }
  const text = blocks
    .filter((b) => origin(b) === 'user')
    .map((b) => b.text)
    .join(' ');
  if (!text.trim()) return null;
  const fidelity = scoreFidelity(text, profile, register);
  return { score: Math.round(fidelity.score), reasons: fidelity.reasons };
}
