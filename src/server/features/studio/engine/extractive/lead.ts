/**
 * What may lead a draft (a title, a carousel cover, a hook, a thread's first post, a clip's hook
 * line): the note's main claim or its most surprising fact, read first and alone. Never a list item
 * ("Three, paying yourself a salary…"), a sentence that points back ("They…", "So…", "That's…",
 * "This is why…"), a filler, talk about the talk ("Quick one today"), a question nobody asked or a
 * speaker's label; and the common belief a note sets up to knock down ("Everyone goes straight for
 * the knee brace") weighs less than the claim that knocks it down ("it's almost never the knee").
 */
import type { Unit } from './analyse.ts';
import { POINTS_BACK_AT_START, rolesOf } from './roles.ts';

/** A list item said as a bare count ("One, open a separate account", "Three: pay yourself"). */
export const COUNTED_ITEM =
  /^(?:and\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s*[,:.)]\s+(?=\p{L})/iu;
/** "Coach:", "Speaker 2:", "Q:", "Maria Lopez:" opening a transcript line. */
const SPEAKER_LABEL =
  /^(?:speaker\s*\d+|[QA]|interviewer|host|guest|[\p{Lu}][\p{Ll}]+(?: [\p{Lu}][\p{Ll}]+)?)\s*:\s/u;
/** Talk that announces the subject: "I want to talk about my first hire", "This is the story of...". */
const ANNOUNCES_SUBJECT =
  'this (?:one )?is (?:about|the story of|a story about)|i (?:want|need) to (?:talk|share|tell|rant)|let me (?:tell|share)|can we talk';
const ABOUT_THE_TALK = new RegExp(
  `\\b(?:quick one|today|this one is for|this is for|this (?:one )?is going to be|${ANNOUNCES_SUBJECT}|for a (?:minute|second)|(?:i've|i have) got news|big news|big change|practical one|hey|hi|hello|welcome)\\b`,
  'i',
);
/**
 * A sentence that opens on announcing its subject ("So, um, I want to talk about my first hire,
 * because..."): it names what the note is about, in the words a question about it uses, and says
 * little of it.
 */
export const OPENS_ON_SUBJECT = new RegExp(
  `^\\W*(?:(?:so|okay|ok|right|well|um|uh|yeah|and|hey|hi)\\b[\\s,.]*)*(?:${ANNOUNCES_SUBJECT})\\b`,
  'i',
);
/** A sentence about the talk itself, not its subject (an opening may skip it). */
export const aboutTheTalk = (unit: Unit) =>
  unit.words < 4 || (unit.words <= 16 && ABOUT_THE_TALK.test(unit.clean));
/** "So the biggest client was our worst client": a conclusion drawn from what came before. */
const SO_CONCLUDES = /^(?:and\s+)?so\b(?!,?\s+(?:if|when|before|whenever|next time|here)\b)/i;
/** The claim that corrects a belief or names the real cause. */
const CLAIM =
  /\b(?:almost never|(?:is|are|was|it's|that's) not (?:always|about|the)|isn't (?:always|about|the)|not an? \w+ problem|the real (?:problem|reason|cause|issue|lesson|question)|the truth is|actually|turns out|nine times out of ten|the (?:biggest|only|one) (?:thing|mistake|reason|problem)|(?:is|was) the (?:problem|answer|point))\b/i;
/** The belief a note sets up to knock down. */
const BELIEF =
  /^(?:everyone|everybody|most people|people (?:think|say|assume)|we(?:'re| are) told|the usual advice|the common (?:advice|wisdom))\b|\bgoes? straight (?:for|to)\b/i;

/** "This season…", "That week…": a time, not something said before. */
const TIME_DEMONSTRATIVE =
  /^(?:this|that)\s+(?:season|year|week|month|morning|evening|spring|summer|autumn|fall|winter|quarter|weekend|time)\b/i;

export type LeadFault =
  | 'filler'
  | 'list item'
  | 'announces a list'
  | 'points back'
  | 'question'
  | 'speaker label'
  | 'about the talk';

/** Why a sentence cannot lead a draft, or undefined when it can. */
export function leadFault(unit: Unit, inList?: ReadonlySet<Unit>): LeadFault | undefined {
  if (unit.filler || !unit.usable) return 'filler';
  if (SPEAKER_LABEL.test(unit.original)) return 'speaker label';
  if (unit.roles.item > 0 || inList?.has(unit) || COUNTED_ITEM.test(unit.spoken)) return 'list item';
  // Also a count whose list Echo could not see ("What matters is three things."): it promises one.
  if (unit.roles.announces > 0 || rolesOf(unit.spoken, 0.5, false).announces >= 2) return 'announces a list';
  if (
    unit.roles.pointsBack ||
    unit.dangling ||
    (unit.index > 0 &&
      POINTS_BACK_AT_START.test(unit.standalone) &&
      !TIME_DEMONSTRATIVE.test(unit.standalone)) ||
    (unit.index > 0 && SO_CONCLUDES.test(unit.spoken) && !unit.roles.imperative)
  )
    return 'points back';
  // A question leads only when the note opens on it ("Can we talk about this hustle thing?").
  if (unit.question && unit.index > 0) return 'question';
  if (aboutTheTalk(unit)) return 'about the talk';
  return undefined;
}

/** Whether a draft's first line is one of the faults above (what the evaluation counts). */
export const leadsBadly = (text: string) =>
  rolesOf(text, 0.5, false).item > 0 ||
  COUNTED_ITEM.test(text) ||
  POINTS_BACK_AT_START.test(text) ||
  SO_CONCLUDES.test(text) ||
  SPEAKER_LABEL.test(text);

/** A slide or post opening on a person it does not name ("They spend…", "He'd never…"). */
export const PERSON_PRONOUN_AT_START = /^(?:(?:but|and|so)\s+)?(?:they|he|she|them|him|her|his|their)\b/i;

/**
 * How much a sentence reads as the note's point: a claim that corrects a belief or names the real
 * cause weighs more, the belief it knocks down less, a figure a little more.
 */
export function pointWeight(unit: Unit): number {
  let weight = 1;
  if (CLAIM.test(unit.clean)) weight *= 1.6;
  if (BELIEF.test(unit.standalone) && !CLAIM.test(unit.clean)) weight *= 0.4;
  if (/\d/.test(unit.clean)) weight *= 1.15;
  return weight;
}
