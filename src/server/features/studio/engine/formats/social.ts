import { DRAFT_MIN_WORDS } from '#contract/studio-drafts.ts';
/**
 * LinkedIn post (a hook that fits before "see more", short paragraphs, the user's own ending; at
 * most 3,000 characters) and X thread (posts of at most 280 characters, split at sentence
 * boundaries and, for an over-long sentence, at a clause or between words; numbered by the
 * exports, not in the text). Both are planned from roles (plan.ts): the story in order, its lists
 * whole, its numbers, its lesson, and the user's own ending; never an ending Echo made up.
 */

import type { Atom, FormatResult, Part } from '../extractive/index.ts';
import {
  type Analysis,
  BlockList,
  goesOnWithPerson,
  introducesPerson,
  ownLine,
  partOf,
  plan,
  shortenAtClause,
  splitToFit,
  tooShortMessage,
  type Unit,
} from '../extractive/index.ts';

export const LINKEDIN_MIN_WORDS = DRAFT_MIN_WORDS.linkedin!;
export const THREAD_MIN_WORDS = DRAFT_MIN_WORDS.thread!;
export const LINKEDIN_HOOK_MAX = 210;
export const LINKEDIN_MAX = 3000;
export const POST_MAX = 280;
/** A sentence longer than this is shortened at a clause boundary in a social post. */
const LONG_SENTENCE_WORDS = 40;

/** The parts of a run of units in reading order (in-context form after the sentence before it). */
function partsOf(units: readonly Unit[], previous?: Unit): Part[] {
  return units.map((unit, i) => {
    const before = i > 0 ? units[i - 1] : previous;
    const part = partOf(unit, before !== undefined && before.index === unit.index - 1);
    if (unit.words <= LONG_SENTENCE_WORDS) return part;
    const short = shortenAtClause(part.text, 30, 10);
    return short ? { ...part, text: short.text, said: unit.original } : part;
  });
}

/** "The mistake wasn't… The mistake was…": two sentences opening alike make one point. */
const parallel = (a: Unit, b: Unit) => {
  const opening = (u: Unit) => u.standalone.toLowerCase().split(/\s+/).slice(0, 2).join(' ');
  return a.words >= 4 && b.words >= 4 && opening(a) === opening(b);
};

/** Paragraphs: a list's announcement and each item on its own; other atoms in runs of up to 2 sentences. */
function paragraphsOf(atoms: readonly Atom[], skip: ReadonlySet<Unit>): Unit[][] {
  const out: Unit[][] = [];
  for (const atom of atoms) {
    const groups = atom.list
      ? [...(atom.list.head ? [[atom.list.head]] : []), ...atom.list.items]
      : atom.units.length <= 3 && atom.words <= 45
        ? [atom.units]
        : chunk(atom.units, 2);
    for (const group of groups) {
      const kept = group.filter((u) => !skip.has(u));
      if (kept.length > 0) out.push(kept);
    }
  }
  return out;
}

function chunk(units: readonly Unit[], size: number): Unit[][] {
  const out: Unit[][] = [];
  for (let i = 0; i < units.length; i += size) out.push(units.slice(i, i + size));
  return out;
}

export function linkedInPost(analysis: Analysis): FormatResult {
  if (analysis.words < LINKEDIN_MIN_WORDS) {
    return {
      ok: false,
      format: 'linkedin',
      message: tooShortMessage(LINKEDIN_MIN_WORDS, analysis.words, 'a LinkedIn post', analysis.noteCount),
    };
  }
  const budget = Math.min(260, Math.max(150, analysis.words));
  const planned = plan(analysis, { budget, hookMaxChars: LINKEDIN_HOOK_MAX, fits: (a) => a.words <= 160 });
  const list = new BlockList();
  const skip = new Set<Unit>();
  let used = 0;
  let previous: Unit | undefined;
  if (planned.hook) {
    list.add('hook', [partOf(planned.hook, false)]);
    skip.add(planned.hook);
    used += planned.hook.standalone.length + 2;
    previous = planned.hook;
  }
  if (planned.closing) skip.add(planned.closing);
  const closingParts = planned.closing ? partsOf([planned.closing], undefined) : [];
  const reserve = closingParts.reduce((n, p) => n + p.text.length + 2, 0);
  for (const paragraph of paragraphsOf(planned.atoms, skip)) {
    const parts = partsOf(paragraph, previous);
    const length = parts.reduce((n, p) => n + p.text.length + 1, 1);
    if (used + length + reserve > LINKEDIN_MAX) break;
    list.add('paragraph', parts);
    used += length;
    previous = paragraph.at(-1);
  }
  if (planned.closing) list.add('closing', partsOf([planned.closing], previous));
  // The post ends on the user's own question, lesson or call to action; a note without one gets
  // Echo's question, marked as Echo's (origin 'echo'), never passed off as the user's.
  const ending = planned.closing ?? previous;
  const ownEnding = (u: Unit | undefined) => u !== undefined && (u.question || u.roles.lesson || u.roles.cta);
  // "See if anyone misses it. Nobody missed mine.": the lesson just before the last line ends it too.
  const suggested =
    ownEnding(ending) || (ending && previous?.index === ending.index - 1 && ownEnding(previous))
      ? undefined
      : closingQuestion(analysis);
  if (suggested) list.add('closing', [ownLine(suggested)]);
  const text = list.blocks.map((b) => b.text).join('\n\n');
  return {
    ok: true,
    format: 'linkedin',
    blocks: list.blocks,
    meta: {
      chars: text.length,
      hookChars: planned.hook?.standalone.length ?? 0,
      ...(suggested ? { closing: 'echo' } : {}),
    },
  };
}

/**
 * Echo's closing question for a post whose note asks none: on one of the note's main key phrases
 * when the post opens on it (what the post is about), else an open one.
 */
export function closingQuestion(analysis: Analysis, opening?: Unit): string {
  const phrase = analysis.phrases
    .slice(0, 3)
    .find((p) => opening && p.phrase.split(' ').length > 1 && opening.clean.toLowerCase().includes(p.phrase));
  return phrase ? `What's your experience with ${phrase.phrase}?` : 'What would you add?';
}

export function xThread(analysis: Analysis): FormatResult {
  if (analysis.words < THREAD_MIN_WORDS) {
    return {
      ok: false,
      format: 'thread',
      message: tooShortMessage(THREAD_MIN_WORDS, analysis.words, 'a thread', analysis.noteCount),
    };
  }
  // Exports number the posts ("1/8 "): room is kept for that number, once.
  const room = POST_MAX - 6;
  const targetPosts = Math.max(4, Math.min(12, Math.round(analysis.words / 150)));
  const planned = plan(analysis, {
    budget: Math.max(targetPosts * 38, Math.min(analysis.words, 300)),
    hookMaxChars: room,
    fits: (a) => a.words <= 180,
  });
  const posts: Part[][] = [];
  let current: Part[] = [];
  let length = 0;
  const flush = () => {
    if (current.length > 0) posts.push(current);
    current = [];
    length = 0;
  };
  const push = (part: Part) => {
    if (current.length > 0 && length + 1 + part.text.length > room) flush();
    current.push(part);
    length += (length > 0 ? 1 : 0) + part.text.length;
  };
  const units = planned.atoms.flatMap((a) => a.units);
  let previous: Unit | undefined;
  /** Each shown sentence of a group as its parts (an over-long one in pieces that fit a post). */
  const partsFor = (group: readonly Unit[]) => {
    const shown = group.filter((u) => u !== planned.closing);
    const parts = partsOf(shown, previous);
    previous = shown.at(-1) ?? previous;
    return shown.flatMap((unit, k) => {
      const part = parts[k]!;
      const pieces = unit === planned.hook ? [part.text] : splitToFit(part.text, room);
      return pieces.length === 1
        ? [{ unit, part }]
        : pieces.map((piece) => ({ unit, part: { ...part, text: piece, said: unit.original } }));
    });
  };
  const lengthOf = (parts: readonly { part: Part }[]) =>
    parts.reduce((n, p, i) => n + (i > 0 ? 1 : 0) + p.part.text.length, 0);
  let lastPushed: Unit | undefined;
  /** A run of parts kept in one post when it fits in one: it starts a post when the current one is too full. */
  const pushTogether = (parts: readonly { unit: Unit; part: Part }[]) => {
    if (current.length > 0 && length + 1 + lengthOf(parts) > room && lengthOf(parts) <= room) flush();
    // Advice after a story opens a post of its own ("So before you buy another brace, test your hips.").
    const first = parts[0]?.unit;
    if (first?.roles.imperative && lastPushed && !lastPushed.roles.imperative && length > room * 0.4) flush();
    lastPushed = parts.at(-1)?.unit ?? lastPushed;
    for (const { unit, part } of parts) {
      push(part);
      if (unit === planned.hook) flush(); // the hook stands alone as the first post
    }
  };
  // Posts split at ideas: an atom (a passage and what leans on it) stays in one post when it fits
  // in one; a list stays whole in one post, or else its announcement ends a post and each item
  // opens its own, in order (never item one beside the intro and items two and three together).
  let idea: Unit[] | undefined;
  const endIdea = () => {
    if (idea) pushTogether(partsFor(idea));
    idea = undefined;
  };
  for (const atom of planned.atoms) {
    if (!atom.list) {
      // A person's story is one idea: who they are ("I had one client, Maria, ...") with what
      // follows it, and what goes on with them ("Three weeks later she ran ...").
      const first = atom.units[0]!;
      const last = idea?.at(-1);
      if (
        idea &&
        last &&
        last.index === first.index - 1 &&
        (introducesPerson(last) || goesOnWithPerson(first) || parallel(last, first))
      ) {
        idea.push(...atom.units);
        continue;
      }
      endIdea();
      // An announcement ("Here's what changed.") opens a post: what it announces follows it there.
      if (first.roles.announces > 0 || introducesPerson(first)) flush();
      idea = [...atom.units];
      continue;
    }
    endIdea();
    const groups = [...(atom.list.head ? [[atom.list.head]] : []), ...atom.list.items].map(partsFor);
    const all = groups.flat();
    if (lengthOf(all) <= room) {
      pushTogether(all);
      flush();
      continue;
    }
    const items = atom.list.head ? groups.slice(1) : groups;
    if (atom.list.head) pushTogether(groups[0]!);
    for (const item of items) {
      flush();
      pushTogether(item);
    }
    flush();
  }
  endIdea();
  flush();
  if (planned.closing) posts.push(partsOf([planned.closing], units.at(-2)));
  const list = new BlockList();
  for (const parts of posts) list.add('post', parts);
  return { ok: true, format: 'thread', blocks: list.blocks, meta: { posts: posts.length } };
}
