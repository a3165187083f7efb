/**
 * A slide is read alone: one that opens on "They", "He" or "She" names who that is, rewritten from
 * the source sentence that names them ("They spend $60-70 on a brace" after "When a runner comes
 * in…" -> "Runners spend $60-70 on a brace"; "He told me…" after "…when Jamal started…" -> "Jamal
 * told me…"). The part then cites both sentences, and keeps the sentence as said. Where no earlier
 * sentence names them plainly, the slide is left as it is (the evaluation counts it).
 */

import { MONTHS, WEEKDAYS } from '../text/index.ts';
import type { Analysis, Unit } from './analyse.ts';
import type { Part } from './types.ts';

/** How far back the naming sentence may be. */
const LOOK_BACK = 6;
const OPENING = /^(?:(?:but|and|so)\s+)?(?<pronoun>they|he|she)(?:['’](?<contraction>d|s|re|ve|ll))?\b/i;
/** "Three weeks later she…", "Within two months he…": a time, then the person the story is about. */
const PRONOUN_AFTER_TIME =
  /^(?<lead>(?:\S+\s+){0,3}(?:later|after|afterwards|months|weeks|days|years|then),?\s+)(?<pronoun>she|he)(?:['’](?<contraction>d|s))?\b/i;
const PARTICIPLE =
  /^(?:\w+ed|been|had|done|gone|got|gotten|run|seen|made|taken|given|never|already|just|always|worked)$/i;
/** The contraction said out ("'d" before "never worked" is "had"; "'s" before "our CTO" is "is"). */
function expanded(contraction: string, next: string, plural: boolean): string {
  switch (contraction.toLowerCase()) {
    case 'd':
      return PARTICIPLE.test(next) ? 'had' : 'would';
    case 's':
      return /^(?:been|got|gotten|had|done|gone)$/i.test(next) ? 'has' : 'is';
    case 're':
      return plural ? 'are' : 'is';
    case 've':
      return plural ? 'have' : 'has';
    default:
      return 'will';
  }
}
const PEOPLE =
  'runner|client|customer|freelancer|founder|user|parent|student|designer|manager|patient|coach|reader|buyer|member|employee|engineer|developer|writer|creator|owner|guest|listener|subscriber|colleague|teacher|doctor|athlete|player|agency|company|chain|brand|boss|partner|investor|landlord|team|kid|nurse|seller|vendor|supplier|candidate|hire|recruiter|clinic|startup';
const GROUPS = 'people|folks|staff|children';
const DETERMINERS =
  "(?:the|my|our|your|their)\\s+[\\p{L}]+['’]s|a|an|the|our|my|your|their|these|those|most|many|some|\\d[\\d,]*";
const NOUN_PHRASE = new RegExp(
  `(?<![\\p{L}])(?<!(?:every|each|one|any|no)\\s)(?:(${DETERMINERS})\\s+(?:(?!(?:${PEOPLE}|${GROUPS})s?\\b)([\\p{L}-]+)\\s+)?)?(?:(${PEOPLE})(s)?|(${GROUPS}))(?![\\p{L}])`,
  'giu',
);
/** Past tense after the pronoun: a singular subject reads without changing the verb. */
const PAST =
  /^(?:\w+ed|took|had|paid|left|said|went|made|gave|got|ran|came|told|spent|sent|kept|felt|thought|brought|bought|lost|found|began|knew|saw|wrote|chose|did|were|was|never|always|also|just|still)\b/i;
/** A sentence telling what happened (one team, one client), not what happens (runners in general). */
const TOLD_IN_THE_PAST =
  /\b(?:\w{3,}ed|was|were|had|did|went|took|told|said|came|made|ran|got|gave|ago|last)\b/i;
const NOT_NAMES = new Set(['i', ...[...MONTHS, ...WEEKDAYS].map((w) => w.toLowerCase())]);

const capitalise = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Who "they" is in a sentence, as the subject of what follows ("Runners", "Our biggest client"). */
function groupIn(text: string, verb: string, many: boolean): string | undefined {
  NOUN_PHRASE.lastIndex = 0;
  for (let match = NOUN_PHRASE.exec(text); match; match = NOUN_PHRASE.exec(text)) {
    const [, det, adjective, noun, plural, group] = match;
    const definite = det !== undefined && /^(?:the|our|my|your|their|these|those)\b/i.test(det);
    // "Tired people make mistakes. They miss…": the sentence's own opening word goes with them.
    const opening = /^\p{Lu}[\p{Ll}-]+\s+$/u.exec(text.slice(0, match.index))?.[0] ?? '';
    // "he" / "she": only one person a phrase names ("my first hire").
    if (!many) {
      if (noun && !plural && definite && PAST.test(verb))
        return capitalise(`${det} ${adjective ? `${adjective} ` : ''}${noun}`);
      continue;
    }
    // "most teams" stays "Most teams"; "42 runners" are "Runners".
    const kept = definite || /^(?:most|many|some)$/i.test(det ?? '');
    const phrase = kept ? `${det} ${adjective ? `${adjective} ` : ''}` : opening;
    if (group) return capitalise(`${phrase}${group}`);
    if (plural) return capitalise(`${phrase}${noun}s`);
    // "the hospital's IT team" without its article names nobody: "Teams" would be wrong.
    if (det === undefined) continue;
    // "When a runner comes in…, they spend": one of many, "Runners". "I worked with a design team…
    // They cut nine meetings": that one, "The design team". "our biggest client" stays one, before
    // a past tense.
    if (!definite && /^an?$/i.test(det ?? '') && (PAST.test(verb) || TOLD_IN_THE_PAST.test(text)))
      return `The ${adjective ? `${adjective} ` : ''}${noun}`;
    if (!definite) return capitalise(`${noun}s`);
    if (PAST.test(verb)) return capitalise(`${det} ${adjective ? `${adjective} ` : ''}${noun}`);
  }
  return undefined;
}

/** The person a sentence names ("I had one client, Maria, training…" -> "Maria"). */
function personIn(text: string): string | undefined {
  const tokens = [...text.matchAll(/[\p{L}][\p{L}'’-]*/gu)];
  for (const [i, token] of tokens.entries()) {
    if (i === 0 || !/^\p{Lu}\p{Ll}+$/u.test(token[0]) || NOT_NAMES.has(token[0].toLowerCase())) continue;
    // "the Boston marathon", "in Leeds": a place or a thing, not a person.
    if (/^(?:the|in|at|from|of|on|to)$/i.test(tokens[i - 1]![0])) continue;
    return token[0];
  }
  return undefined;
}

/**
 * The part of a slide's first sentence with its opening pronoun named from an earlier sentence of
 * the note, or the part as it was.
 */
export function namedOpening(part: Part, unit: Unit, analysis: Analysis): Part {
  // "They spend…", or a person's story going on ("Three weeks later she ran…").
  const opening = OPENING.exec(part.text) ?? PRONOUN_AFTER_TIME.exec(part.text);
  if (!opening) return part;
  const lead = opening.groups?.lead ?? '';
  const pronoun = opening.groups!.pronoun!.toLowerCase();
  const rest = part.text.slice(opening[0].length).trimStart();
  const next = rest.split(/\s+/)[0] ?? '';
  const contraction = opening.groups!.contraction;
  for (let i = unit.index - 1; i >= Math.max(0, unit.index - LOOK_BACK); i--) {
    const before = analysis.units[i]!;
    if (before.noteIndex !== unit.noteIndex) break;
    if (before.filler) continue;
    const verb = contraction ? expanded(contraction, next, true) : next;
    const name =
      pronoun === 'they'
        ? groupIn(before.clean, verb, true)
        : (personIn(before.clean) ?? groupIn(before.clean, verb, false));
    if (!name) continue;
    const plural = pronoun === 'they' && !/^(?:the|our|my|your|their)\s[^,]*[^s]$/i.test(name);
    const said = contraction ? `${expanded(contraction, next, plural)} ` : '';
    // Mid-sentence, "Our biggest client" is "our biggest client".
    const named =
      lead && /^(?:The|Our|My|Your|Their)\s/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
    return {
      ...part,
      text: `${lead}${named} ${said}${rest}`,
      sources: [...part.sources, before.ref],
      said: part.said ?? unit.original,
    };
  }
  return part;
}

/** "I had one client, Maria, …", "I worked with Priya Natarajan, …": a person the story is about. */
const INTRODUCTION =
  /\b(?:client|customer|friend|patient|student|colleague|named|called|worked with|met)\s*,?\s+\p{Lu}\p{Ll}+/u;
/** "Three weeks later she ran…": the story of the person just named goes on. */
const GOES_ON = /^(?:\S+\s+){0,4}(?:she|he)\b/i;

/** Whether a sentence brings in a person the sentences after it are about (they belong together). */
export const introducesPerson = (unit: Unit) => unit.words <= 24 && INTRODUCTION.test(unit.clean);
/** Whether a sentence goes on with the person of the sentence before it. */
export const goesOnWithPerson = (unit: Unit) => GOES_ON.test(unit.clean);
