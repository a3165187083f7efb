import { DRAFT_MIN_WORDS } from '#contract/studio-drafts.ts';
/**
 * SEO blog post from the user's own sentences: title, slug, meta description (<= 160 characters),
 * keywords, an introduction, H2 sections split where the topic shifts, one verbatim quote, a
 * conclusion; about 600-1,500 words when the source allows (the best-ranked sentences, with the
 * sentence a chosen one points back to).
 */

import type { Atom, BlogMeta, FormatResult, Part, SourceRef } from '../extractive/index.ts';
import {
  type Analysis,
  BlockList,
  countWordsOf,
  cutAtWord,
  ownLine,
  partOf,
  partsInOrder,
  phrasesIn,
  plan,
  slugOf,
  startsAsSentence,
  titleOf,
  tooShortMessage,
  type Unit,
  userPart,
} from '../extractive/index.ts';
import { keyPhrases } from '../text/index.ts';

export const BLOG_MIN_WORDS = DRAFT_MIN_WORDS.blog!;
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

const TIME_CUE =
  /^(?:(?:so|and|but)\s+)?(?:last|next|this|that)\s+(?:year|month|week|spring|summer|autumn|fall|winter|time)\b|^(?:(?:so|and|but)\s+)?(?:in\s+\d{4}|now|today|these days|later|after|(?:\w+\s+)?(?:months|years|weeks|days)\s+later)\b/i;

/** Splits atoms into `k` runs at the weakest topical links; a list with an announcement opens its own run. */
function sections(atoms: readonly Atom[], k: number): Atom[][] {
  if (atoms.length === 0) return [];
  const gaps: { at: number; score: number }[] = [];
  const forced = new Set<number>();
  for (let i = 1; i < atoms.length; i++) {
    const before = atoms.slice(Math.max(0, i - 3), i).flatMap((a) => a.units);
    const after = atoms.slice(i, i + 3).flatMap((a) => a.units);
    let score = cohesion(before, after);
    const a = atoms[i - 1]!;
    const b = atoms[i]!;
    if (b.units[0]!.noteIndex !== a.units.at(-1)!.noteIndex) score -= 1;
    if (b.units[0]!.index - a.units.at(-1)!.index > 3) score -= 0.15;
    if (b.list?.head) forced.add(i);
    // Sections begin where the speaker moves on: an item, a new scene, a time ("Last spring", "Now").
    const opener = b.units[0]!;
    if (
      opener.roles.item > 0 ||
      opener.roles.setting ||
      opener.roles.announces > 0 ||
      TIME_CUE.test(opener.clean)
    )
      score -= 0.6;
    if (opener.dangling || opener.roles.pointsBack) score += 1;
    gaps.push({ at: i, score });
  }
  gaps.sort((x, y) => x.score - y.score || x.at - y.at);
  const cuts = new Set(forced);
  for (const gap of gaps) {
    if (cuts.size >= k - 1) break;
    if ([...cuts].every((c) => Math.abs(c - gap.at) >= 2)) cuts.add(gap.at);
  }
  const out: Atom[][] = [];
  let from = 0;
  for (const cut of [...[...cuts].sort((x, y) => x - y), atoms.length]) {
    if (cut > from) out.push(atoms.slice(from, cut));
    from = cut;
  }
  return out;
}

/** Paragraphs: a list's announcement and items each their own; other atoms together up to ~70 words. */
function paragraphs(atoms: readonly Atom[], skip: ReadonlySet<Unit>): Unit[][] {
  const out: Unit[][] = [];
  let current: Unit[] = [];
  let words = 0;
  const flush = () => {
    if (current.length > 0) out.push(current);
    current = [];
    words = 0;
  };
  for (const atom of atoms) {
    if (atom.list) {
      flush();
      for (const group of [...(atom.list.head ? [[atom.list.head]] : []), ...atom.list.items]) {
        const kept = group.filter((u) => !skip.has(u));
        if (kept.length > 0) out.push(kept);
      }
      continue;
    }
    const kept = atom.units.filter((u) => !skip.has(u));
    if (current.length > 0 && (current.length + kept.length > 4 || words + atom.words > 80)) flush();
    current.push(...kept);
    words += atom.words;
  }
  flush();
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
 * A section heading: a list's own announcement ("I made two mistakes"), else the section's short
 * opening line when it stands alone (both the user's, taken out of the body); else Echo's, from the
 * section's key phrases (marked as Echo's).
 */
function userHeading(section: readonly Atom[]): Unit | undefined {
  const first = section[0]!;
  const line = first.list?.head ?? (first.list ? undefined : first.units[0]);
  return line &&
    line.words >= 3 &&
    line.words <= 10 &&
    !line.question &&
    !line.roles.pointsBack &&
    !line.dangling &&
    startsAsSentence(line) &&
    section.flatMap((a) => a.units).length > 1
    ? line
    : undefined;
}

function headingFor(
  section: readonly Atom[],
  analysis: Analysis,
  used: Set<string>,
  skip: Set<Unit>,
): Part | undefined {
  const line = userHeading(section);
  if (line) {
    skip.add(line);
    return userPart(line, line.standalone.replace(/[.!:]+$/, ''));
  }
  const units = section.flatMap((a) => a.units);
  const local = keyPhrases(
    units.map((u) => ({ text: u.clean, fillers: [] })),
    5,
  );
  const generic = analysis.phrases[0]?.key;
  const candidates = [
    ...local.filter((p) => p.key !== generic && p.key.includes(' ') && p.count >= 2),
    ...analysis.phrases.filter((p) => p.key !== generic && p.key.includes(' ') && p.count >= 2),
  ];
  for (const phrase of candidates) {
    if (used.has(phrase.key) || phrasesIn(phrase.phrase, analysis.settings.bans ?? []).length > 0) continue;
    const stems = phrase.key.split(' ');
    const carriers = units.filter((u) => stems.every((s) => u.stems.has(s)));
    if (carriers.length === 0) continue;
    used.add(phrase.key);
    return ownLine(asWritten(phrase.phrase, carriers));
  }
  return undefined;
}

function quotable(unit: Unit): boolean {
  return (
    unit.words >= 6 &&
    unit.words <= 25 &&
    !unit.dangling &&
    !unit.roles.pointsBack &&
    !unit.question &&
    unit.roles.item === 0 &&
    unit.roles.announces === 0
  );
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
    analysis.words <= 400
      ? analysis.words
      : analysis.words <= 700
        ? analysis.words * 0.9
        : Math.min(1500, Math.max(600, analysis.words * 0.5));
  const title = titleOf(analysis);
  const planned = plan(analysis, { budget: target, opening: 'start' });
  const atoms = planned.atoms;
  const skip = new Set<Unit>();
  const words = atoms.reduce((n, a) => n + a.words, 0);

  // Introduction: the notes' own opening (~45 words, never a list); conclusion: the lesson and ending.
  let introEnd = 0;
  let introWords = 0;
  while (introEnd < atoms.length - 2 && !atoms[introEnd]!.list && introWords < 45) {
    introWords += atoms[introEnd]!.words;
    introEnd++;
  }
  let endStart = atoms.length;
  let endWords = 0;
  while (
    endStart - 1 > introEnd + 1 &&
    !atoms[endStart - 1]!.list &&
    endWords + atoms[endStart - 1]!.words <= 80 &&
    (atoms[endStart - 1]!.lesson || atoms[endStart - 1]!.cta || endStart === atoms.length)
  ) {
    endStart--;
    endWords += atoms[endStart]!.words;
  }
  const intro = atoms.slice(0, introEnd);
  const middle = atoms.slice(introEnd, endStart);
  const conclusion = atoms.slice(endStart);

  const list = new BlockList();
  list.add('title', [title.part], title.text);
  const k = Math.max(1, Math.min(6, Math.round(words / 150)));
  const runs = sections(middle, k);
  const used = new Set<string>();
  const quote = [...middle, ...conclusion]
    .filter((a) => !a.list)
    .flatMap((a) => a.units)
    .filter(quotable)
    .sort(
      (a, b) =>
        b.score * (b.roles.lesson ? 2 : 1) * (b.pinned ? 1.5 : 1) -
          a.score * (a.roles.lesson ? 2 : 1) * (a.pinned ? 1.5 : 1) || a.index - b.index,
    )[0];
  const addParagraphs = (section: readonly Atom[]) => {
    for (const paragraph of paragraphs(section, skip)) {
      const at = quote ? paragraph.indexOf(quote) : -1;
      if (at < 0) {
        list.add('paragraph', partsInOrder(paragraph));
        continue;
      }
      if (at > 0) list.add('paragraph', partsInOrder(paragraph.slice(0, at)));
      list.add('quote', [partOf(quote!, false)]);
      if (at < paragraph.length - 1) list.add('paragraph', partsInOrder(paragraph.slice(at + 1)));
    }
  };
  // A first section with no heading of the user's own continues the introduction.
  const firstRun = runs[0];
  const lead = firstRun && !userHeading(firstRun) ? [...intro, ...runs.shift()!] : intro;
  addParagraphs(lead);
  for (const run of runs) {
    const heading = headingFor(run, analysis, used, skip);
    if (heading) list.add('heading', [heading], heading.text);
    addParagraphs(run);
  }
  if (conclusion.length > 0) {
    list.add('heading', [ownLine('Conclusion')], 'Conclusion');
    addParagraphs(conclusion);
  }

  const inLists = new Set(atoms.filter((a) => a.list).flatMap((a) => a.units));
  const descriptionUnit = [...analysis.units]
    .filter(
      (u) =>
        u.usable &&
        u !== title.unit &&
        !u.dangling &&
        !u.roles.pointsBack &&
        !u.question &&
        !inLists.has(u) &&
        u.standalone.length >= 50 &&
        u.standalone.length <= META_MAX,
    )
    .sort(
      (a, b) =>
        b.score * (b.roles.lesson || b.roles.setting ? 1.5 : 1) -
        a.score * (a.roles.lesson || a.roles.setting ? 1.5 : 1),
    )[0];
  const fallback = atoms[0]?.units[0];
  const description = descriptionUnit
    ? descriptionUnit.standalone
    : cutAtWord(fallback?.standalone ?? title.text, META_MAX);
  const meta: BlogMeta & { descriptionSources: SourceRef[] } = {
    title: title.text,
    slug: slugOf(title.text),
    description,
    descriptionSources: descriptionUnit ? [descriptionUnit.ref] : fallback ? [fallback.ref] : [],
    keywords: analysis.phrases.slice(0, 6).map((p) => p.phrase),
    words: list.blocks.filter((b) => b.kind !== 'title').reduce((n, b) => n + countWordsOf(b.text), 0),
  };
  return { ok: true, format: 'blog', blocks: list.blocks, meta: { ...meta } };
}
