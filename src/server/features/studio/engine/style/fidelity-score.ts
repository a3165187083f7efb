/**
 * A text's or a draft's fidelity score against a voice profile (fidelity.ts's measures made into the
 * number and its reasons), the text read once for every profile it meets.
 */

import { wordsOf } from '../text/index.ts';
import { type Fidelity, type FidelityMeasures, measureFidelity, scoreOf, styleScore } from './fidelity.ts';
import { type EditMeasures, type FidelityBlock, measureEdits, userTextOf } from './fidelity-edits.ts';
import { type Reason, reasonsFor, reasonsWithTone } from './fidelity-reasons.ts';
import { noteStats } from './profile.ts';
import type { NoteStats, Register, RegisterProfile, VoiceProfile } from './profile-shape.ts';

function targetOf(profile: VoiceProfile, register: Register): RegisterProfile | null {
  return profile[register] ?? profile[register === 'spoken' ? 'written' : 'spoken'] ?? null;
}

const NO_NOTES: Fidelity = {
  score: 50,
  reasons: ['no notes yet: add a few notes so Echo can learn your voice'],
};

/**
 * Scores a text against the profile's register (falling back to the other register when the user
 * has no notes in this one). Without any notes the score is 50 and the reason says why.
 */
export function scoreFidelity(
  draftText: string | ReadText,
  profile: VoiceProfile,
  register: Register,
): Fidelity {
  const target = targetOf(profile, register);
  if (!target) return NO_NOTES;
  const read = readFor(draftText, register);
  const measures = measuresOf(read, target, profile);
  const score = scoreOf(measures);
  return { score, reasons: reasonsFor(read.stats, target, measures, score) };
}

/**
 * A scored text read once (its stats and words), with its measures against each profile it met: a
 * draft job scores the same text for its score and for "sounds like you", most often against the
 * same profile (the owner's other notes), and reading the text is most of the work.
 */
export interface ReadText {
  text: string;
  register: Register;
  stats: NoteStats;
  words: string[];
  measured: Map<RegisterProfile, { profile: VoiceProfile; measures: FidelityMeasures }>;
}

export const readText = (text: string, register: Register): ReadText => ({
  text,
  register,
  stats: noteStats(text, register, { phrases: false }),
  words: wordsOf(text),
  measured: new Map(),
});

const readFor = (text: string | ReadText, register: Register) =>
  typeof text !== 'string' && text.register === register
    ? text
    : readText(typeof text === 'string' ? text : text.text, register);

function measuresOf(read: ReadText, target: RegisterProfile, profile: VoiceProfile): FidelityMeasures {
  const known = read.measured.get(target);
  if (known?.profile === profile) return known.measures;
  const measures = measureFidelity(read.stats, read.words, target, profile);
  read.measured.set(target, { profile, measures });
  return measures;
}

export interface FidelityDetail {
  score: number;
  /** The style part alone (0-100, unrounded). */
  style: number;
  measures: FidelityMeasures;
  edits: EditMeasures;
  reasons: Reason[];
}

/**
 * A draft given as blocks, in detail: the style of the user's blocks (Echo's are left out), times
 * what Echo changed of the user's words (fidelity-edits.ts). Null when the draft has no words of
 * the user's to score or the user has no notes yet.
 */
export function draftFidelityDetail(
  blocks: readonly FidelityBlock[],
  profile: VoiceProfile,
  register: Register,
  /** The user's blocks' text already read, and the edits already measured (`fidelityFor`). */
  known: { read?: ReadText; edits?: EditMeasures } = {},
): FidelityDetail | null {
  const text = known.read?.text ?? userTextOf(blocks);
  const target = targetOf(profile, register);
  if (!text.trim() || !target) return null;
  const read = readFor(known.read ?? text, register);
  const measures = measuresOf(read, target, profile);
  const edits = known.edits ?? measureEdits(blocks);
  const score = scoreOf(measures, edits);
  return {
    score,
    style: styleScore(measures),
    measures,
    edits,
    reasons: reasonsWithTone(read.stats, target, measures, score, edits),
  };
}

/**
 * Scores a draft given as blocks (`draftFidelityDetail`): null when it has no words of the user's;
 * 50 with the reason when the user has no notes yet.
 */
export function scoreDraftFidelity(
  blocks: readonly FidelityBlock[],
  profile: VoiceProfile,
  register: Register,
  known: { read?: ReadText; edits?: EditMeasures } = {},
): Fidelity | null {
  if (!(known.read?.text ?? userTextOf(blocks)).trim()) return null;
  const detail = draftFidelityDetail(blocks, profile, register, known);
  if (!detail) return NO_NOTES;
  return { score: detail.score, reasons: detail.reasons.map((r) => r.text) };
}
