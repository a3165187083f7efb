/**
 * The units a draft is planned with: a sentence with the sentences that lean on it ("It didn't.",
 * "They had twenty-two meetings."), or a whole list: its announcement ("So I made two mistakes.")
 * with every item in order ("The first mistake...", "The second mistake..."), or a run of parallel
 * sentences after "What we did after that is simple." A draft keeps an atom whole or leaves it out.
 */
import type { Unit } from './analyse.ts';

export interface ListShape {
  /** The sentence announcing the list, when there is one. */
  head?: Unit;
  /** Each item with the sentences that continue it, in order. */
  items: Unit[][];
}

export interface Atom {
  /** Position in reading order. */
  index: number;
  units: Unit[];
  list?: ListShape;
  words: number;
  /** The best sentence's rank score. */
  score: number;
  facts: number;
  lesson: boolean;
  cta: boolean;
  turn: boolean;
  setting: boolean;
  pinned: boolean;
}

/** A sentence that can stand in a draft at all (not filler, not banned, not empty). */
export const keepable = (unit: Unit) => !unit.filler && unit.banned.length === 0 && unit.words > 0;

const SUBJECT_LEAD = /^(?:and|then|also|plus|so|finally|next)\s+/i;
/** "The free plan keeps…", "The solo plan is…": one kind of thing, each named by what sets it apart. */
const NAMED_KIND =
  /^the\s+[\p{L}'’-]+\s+(\p{L}+)\s+(?:is|are|was|keeps|gives|has|costs|comes|includes|gets|covers)\b/iu;
function parallelKey(unit: Unit): string | undefined {
  const clean = unit.clean.replace(SUBJECT_LEAD, '');
  const kind = NAMED_KIND.exec(clean)?.[1]?.toLowerCase();
  if (kind) return `the * ${kind}`;
  const first = clean
    .split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^\p{L}'’]/gu, '');
  return first && /^(?:we|i|they|you|he|she)$/.test(first) ? first : undefined;
}

/** Leans on the sentence before it (points back, or a fragment such as "A buffer."). */
const leans = (unit: Unit) =>
  unit.dangling ||
  unit.roles.pointsBack ||
  unit.words < 4 ||
  (unit.roles.item === 0 && /^(?:and|but)\s+(?:it|that|they|then)\b/i.test(unit.clean));

/** A list starting at `start` (its head when `headed`), or undefined. */
function listAt(
  units: readonly Unit[],
  start: number,
  headed: boolean,
): { list: ListShape; end: number } | undefined {
  let head = headed ? units[start]! : undefined;
  const count = head && head.roles.announces >= 2 ? head.roles.announces : 0;
  let i = headed ? start + 1 : start;
  const firstItem = units[i];
  if (!firstItem) return undefined;
  const items: Unit[][] = [];
  if (firstItem.roles.item > 0 || (units[i + 1]?.roles.item ?? 0) === 1) {
    // Numbered items: "The first...", "Step two...", each with what continues it. One sentence
    // between the head and item one ("Here's what I do. I use three accounts. The first...")
    // heads the list; the announcement before it stays an atom of its own (never lost).
    if (firstItem.roles.item === 0) {
      head = firstItem;
      i++;
    }
    let sinceItem = 0;
    for (; i < units.length; i++) {
      const unit = units[i]!;
      if (unit.roles.item > 0) {
        if ((unit.roles.item === 1 && items.length > 0) || (count && items.length >= count)) break;
        items.push([unit]);
        sinceItem = 0;
        continue;
      }
      if (unit.roles.announces > 0 || items.length === 0) break;
      sinceItem++;
      const done = count > 0 && items.length >= count;
      const more = !done && units.slice(i + 1, i + 6 - sinceItem).some((u) => u.roles.item > 1);
      // What continues an item runs to the next item; after the last, only what leans on it.
      if (!more && !leans(unit)) break;
      items.at(-1)!.push(unit);
    }
  } else {
    // Parallel sentences: "We re-recorded... We switched... And we asked..."
    const key = parallelKey(firstItem);
    if (!key) return undefined;
    for (; i < units.length; i++) {
      const unit = units[i]!;
      if (parallelKey(unit) !== key || unit.words > 30) break;
      if (count && items.length >= count) break;
      items.push([unit]);
    }
  }
  if (items.length < 2) return undefined;
  return { list: { ...(head ? { head } : {}), items }, end: i };
}

function atomOf(index: number, units: Unit[], list?: ListShape): Atom {
  return {
    index,
    units,
    ...(list ? { list } : {}),
    words: units.reduce((n, u) => n + u.words, 0),
    score: Math.max(0, ...units.map((u) => u.score)),
    facts: units.reduce((n, u) => n + u.facts.length, 0),
    lesson: units.some((u) => u.roles.lesson),
    cta: units.at(-1)!.roles.cta,
    turn: units.some((u) => u.roles.turn),
    setting: units[0]!.roles.setting,
    pinned: units.some((u) => u.pinned),
  };
}

const SUBJECT_PRONOUN = /^(?:(?:and|but|so|then)\s+)?(they|we|she|he|i)\b/i;
/** The pronoun a sentence opens on as its subject ("They cut nine meetings" -> "they"). */
const subjectOf = (unit: Unit) => subjectPronounOf(unit.clean);
export const subjectPronounOf = (text: string) => SUBJECT_PRONOUN.exec(text)?.[1]?.toLowerCase();

/**
 * A passage cut to at most `maxWords` for a format that summarises (a carousel): its opening, then
 * the sentences carrying its figures and names. A sentence in an atom leans on the one before it, so
 * a cut may only leave out a run in the middle when the sentence after it stands on its own, or
 * opens on the same subject as the sentence before the run with no sentence of the run opening on
 * it ("They had twenty-two meetings. [When we fixed it... It was a spreadsheet...] They cut nine.");
 * otherwise the run stays. What is over `maxWords` at the end is left out (a prefix always reads).
 * Lists, passages that fit, and passages whose figures cannot all be kept come back as they are
 * (the planner then takes or leaves them whole).
 */
export function condenseAtom(atom: Atom, maxWords: number): Atom {
  if (atom.list || atom.words <= maxWords) return atom;
  const units = atom.units;
  const keep = [0];
  for (let k = 1; k < units.length; k++) {
    const unit = units[k]!;
    if (unit.facts.length === 0) continue;
    const last = keep.at(-1)!;
    const run = units.slice(last + 1, k);
    const subject = subjectOf(unit);
    const independent =
      !leans(unit) && subject === undefined
        ? true
        : subject !== undefined &&
          subject === subjectOf(units[last]!) &&
          run.every((u) => subjectOf(u) !== subject && u.facts.length === 0);
    if (!independent) for (let r = last + 1; r < k; r++) keep.push(r);
    keep.push(k);
  }
  const kept: Unit[] = [];
  let words = 0;
  for (const i of keep) {
    const unit = units[i]!;
    if (kept.length > 0 && words + unit.words > maxWords) break;
    kept.push(unit);
    words += unit.words;
  }
  if (kept.reduce((n, u) => n + u.facts.length, 0) < atom.facts) return atom;
  // Without figures to carry, the passage's own opening sentences.
  if (kept.length === 1)
    for (const unit of units.slice(1)) {
      if (words + unit.words > maxWords) break;
      kept.push(unit);
      words += unit.words;
    }
  return { ...atomOf(atom.index, kept), pinned: atom.pinned };
}

/** Groups each note's keepable sentences into atoms, in reading order. */
export function atomsOf(all: readonly Unit[]): Atom[] {
  const atoms: Atom[] = [];
  const byNote = new Map<number, Unit[]>();
  for (const unit of all) {
    // Banned sentences take part in grouping, then leave with what depends on them (below).
    if (unit.filler || unit.words === 0) continue;
    const list = byNote.get(unit.noteIndex);
    if (list) list.push(unit);
    else byNote.set(unit.noteIndex, [unit]);
  }
  for (const units of byNote.values()) {
    let current: Unit[] = [];
    let currentIsList = false;
    const flush = () => {
      if (current.length > 0) atoms.push(atomOf(atoms.length, current));
      current = [];
      currentIsList = false;
    };
    let i = 0;
    while (i < units.length) {
      const unit = units[i]!;
      const found =
        unit.roles.announces > 0
          ? listAt(units, i, true)
          : unit.roles.item === 1
            ? listAt(units, i, false)
            : undefined;
      // "It's six short lessons": a count with no list after it announces nothing.
      if (!found && unit.roles.announces >= 2) unit.roles.announces = 0;
      if (found) {
        flush();
        // The announcement before the sentence that heads the list: an atom of its own.
        if (found.list.head !== undefined && found.list.head !== unit && unit.roles.announces > 0)
          atoms.push(atomOf(atoms.length, [unit]));
        const members = [...(found.list.head ? [found.list.head] : []), ...found.list.items.flat()];
        atoms.push(atomOf(atoms.length, members, found.list));
        currentIsList = true;
        i = found.end;
        continue;
      }
      // A sentence leaning on the one before joins its atom (a list only by what continues its last item);
      // an announcement ("Here's what happened.") opens one.
      if (
        unit.roles.announces === 0 &&
        leans(unit) &&
        (current.length > 0 || (currentIsList && atoms.length > 0))
      ) {
        if (current.length > 0) current.push(unit);
        else {
          const previous = atoms.pop()!;
          previous.list!.items.at(-1)!.push(unit);
          atoms.push(atomOf(previous.index, [...previous.units, unit], previous.list));
        }
      } else if (unit.roles.announces > 0) {
        // An announcement without items Echo can see stays with what follows it.
        flush();
        current = [unit];
      } else if (current.length === 1 && current[0]!.roles.announces > 0) {
        current.push(unit);
      } else {
        flush();
        current = [unit];
      }
      currentIsList = false;
      i++;
    }
    flush();
  }
  // Settings are law: a list with a banned sentence goes whole; a passage keeps what comes before
  // its first banned sentence (what follows leans on it: "It didn't." without what it answers).
  const kept: Atom[] = [];
  for (const atom of atoms) {
    const at = atom.units.findIndex((u) => !keepable(u));
    if (at < 0) kept.push({ ...atom, index: kept.length });
    else if (!atom.list && at > 0) kept.push(atomOf(kept.length, atom.units.slice(0, at)));
  }
  return kept;
}
