/**
 * The planner: a format is assembled from roles (an opening, the story's turns, its evidence with
 * the numbers, its lists kept whole, the lesson, the user's own call to action), each filled with
 * whole atoms of the user's sentences, in reading order, within the format's budget.
 */
import type { Analysis, Unit } from './analyse.ts';
import { type Atom, atomsOf } from './atoms.ts';
import { hookScore } from './common.ts';
import { aboutTheTalk, leadFault } from './lead.ts';

export interface Plan {
  atoms: Atom[];
  /** The opening sentence (the first sentence of the first atom), when one stands on its own. */
  hook?: Unit;
  /** The user's own ending (a call to action, a closing question, or the lesson). */
  closing?: Unit;
}

export interface PlanOptions {
  /** What the chosen atoms may cost in total (words by default). */
  budget: number;
  cost?: (atom: Atom) => number;
  /** The hook must fit this many characters. */
  hookMaxChars?: number;
  /** Atoms that cannot be used (too long for the format). */
  fits?: (atom: Atom) => boolean;
  /** `hook` (default): the post opens on its best opening line, the preamble before it left out; `start`: the notes' own start. */
  opening?: 'hook' | 'start';
  /** How the format takes each atom (a carousel condenses long passages, see condenseAtom). */
  reshape?: (atom: Atom) => Atom;
  /**
   * The facts an atom holds (extractive/facts.ts), each weighed (by default what an atom's figures
   * and names add is capped): a format that summarises tries such a plan too, and keeps whichever
   * leaves out fewer of the note's facts.
   */
  factsOf?: (atom: Atom) => number;
}

const cache = new WeakMap<Analysis, Atom[]>();
export function atomsFor(analysis: Analysis): Atom[] {
  let atoms = cache.get(analysis);
  if (!atoms) {
    atoms = atomsOf(analysis.units);
    cache.set(analysis, atoms);
  }
  return atoms;
}

/** How well an atom's first sentence opens a post: a strong line, early, that leans on nothing. */
function openerScore(atom: Atom, total: number): number {
  const unit = atom.units[0]!;
  // A question opens a post only when the note opens with it ("Can we talk about this hustle thing?").
  const fault = leadFault(unit);
  if (atom.list || (fault && fault !== 'about the talk' && fault !== 'filler')) return 0;
  const base = hookScore(unit) || (unit.usable && unit.words >= 5 && !unit.dangling ? unit.score * 0.6 : 0);
  const position = atom.units[0]!.index / Math.max(1, total);
  let score = base * Math.max(0.2, 1 - 1.6 * position);
  // Talk about the talk ("This is about the client I almost kept") opens only when nothing better follows.
  if (aboutTheTalk(unit)) score *= 0.5;
  else if (unit.roles.setting) score *= 1.4;
  if (atom.index === 0) score *= 1.3;
  if (unit.pinned) score *= 1.3;
  return score;
}

/** The user's own ending: the last call to action, else the last lesson, in the last part of the notes. */
function closingAtom(atoms: readonly Atom[], total: number): Atom | undefined {
  const late = atoms.filter((a) => !a.list && a.units[0]!.index >= total * 0.6);
  const last = late.at(-1);
  if (last && (last.cta || last.lesson)) return last;
  return [...late].reverse().find((a) => a.cta) ?? [...late].reverse().find((a) => a.lesson);
}

function priority(atom: Atom, factsOf?: (atom: Atom) => number): number {
  let value = 0.5 + atom.score;
  if (atom.turn) value *= 1.5;
  const facts = factsOf ? factsOf(atom) : atom.facts;
  // By default a few figures are worth as much as many; weighing facts, each one counts.
  if (facts > 0) value *= factsOf ? (1 + 0.35 * facts) ** 2 : 1 + Math.min(1, 0.35 * facts);
  if (atom.setting) value *= 1.5;
  if (atom.list) value *= 1.6;
  if (atom.pinned) value *= 1.6;
  if (atom.lesson) value *= 1.8;
  return value / Math.sqrt(Math.max(1, atom.words / 18));
}

export function plan(analysis: Analysis, options: PlanOptions): Plan {
  const atoms = options.reshape ? atomsFor(analysis).map(options.reshape) : atomsFor(analysis);
  const total = analysis.units.length;
  const cost = options.cost ?? ((a: Atom) => a.words);
  const fits = (a: Atom) => options.fits?.(a) ?? true;
  let hookAtom: Atom | undefined;
  let best = 0;
  // The notes' own first line opens the post when it sets the scene ("I want to share what happened...").
  const first = atoms[0];
  if (
    first?.setting &&
    first.units[0]!.words >= 8 &&
    !aboutTheTalk(first.units[0]!) &&
    openerScore(first, total) > 0 &&
    (options.hookMaxChars === undefined || first.units[0]!.standalone.length <= options.hookMaxChars)
  )
    best = Number.POSITIVE_INFINITY;
  if (best > 0) hookAtom = first;
  for (const atom of best > 0 ? [] : atoms) {
    if (options.hookMaxChars !== undefined && atom.units[0]!.standalone.length > options.hookMaxChars)
      continue;
    if (atom.units[0]!.index > total * 0.45 && hookAtom) break;
    const score = openerScore(atom, total);
    if (score > best) {
      best = score;
      hookAtom = atom;
    }
    // The opening skips only talk about the talk ("Quick one today", "This one is for team leads").
    if (hookAtom && !atom.units.every(aboutTheTalk)) break;
  }
  // Among the atoms the format can show: a closing line taken as the title leaves the lesson before it.
  const closing = closingAtom(atoms.filter(fits), total);
  // Before the hook: the preamble it replaces (the hook opens the post).
  if (options.opening === 'start') hookAtom = undefined;
  const from = hookAtom ? atoms.indexOf(hookAtom) : 0;
  const pool = atoms.slice(from).filter(fits);
  const chosen = new Set<Atom>();
  let spent = 0;
  const take = (atom: Atom | undefined) => {
    if (!atom || chosen.has(atom) || !pool.includes(atom)) return;
    if (spent + cost(atom) > options.budget && chosen.size > 0) return;
    chosen.add(atom);
    spent += cost(atom);
  };
  take(hookAtom);
  take(closing);
  // The point of the story: the lessons of its last part (at most two), then the rest by value.
  for (const atom of pool.filter((a) => a.lesson && a.units[0]!.index >= total * 0.5).slice(-2)) take(atom);
  const pinned = pool.find((a) => a.pinned);
  take(pinned);
  const value = new Map(pool.map((atom) => [atom, priority(atom, options.factsOf)]));
  for (const atom of [...pool].sort((a, b) => value.get(b)! - value.get(a)! || a.index - b.index)) take(atom);
  const ordered = [...chosen].sort((a, b) => a.index - b.index);
  const hook = hookAtom && chosen.has(hookAtom) ? hookAtom.units[0] : undefined;
  const closingUnit =
    closing && chosen.has(closing) && ordered.at(-1) === closing ? closing.units.at(-1) : undefined;
  return {
    atoms: ordered,
    ...(hook ? { hook } : {}),
    ...(closingUnit ? { closing: closingUnit } : {}),
  };
}

/** Every unit of the plan in reading order. */
export const unitsOf = (atoms: readonly Atom[]): Unit[] => atoms.flatMap((a) => a.units);
