/**
 * SEO blog post from the user's own sentences: title, slug, meta description (<= 160 characters),
 * keywords, an introduction, H2 sections split where the topic shifts, one verbatim quote, a
 * conclusion; about 600-1,500 words when the source allows (the best-ranked sentences, with the
 * sentence a chosen one points back to).
 */
import { type KeyPhrase, keyPhrases } from '../keyphrases.ts';
import { type Analysis, passages, tooShortMessage, type Unit } from './analyse.ts';
import {
  BlockList,
  countWordsOf,
  cutAtWord,
  slugOf,
  startsAsSentence,
  titleText,
  titleUnit,
} from './common.ts';
import type { BlogMeta, FormatResult, Part, SourceRef } from './types.ts';

export const BLOG_MIN_WORDS = 150;
const META_MAX = 160;

function cohesion(a: readonly Unit[], b: readonly Unit[]): number {
  const left = new Map<string, number>();
  for (const u of a) for (const s of u.stems) left.set(s, (left.get(s) ?? 0) + 1);
  const right = new Map<string, number>();
  for (const u of b) for (const s of u.stems) right.set(s, (right.get(s) ?? 0) + 1);
  let dot = 0;
  for (const [s, v] of left) dot += v * (right.get(s) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((x, v) => x + v * v, 0));
  return dot / Math.max(1e-9, norm(left) * norm(right));
}

/** Splits the body into `k` runs at the weakest topical links (note changes and skipped stretches count). */
function sections(body: Unit[], k: number): Unit[][] {
  if (k <= 1 || body.length < 4) return [body];
  const minSize = Math.max(2, Math.floor(body.length / (k * 2)));
  const gaps: { at: number; score: number }[] = [];
  for (let i = minSize; i <= body.length - minSize; i++) {
    let score = cohesion(body.slice(Math.max(0, i - 4), i), body.slice(i, i + 4));
    if (body[i]!.noteIndex !== body[i - 1]!.noteIndex) score -= 1;
    if (body[i]!.index - body[i - 1]!.index > 3) score -= 0.15;
    // Never a heading between a sentence and the one it points back to.
    if (body[i]!.dangling && body[i]!.index - body[i - 1]!.index === 1) score += 2;
    gaps.push({ at: i, score });
  }
  gaps.sort((a, b) => a.score - b.score || a.at - b.at);
  const cuts: number[] = [];
  for (const gap of gaps) {
    if (cuts.length >= k - 1) break;
    if (cuts.every((c) => Math.abs(c - gap.at) >= minSize)) cuts.push(gap.at);
  }
  cuts.sort((a, b) => a - b);
  const out: Unit[][] = [];
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    out.push(body.slice(from, cut));
    from = cut;
  }
  return out.filter((s) => s.length > 0);
}

/** Paragraphs of at most 3 sentences / ~70 words, broken where the source skipped ahead. */
function paragraphs(units: readonly Unit[]): Unit[][] {
  const out: Unit[][] = [];
  let current: Unit[] = [];
  let words = 0;
  for (const unit of units) {
    const previous = current.at(-1);
    const jump = previous && (unit.noteIndex !== previous.noteIndex || unit.index - previous.index > 2);
    if (current.length > 0 && (current.length >= 4 || words + unit.words > 80 || jump)) {
      out.push(current);
      current = [];
      words = 0;
    }
    current.push(unit);
    words += unit.words;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The phrase with the capitals the user wrote it with ("American people"), first letter upper. */
function asWritten(phrase: string, carriers: readonly Unit[]): string {
  const pattern = phrase
    .split(' ')
    .map((word) => word.replace(/[^\p{L}\p{N}'’-]/gu, ''))
    .join('\\s+');
  for (const unit of carriers) {
    const found = new RegExp(`(?<![\\p{L}])${pattern}(?![\\p{L}])`, 'iu').exec(unit.clean);
    if (found) return found[0][0]!.toUpperCase() + found[0].slice(1);
  }
  return phrase[0]!.toUpperCase() + phrase.slice(1);
}

/**
 * A section heading in the user's words: the section's best short line (3-9 words, not pointing
 * back, not a question), which then leaves the body; else its top key phrase.
 */
function headingFor(section: Unit[], analysis: Analysis, used: Set<string>): Part {
  const line = section
    .filter(
      (u) =>
        u.words >= 3 && u.words <= 10 && !u.dangling && !u.question && u.score >= 0.3 && startsAsSentence(u),
    )
    .sort((a, b) => b.score - a.score)[0];
  if (line && section.length > 2) {
    section.splice(section.indexOf(line), 1);
    return { text: line.standalone.replace(/[.!]+$/, ''), sources: [line.ref], supported: true };
  }
  // The section's own key phrases first (more specific than the note's), then the note's.
  const local = keyPhrases(
    section.map((u) => ({ text: u.clean, fillers: [] })),
    5,
  );
  const generic = analysis.phrases[0]?.key;
  const multiWord = (p: KeyPhrase) => p.key !== generic && p.key.includes(' ');
  const specific = local.filter((p) => multiWord(p) && p.count >= 2);
  const general = analysis.phrases.filter(multiWord);
  const phraseHeading = (phrases: readonly KeyPhrase[]): Part | undefined => {
    for (const phrase of phrases) {
      if (used.has(phrase.key)) continue;
      const stems = phrase.key.split(' ');
      const carriers = section.filter((u) => stems.every((s) => u.stems.has(s)));
      if (carriers.length === 0) continue;
      used.add(phrase.key);
      return {
        text: asWritten(phrase.phrase, carriers),
        sources: carriers.slice(0, 2).map((u) => u.ref),
        supported: true,
      };
    }
    return undefined;
  };
  // A phrase of two words or more; else a short sentence; a single word ("World") only as a last resort.
  const byPhrase = phraseHeading([...specific, ...general]);
  if (byPhrase) return byPhrase;
  const best = section
    .filter((u) => u.words <= 12 && !u.dangling && !u.question && startsAsSentence(u))
    .sort((a, b) => b.score - a.score)[0];
  if (best) {
    if (section.length > 2) section.splice(section.indexOf(best), 1);
    return { text: best.standalone.replace(/[.!]+$/, ''), sources: [best.ref], supported: true };
  }
  return (
    phraseHeading([...local, ...analysis.phrases]) ?? { text: 'More on this', sources: [], supported: false }
  );
}

function quotable(unit: Unit): boolean {
  return unit.words >= 6 && unit.words <= 25 && !unit.dangling && !unit.hasFillers && !unit.question;
}

export function blogPost(analysis: Analysis): FormatResult {
  if (analysis.words < BLOG_MIN_WORDS) {
    return {
      ok: false,
      format: 'blog',
      message: tooShortMessage(BLOG_MIN_WORDS, analysis.words, 'a blog post', analysis.noteCount),
    };
  }
  const target =
    analysis.words <= 700 ? analysis.words * 0.9 : Math.min(1500, Math.max(600, analysis.words * 0.5));
  const title = titleUnit(analysis);
  const ranked = analysis.units
    .filter((u) => u.usable && u !== title)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const { body, words } = passages(ranked, analysis.units, target, new Set(title ? [title.index] : []));

  // Introduction: the note's own opening (first chosen sentences, ~40 words); conclusion: its end.
  const intro: Unit[] = [];
  let introWords = 0;
  while (body.length > 4 && intro.length < 3 && introWords < 40) {
    const next = body.shift()!;
    intro.push(next);
    introWords += next.words;
  }
  const conclusion: Unit[] = [];
  let endWords = 0;
  while (body.length > 4 && conclusion.length < 3 && endWords < 40) {
    const last = body.pop()!;
    conclusion.unshift(last);
    endWords += last.words;
  }
  // The conclusion keeps the sentence its first one points back to.
  while (body.length > 4 && conclusion[0]?.dangling && body.at(-1)!.index === conclusion[0].index - 1)
    conclusion.unshift(body.pop()!);

  const list = new BlockList();
  const titleString = titleText(title, analysis);
  list.add('title', [{ text: titleString, sources: title ? [title.ref] : [], supported: true }], titleString);
  for (const paragraph of paragraphs(intro)) list.addUnits('paragraph', paragraph);

  const k = Math.max(1, Math.min(5, Math.round(words / 280)));
  const runs = sections(body, body.length >= 6 ? Math.max(2, k) : 1);
  const usedHeadings = new Set<string>();
  const headings = runs.map((run) => headingFor(run, analysis, usedHeadings));
  const quote = body
    .filter((u) => quotable(u) && runs.some((run) => run.includes(u)))
    .sort((a, b) => b.score - a.score)[0];
  for (const [r, run] of runs.entries()) {
    const heading = headings[r]!;
    list.add('heading', [heading], heading.text);
    for (const paragraph of paragraphs(run)) {
      const at = quote ? paragraph.indexOf(quote) : -1;
      if (at < 0) {
        list.addUnits('paragraph', paragraph);
        continue;
      }
      if (at > 0) list.addUnits('paragraph', paragraph.slice(0, at));
      list.add('quote', [{ text: quote!.original, sources: [quote!.ref], supported: true }]);
      if (at < paragraph.length - 1) list.addUnits('paragraph', paragraph.slice(at + 1));
    }
  }
  if (conclusion.length > 0) {
    list.add('heading', [{ text: 'Conclusion', sources: [], supported: true }], 'Conclusion');
    for (const paragraph of paragraphs(conclusion)) list.addUnits('paragraph', paragraph);
  }

  const descriptionUnit = [...analysis.units]
    .filter(
      (u) =>
        u.usable &&
        u !== title &&
        !u.dangling &&
        !u.question &&
        u.standalone.length >= 50 &&
        u.standalone.length <= META_MAX,
    )
    .sort((a, b) => b.score - a.score)[0];
  const description = descriptionUnit
    ? descriptionUnit.standalone
    : cutAtWord(ranked[0]?.standalone ?? titleString, META_MAX);
  const meta: BlogMeta & { descriptionSources: SourceRef[] } = {
    title: titleString,
    slug: slugOf(titleString),
    description,
    descriptionSources: descriptionUnit ? [descriptionUnit.ref] : ranked[0] ? [ranked[0].ref] : [],
    keywords: analysis.phrases.slice(0, 6).map((p) => p.phrase),
    words: list.blocks.filter((b) => b.kind !== 'title').reduce((n, b) => n + countWordsOf(b.text), 0),
  };
  return { ok: true, format: 'blog', blocks: list.blocks, meta: { ...meta } };
}
