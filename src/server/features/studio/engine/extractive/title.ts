/**
 * A title in the user's words: the point of the notes when it fits in a line (the lesson, or a
 * short claim that ranks high), never an item from the middle of a list nor a line that leans on
 * what came before. A conditional opening ("If you're about to launch something,") is cut, and
 * recorded as a cut.
 */
import { type Analysis, type Unit, userPart } from './analyse.ts';
import { startsAsSentence } from './common.ts';
import { leadFault, pointWeight } from './lead.ts';
import { atomsFor } from './plan.ts';
import { POINTS_BACK_AT_START } from './roles.ts';
import type { Part } from './types.ts';

const MAX_WORDS = 12;
const CONDITION = /^(?:if|when|before|whenever|once)\s+[^,]{3,80},\s+/i;
/** "The point is that…", "The lesson for me is…": the words before a lesson, which a title does without. */
const LESSON_LEAD =
  /^(?:the (?:point|lesson|truth|takeaway)(?: for me| here)? is(?: that)?|what i(?:'ve)? learned(?: from [^,]{1,40})? is(?: that)?)\s+(?=\S)/i;
/** A line whose last words point at something said before it ("do that one", "try it"). */
const ENDS_ON_POINTER = /\b(?:(?:that|this) one|(?:do|try|start with) (?:that|this|it|them))\s*$/i;
/** "This is about the client I almost kept forever": talk about the talk whose rest names the story. */
const STORY_OF = /^this (?:one )?is (?:about|the story of|a story about)\s+(?=\S)/i;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The unit's text as a title (no final full stop), or undefined when it cannot be one. */
export function titleForm(unit: Unit): string | undefined {
  let text = unit.standalone.replace(STORY_OF, '').replace(LESSON_LEAD, '');
  const condition = CONDITION.exec(text);
  const rest = condition ? text.slice(condition[0].length) : '';
  if (condition && wordCount(rest) >= 4 && !POINTS_BACK_AT_START.test(rest)) text = rest;
  text = text.replace(/[.!]+$/, '');
  text = text[0]!.toUpperCase() + text.slice(1);
  const n = wordCount(text);
  return n >= 4 && n <= MAX_WORDS ? text : undefined;
}

export interface Title {
  unit?: Unit;
  text: string;
  part: Part;
}

export function titleOf(analysis: Analysis): Title {
  const inLists = new Set(
    atomsFor(analysis)
      .filter((a) => a.list)
      .flatMap((a) => a.list!.items.flat()),
  );
  let best: { unit: Unit; text: string } | undefined;
  let bestScore = 0;
  let bestIsLesson = false;
  for (const unit of analysis.units) {
    // A title is read first and alone: never a list item, a line that points back, talk about the
    // talk or a question nobody asked (lead.ts).
    const fault = leadFault(unit, inLists);
    const story = unit.index === 0 && STORY_OF.test(unit.standalone);
    if ((fault && !(story && fault === 'about the talk')) || unit.question || unit.roles.cta) continue;
    if (
      /^(?:i think|i mean|i was|i did|we did|and|but|so|because|i'm not|i am not|i don't)\b/i.test(
        unit.standalone,
      )
    )
      continue;
    if (/\bas (?:i|we) (?:have )?(?:said|stated|mentioned)\b/i.test(unit.standalone)) continue;
    if (!/^["'“‘(]?\p{Lu}/u.test(unit.standalone)) continue;
    const text = titleForm(unit);
    // "If you only do one thing, do that one": its point is in the sentence before.
    if (!text || ENDS_ON_POINTER.test(text)) continue;
    const words = wordCount(text);
    let score =
      Math.max(0.2, unit.score) *
      pointWeight(unit) *
      (1 + 0.05 * (MAX_WORDS - words)) *
      (startsAsSentence(unit) ? 1 : 0.3);
    if (analysis.phrases.slice(0, 3).some((p) => p.key.split(' ').every((s) => unit.stems.has(s))))
      score *= 1.4;
    if (unit.roles.lesson) score *= 2;
    if (unit.roles.turn) score *= 1.5;
    // A title is read first: one that leans on something ("do that one") makes a poor one.
    if (/\b(?:it|this|that|them|those|these|they)\b/i.test(text)) score *= 0.5;
    if (unit.pinned) score *= 1.3;
    // The point of a story (a lesson in its second half) makes its title when one fits.
    const isLesson = unit.roles.lesson && unit.index >= analysis.units.length * 0.5;
    if ((isLesson && !bestIsLesson) || (isLesson === bestIsLesson && score > bestScore)) {
      bestScore = score;
      bestIsLesson = isLesson;
      best = { unit, text };
    }
  }
  if (best) return { unit: best.unit, text: best.text, part: userPart(best.unit, best.text) };
  const phrase = analysis.phrases[0]?.phrase ?? 'Notes';
  const text = phrase[0]!.toUpperCase() + phrase.slice(1);
  return { text, part: { text, sources: [], supported: false } };
}
