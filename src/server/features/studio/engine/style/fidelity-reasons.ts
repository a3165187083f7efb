/**
 * The fidelity reasons in plain words, from the same measures as the score, so that they agree
 * with it: each reason says whether it is like or unlike the user; at 95 or more the unlike ones
 * are not given (nothing that big is unlike), and under 60 at least one unlike reason is.
 */

import { FW } from '../text/index.ts';
import type { EditMeasures } from './fidelity-edits.ts';
import type { NoteStats, RegisterProfile } from './profile-shape.ts';
import { FW_MEAN, FW_STD } from './reference-data.ts';

/** The style parts the reasons need (fidelity.ts's measures). */
export interface StyleMeasures {
  signatureKept: string[];
  banned: string[];
  neverSaid: string[];
  logit: number;
}

/** From this score up, no reason says something is unlike the user. */
export const ALL_LIKE_FROM = 95;
/** Under this score, at least one reason says what is unlike (the draft view warns below it too). */
export const UNLIKE_BELOW = 60;

/** What a draft that keeps every sentence whole and in order says (never of an unchecked rough transcript). */
export const AS_SAID_REASON = 'every sentence is yours, as you said it';

/** A reason and whether it says the draft is like the user (true), unlike (false) or neither. */
export interface Reason {
  text: string;
  like: boolean | null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeRate(rate: number): string {
  if (rate <= 0) return 'never';
  const every = Math.round(1 / rate);
  return every <= 1 ? 'in most sentences' : `about one in every ${every} sentences`;
}

/** What Echo changed of the owner's words, in plain words (the faithful side of a draft's score). */
export function editReasons(edits: EditMeasures, out: Reason[]): void {
  if (edits.userWords > 0 && edits.addedWords / edits.userWords >= 0.03) {
    out.push({
      text: `${edits.addedWords} of its ${plural(edits.userWords, 'word')} are Echo's, not yours`,
      like: false,
    });
  }
  if (edits.cutShare >= 0.1) {
    out.push({
      text: `leaves out ${Math.round(edits.cutShare * 100)}% of what you said in the sentences it uses`,
      like: false,
    });
  }
  if (edits.moves > 0) {
    out.push({
      text: `moves ${plural(edits.moves, 'sentence')} out of the order you said them`,
      like: false,
    });
  }
  if (edits.userWords > 0 && edits.addedWords === 0 && edits.cutShare < 0.1 && edits.moves === 0) {
    out.push({ text: AS_SAID_REASON, like: true });
  }
  if (edits.echoBlocks > 0) {
    out.push({
      text: `${plural(edits.echoBlocks, 'block')} of Echo's own (headings, calls to action) not counted`,
      like: null,
    });
  }
}

function styleReason(measures: StyleMeasures, words: number): Reason | null {
  if (words < 30) return { text: 'too short to judge your word habits', like: null };
  const style = 100 / (1 + Math.exp(-measures.logit));
  if (style >= 80) return { text: 'word choice and small-word habits close to yours', like: true };
  if (style >= 50) return { text: 'word choice and small-word habits partly like yours', like: null };
  return { text: 'word choice and small-word habits unlike yours', like: false };
}

function habitReasons(draft: NoteStats, profile: RegisterProfile, out: Reason[]): void {
  const yours = profile.sentenceLength.mean;
  const mine = draft.sentences > 0 ? draft.sentenceWords / draft.sentences : 0;
  if (draft.sentences > 0 && Math.abs(mine - yours) >= Math.max(3, yours * 0.25)) {
    out.push({
      text: `your sentences average ${Math.round(yours)} words; this draft averages ${Math.round(mine)}`,
      like: false,
    });
  } else if (draft.sentences > 0) {
    out.push({ text: `sentence length matches yours (about ${Math.round(yours)} words)`, like: true });
  }
  const draftQuestions = draft.questions / Math.max(1, draft.sentences);
  if (profile.habits.questionRate >= 0.08 && draft.sentences >= 5 && draftQuestions === 0) {
    out.push({
      text: `asks no questions; you ask ${describeRate(profile.habits.questionRate)}`,
      like: false,
    });
  }
  const draftExclaims = draft.exclamations / Math.max(1, draft.sentences);
  if (draftExclaims >= 0.15 && profile.habits.exclamationRate < draftExclaims / 3) {
    out.push({
      text: `uses ${plural(draft.exclamations, 'exclamation mark')}; you rarely exclaim`,
      like: false,
    });
  }
  const draftFirst = draft.firstPerson / Math.max(1, draft.words);
  if (
    profile.habits.firstPersonRate >= 0.03 &&
    draft.words >= 40 &&
    draftFirst < profile.habits.firstPersonRate / 3
  ) {
    out.push({ text: `hardly says 'I' or 'we', which you do often`, like: false });
  }
  // The function word used most unlike the user (only when the draft uses it a few times).
  let worst = -1;
  let worstGap = 0;
  for (let i = 0; i < FW.length; i++) {
    if (draft.fw[i]! < 3) continue;
    const gap = (draft.fw[i]! / Math.max(1, draft.words) - profile.functionWords[i]!) / FW_STD[i]!;
    if (gap > worstGap) {
      worstGap = gap;
      worst = i;
    }
  }
  if (worst >= 0 && worstGap > 3 && profile.functionWords[worst]! < FW_MEAN[worst]! / 2) {
    out.push({ text: `leans on '${FW[worst]}', which you rarely use`, like: false });
  }
}

/** The plain-words reasons for `score`, most important first, with their tone. */
export function reasonsWithTone(
  draft: NoteStats,
  profile: RegisterProfile,
  measures: StyleMeasures,
  score: number,
  edits?: EditMeasures,
): Reason[] {
  const reasons: Reason[] = [];
  for (const word of measures.banned) reasons.push({ text: `uses '${word}', which you banned`, like: false });
  for (const word of measures.neverSaid.slice(0, 2))
    reasons.push({ text: `uses '${word}', which you never say`, like: false });
  if (edits) editReasons(edits, reasons);
  const style = styleReason(measures, draft.words);
  if (style) reasons.push(style);
  habitReasons(draft, profile, reasons);
  if (measures.signatureKept.length > 0) {
    reasons.push({
      text: `keeps ${plural(measures.signatureKept.length, 'of your signature phrase')}`,
      like: true,
    });
  } else if (profile.signaturePhrases.length > 0) {
    reasons.push({
      text: `uses none of your signature phrases (such as '${profile.signaturePhrases[0]!.phrase}')`,
      like: null,
    });
  }
  let kept = score >= ALL_LIKE_FROM ? reasons.filter((r) => r.like !== false) : reasons;
  if (score < UNLIKE_BELOW && !kept.some((r) => r.like === false)) {
    kept = [{ text: 'word choice and small-word habits only partly like yours', like: false }, ...kept];
  }
  return kept;
}

/** The reasons' words only. */
export function reasonsFor(...args: Parameters<typeof reasonsWithTone>): string[] {
  return reasonsWithTone(...args).map((r) => r.text);
}
