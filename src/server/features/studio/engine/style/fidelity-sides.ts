/**
 * A draft's score in its two sides, as the drafts room asks for it: `faithful` (what Echo changed of
 * what was said) and `voice` ("sounds like you", against the owner's other notes), beside the score
 * of both at once (fidelity.ts). Run on the analysis threads for a draft job, in the request for a
 * saved edit.
 */
import type { Fidelity } from './fidelity.ts';
import { type EditMeasures, type FidelityBlock, measureEdits, userTextOf } from './fidelity-edits.ts';
import { editReasons, type Reason } from './fidelity-reasons.ts';
import { readText, scoreDraftFidelity, scoreFidelity } from './fidelity-score.ts';
import type { Register, VoiceProfile } from './profile-shape.ts';

/**
 * The faithful side of a draft's score alone: what Echo cut from what was said, added of its own
 * and moved out of order (`measureEdits`), 100 x the edits factor, with those reasons; no style.
 * Null when the draft has no words of the user's.
 */
export function scoreFaithful(blocks: readonly FidelityBlock[], measured?: EditMeasures): Fidelity | null {
  if (!userTextOf(blocks).trim()) return null;
  const edits = measured ?? measureEdits(blocks);
  const reasons: Reason[] = [];
  editReasons(edits, reasons);
  return { score: Math.round(100 * edits.factor), reasons: reasons.map((r) => r.text) };
}

/**
 * A draft's score as the analysis threads compute it for a draft job (or a saved edit in its
 * request): its blocks against what was said (the offline engine's drafts), or the text of the
 * user's blocks alone (a model's answer, the user's own edits). `profile` is what the score is
 * against; given `others` (the owner's profile without the draft's own notes; null when there is no
 * other note) the answer also says how much the draft "sounds like you" (`voice`).
 */
export type FidelityRequest = { profile: VoiceProfile; register: Register; others?: VoiceProfile | null } & (
  | { blocks: FidelityBlock[] }
  | { text: string }
);

/** A draft's score in its two sides: `faithful` (what Echo changed of what was said) and `voice`. */
export interface FidelitySides extends Fidelity {
  faithful?: Fidelity;
  voice?: Fidelity | null;
}

const roundedScore = (fidelity: Fidelity): Fidelity => ({
  score: Math.round(fidelity.score),
  reasons: fidelity.reasons,
});

/**
 * The text is read once and the edits measured once for the three scores: "sounds like you" is
 * most often against the very profile of the score (the owner's other notes), and scoring a draft
 * twice over was most of a draft job's work beyond writing it.
 */
export function fidelityFor(request: FidelityRequest): FidelitySides | null {
  const text = 'blocks' in request ? userTextOf(request.blocks) : request.text;
  if (!text.trim()) return null;
  const read = readText(text, request.register);
  const edits = 'blocks' in request ? measureEdits(request.blocks) : undefined;
  const both =
    'blocks' in request
      ? scoreDraftFidelity(request.blocks, request.profile, request.register, { read, edits })
      : scoreFidelity(read, request.profile, request.register);
  if (!both) return null;
  const sides: FidelitySides = roundedScore(both);
  const faithful = 'blocks' in request ? scoreFaithful(request.blocks, edits) : null;
  if (faithful) sides.faithful = faithful;
  if (request.others !== undefined)
    sides.voice =
      request.others === null ? null : roundedScore(scoreFidelity(read, request.others, request.register));
  return sides;
}
