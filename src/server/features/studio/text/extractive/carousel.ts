/**
 * Instagram carousel text: 5-10 slides; a title slide, one idea per slide in at most 30 words (the
 * best-ranked sentences that say different things, in reading order), and a closing slide.
 */
import { type Analysis, partOf, tooShortMessage, type Unit } from './analyse.ts';
import { BlockList, closingQuestion, ownLine, splitToFit, titleText, titleUnit } from './common.ts';
import type { FormatResult, Part } from './types.ts';

export const CAROUSEL_MIN_WORDS = 80;
export const SLIDE_MAX_WORDS = 30;
const MIN_SLIDES = 5;
const MAX_SLIDES = 10;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function overlap(a: Unit, b: Unit): number {
  let common = 0;
  for (const s of a.stems) if (b.stems.has(s)) common++;
  return common / Math.max(1, Math.min(a.stems.size, b.stems.size));
}

/** A sentence as a slide: itself when <= 30 words, else its first clause(s) that fit. */
function slideText(unit: Unit): string | undefined {
  const text = unit.standalone;
  if (wordCount(text) <= SLIDE_MAX_WORDS) return text;
  const first = splitToFit(text, 170)[0]!;
  return wordCount(first) <= SLIDE_MAX_WORDS && wordCount(first) >= 6
    ? first.replace(/[,;:]$/, '.')
    : undefined;
}

export function carousel(analysis: Analysis, author?: string): FormatResult {
  const tooShort = tooShortMessage(CAROUSEL_MIN_WORDS, analysis.words, 'a carousel', analysis.noteCount);
  if (analysis.words < CAROUSEL_MIN_WORDS) return { ok: false, format: 'carousel', message: tooShort };
  const title = titleUnit(analysis);
  const closing = closingQuestion(analysis, 200);
  const ideas: { unit: Unit; text: string }[] = [];
  const ranked = analysis.units
    .filter((u) => u.usable && !u.dangling && !u.question && u !== title && u.words >= 6)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const unit of ranked) {
    if (ideas.length >= MAX_SLIDES - 2) break;
    if (ideas.some((idea) => overlap(idea.unit, unit) > 0.5)) continue; // one idea per slide
    const text = slideText(unit);
    if (text) ideas.push({ unit, text });
  }
  if (ideas.length < MIN_SLIDES - 2) return { ok: false, format: 'carousel', message: tooShort };
  ideas.sort((a, b) => a.unit.index - b.unit.index);
  const list = new BlockList();
  const titleString = titleText(title, analysis);
  list.add('slide', [{ text: titleString, sources: title ? [title.ref] : [], supported: true }], titleString);
  for (const idea of ideas) list.add('slide', [{ ...partOf(idea.unit, false), text: idea.text }]);
  const closingPart: Part = closing
    ? partOf(closing, false)
    : ownLine(author ? `Follow ${author} for more.` : 'Save this for later.');
  list.add('closing', [closingPart]);
  return {
    ok: true,
    format: 'carousel',
    blocks: list.blocks,
    meta: { slides: list.blocks.length, author: author ?? null },
  };
}
