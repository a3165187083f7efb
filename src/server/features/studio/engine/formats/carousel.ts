import { DRAFT_MIN_WORDS } from '#contract/studio-drafts.ts';
/**
 * Instagram carousel text: 5-10 slides; a title slide, then the story in order at most 30 words a
 * slide (a list as its announcement and one slide per item, whole or not at all), and a closing
 * slide: the user's own call to action or lesson, else Echo's line (naming the user only by the
 * byline they chose, never a name made from an e-mail address).
 */

import type { Atom, FormatResult, Part } from '../extractive/index.ts';
import {
  type Analysis,
  BlockList,
  condenseAtom,
  factChecklist,
  factsOfNotes,
  introducesPerson,
  namedOpening,
  ownLine,
  partOf,
  plan,
  shortenAtClause,
  titleOf,
  tooShortMessage,
  type Unit,
  userPart,
} from '../extractive/index.ts';

export const CAROUSEL_MIN_WORDS = DRAFT_MIN_WORDS.carousel!;
export const SLIDE_MAX_WORDS = 30;
const MIN_SLIDES = 5;
const MAX_SLIDES = 10;

/** The largest plan tried, in estimated slides: twice the slides a carousel holds between title and close. */
const PLAN_BUDGET_MAX = 2 * (MAX_SLIDES - 2);
/** Past this many sentences the budget is found by halving (each plan of a long transcript is costly). */
const HALVING_UNITS = 200;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** One sentence as slide text: itself, or shortened at a clause boundary; undefined when neither fits. */
function slidePart(unit: Unit, inContext: boolean): Part | undefined {
  const part = partOf(unit, inContext);
  if (wordCount(part.text) <= SLIDE_MAX_WORDS) return part;
  const short = shortenAtClause(part.text, SLIDE_MAX_WORDS, 6);
  return short ? { ...userPart(unit, short.text) } : undefined;
}

/**
 * An atom's slides: a list's head and items one a slide (an item's own continuation when it fits);
 * other atoms packed in reading order; undefined when a sentence cannot be made to fit.
 */
function slidesOf(atom: Atom, skip: ReadonlySet<Unit>): Part[][] | undefined {
  const groups = atom.list
    ? [...(atom.list.head ? [[atom.list.head]] : []), ...atom.list.items]
    : [atom.units];
  const slides: Part[][] = [];
  for (const group of groups) {
    let slide: Part[] = [];
    let words = 0;
    for (const [i, unit] of group.filter((u) => !skip.has(u)).entries()) {
      let part = slidePart(unit, slide.length > 0);
      if (!part) {
        if (i === 0) return undefined;
        break;
      }
      let n = wordCount(part.text);
      if (slide.length > 0 && words + n > SLIDE_MAX_WORDS) {
        // A list item keeps to one slide; what continues it is left out when it does not fit.
        if (atom.list) break;
        slides.push(slide);
        slide = [];
        words = 0;
        // It opens the next slide: as it reads alone ("But she had…" -> "She had…").
        part = slidePart(unit, false);
        if (!part) break;
        n = wordCount(part.text);
      }
      slide.push(part);
      words += n;
    }
    if (slide.length > 0) slides.push(slide);
  }
  return slides;
}

/** The slides of atoms in order: lists one item a slide; consecutive short atoms share a slide. */
function pack(atoms: readonly Atom[], skip: ReadonlySet<Unit>): Part[][] {
  const out: Part[][] = [];
  let open: Part[] | undefined;
  let openWords = 0;
  let last: Unit | undefined;
  for (const atom of atoms) {
    const slides = slidesOf(atom, skip) ?? [];
    if (atom.list) {
      out.push(...slides);
      open = undefined;
      continue;
    }
    for (const slide of slides) {
      const words = slide.reduce((n, p) => n + wordCount(p.text), 0);
      const firstShown = atom.units.find((u) => !skip.has(u))!;
      const follows = last !== undefined && firstShown.index === last.index + 1;
      // A person brought in ("I had one client, Maria, ...") opens the slide their story is on.
      if (open && follows && openWords + words <= SLIDE_MAX_WORDS && !introducesPerson(firstShown)) {
        open.push(...slide);
        openWords += words;
      } else {
        open = [...slide];
        openWords = words;
        out.push(open);
      }
    }
    last = atom.units.at(-1);
  }
  return out;
}

export function carousel(analysis: Analysis, byline?: string): FormatResult {
  const tooShort = tooShortMessage(CAROUSEL_MIN_WORDS, analysis.words, 'a carousel', analysis.noteCount);
  if (analysis.words < CAROUSEL_MIN_WORDS) return { ok: false, format: 'carousel', message: tooShort };
  const title = titleOf(analysis);
  const skip = new Set<Unit>(title.unit ? [title.unit] : []);
  // Short atoms share a slide (up to 30 words): their cost is fractional until packed.
  const cost = (atom: Atom) =>
    atom.list ? (slidesOf(atom, skip)?.length ?? 99) : Math.max(0.5, atom.words / SLIDE_MAX_WORDS);
  const fits = (a: Atom) =>
    slidesOf(a, skip) !== undefined && cost(a) <= MAX_SLIDES - 2 && a.units.some((u) => !skip.has(u));
  /** The largest plan whose slides fit, with long passages taken whole or condensed. */
  const sentences = analysis.units.map((u) => ({ id: u.index, text: u.original, filler: u.filler }));
  const factsPerUnit = new Map<number, number>();
  for (const fact of factsOfNotes(sentences))
    for (const id of fact.sentenceIds) factsPerUnit.set(Number(id), (factsPerUnit.get(Number(id)) ?? 0) + 1);
  const factsOfAtom = (atom: Atom) => atom.units.reduce((n, u) => n + (factsPerUnit.get(u.index) ?? 0), 0);
  const layout = (reshape?: (atom: Atom) => Atom, factsFirst = false) => {
    const at = (budget: number) => {
      const planned = plan(analysis, {
        budget,
        cost,
        fits,
        ...(factsFirst ? { factsOf: factsOfAtom } : {}),
        ...(reshape ? { reshape } : {}),
      });
      const closingSkip = new Set(skip);
      if (planned.closing) closingSkip.add(planned.closing);
      const slides = pack(planned.atoms, closingSkip);
      return { planned, slides, fit: slides.length <= MAX_SLIDES - 2 };
    };
    // Costs are estimates (short passages share a slide once packed): the largest budget, in half
    // slides up to PLAN_BUDGET_MAX, whose packed slides fit, tried from the top down. A long
    // transcript's plan is the costly step, so past HALVING_UNITS sentences the budget is found by
    // halving instead (about five plans, not thirty; a larger budget mostly packs into more slides).
    let best = at(PLAN_BUDGET_MAX);
    if (!best.fit && analysis.units.length <= HALVING_UNITS)
      for (let budget = PLAN_BUDGET_MAX - 0.5; budget >= 1 && !best.fit; budget -= 0.5) best = at(budget);
    else if (!best.fit) {
      let lo = 2; // in half slides: a budget of 1
      let hi = 2 * PLAN_BUDGET_MAX - 1;
      best = at(lo / 2);
      while (best.fit && lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        const tried = at(mid / 2);
        if (tried.fit) {
          lo = mid;
          best = tried;
        } else hi = mid - 1;
      }
    }
    const { planned, slides } = best;
    const closing = planned.closing ? [planned.closing.clean] : [];
    const texts = [title.text, ...slides.flat().map((p) => p.text), ...closing];
    const facts = factChecklist(sentences, texts).filter((f) => f.kept).length;
    return { planned, slides, facts };
  };
  // A long story may not fit whole beside a list: condensed to two slides (its opening and the
  // sentences with its figures, condenseAtom) it often can; and eight slides may hold more of the
  // note's facts when its figures and names weigh more. The layout keeping more of the note's
  // fact checklist (extractive/facts.ts) wins; on a tie, the passages stay whole, as ranked.
  const condense = (atom: Atom) => condenseAtom(atom, 2 * SLIDE_MAX_WORDS);
  const layouts = [layout(), layout(condense), layout(undefined, true), layout(condense, true)];
  const { planned, slides } = layouts.reduce((best, next) => (next.facts > best.facts ? next : best));
  if (planned.closing) skip.add(planned.closing);
  if (slides.length < MIN_SLIDES - 2) return { ok: false, format: 'carousel', message: tooShort };
  const list = new BlockList();
  list.add('slide', [title.part], title.text);
  // Every slide is read alone: one opening on "They" / "He" / "She" names them (named.ts).
  const unitOf = new Map(analysis.units.map((u) => [u.ref, u] as const));
  const standing = (part: Part) => {
    const unit = part.sources.length === 1 ? unitOf.get(part.sources[0]!) : undefined;
    return unit ? namedOpening(part, unit, analysis) : part;
  };
  for (const [first, ...rest] of slides) list.add('slide', [standing(first!), ...rest]);
  const closing =
    planned.closing && slidePart(planned.closing, false)
      ? slidePart(planned.closing, false)!
      : ownLine(byline ? `Follow ${byline} for more.` : 'Save this for later.');
  list.add('closing', [standing(closing)]);
  return {
    ok: true,
    format: 'carousel',
    blocks: list.blocks,
    meta: { slides: list.blocks.length, author: byline ?? null },
  };
}
