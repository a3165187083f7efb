/**
 * The model's draft held to the offline planner's rules: a list the user gave ("two
 * mistakes", "first… second…") is kept whole and in order or left out whole, and a sentence the
 * draft draws on keeps its figures and names. A figure or name the model dropped is put back when
 * the block that cites its sentence can hold that sentence as the offline writer writes it; what
 * breaks a rule still becomes a plain instruction for the second try, and a warning on the draft
 * when that try breaks it too.
 */
import {
  type BlockKind,
  CAROUSEL_SLIDE_MAX_WORDS,
  LINKEDIN_HOOK_MAX,
  THREAD_POST_MAX,
} from '#contract/studio-drafts.ts';
import { atomsOf, factsOf, partsInOrder, type Unit } from '../extractive/index.ts';
import { writtenForm } from '../text/index.ts';
import type { EngineDraft } from './types.ts';

// biome-ignore format: a table
const NUMBER_WORDS: Record<string, string> = {
  two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16',
  seventeen: '17', eighteen: '18', nineteen: '19', twenty: '20', thirty: '30', forty: '40', fifty: '50',
  sixty: '60', seventy: '70', eighty: '80', ninety: '90', hundred: '100', thousand: '1000', percent: '%',
};

const normalise = (text: string) => text.toLowerCase().replace(/(\d),(\d)/g, '$1$2');
const wordIn = (word: string, text: string) =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'u',
  ).test(text);

/** A fact is kept when the draft says it, in words or in figures ("twelve" or "12", "4,200" or "4200"). */
function kept(fact: string, text: string): boolean {
  const f = normalise(fact);
  if (wordIn(f, text)) return true;
  const digits = NUMBER_WORDS[f];
  if (digits && (digits === '%' ? text.includes('%') : wordIn(digits, text))) return true;
  const word = Object.entries(NUMBER_WORDS).find(([, d]) => d === f)?.[0];
  return word !== undefined && wordIn(word, text);
}

export interface ContentCheck {
  /** Lists the draft gave in part: each as its announcement (or first item). */
  halfLists: string[];
  /** Figures and names of the sentences the draft cites that its text does not say. */
  droppedFacts: string[];
  /**
   * The draft as Echo put it right itself: figures and names it dropped put back, slides named
   * (llm-sources.ts `modelCheck`); absent when nothing was.
   */
  putBack?: EngineDraft;
}

/** What the draft broke of the planner's rules, given the analysed source sentences. */
export function checkContent(draft: EngineDraft, units: readonly Unit[]): ContentCheck {
  const putBack = withFactsPutBack(draft, units);
  const checked = putBack ?? draft;
  // A clip hook cites the moment it introduces (the sentences of the clip), not what its line says:
  // its moment's figures are in the clip, and a moment may start or end inside a list.
  const isCited = citedBy(checked);
  const text = readText(checked);
  const halfLists: string[] = [];
  for (const atom of atomsOf(units.map((u) => ({ ...u, roles: { ...u.roles } })))) {
    if (!atom.list) continue;
    const { head, items } = atom.list;
    const given = items.filter((item) => item.some(isCited)).length;
    if ((given > 0 || (head && isCited(head))) && given < items.length)
      halfLists.push((head ?? items[0]![0]!).clean);
  }
  const droppedFacts = new Set<string>();
  for (const unit of units) for (const fact of droppedOf(unit, isCited, text)) droppedFacts.add(fact);
  return { halfLists, droppedFacts: [...droppedFacts], ...(putBack ? { putBack } : {}) };
}

/** Whether the draft cites a unit (a clip hook's moment is not what its line says). */
function citedBy(draft: EngineDraft): (unit: Unit) => boolean {
  const cited = new Set(draft.blocks.filter((b) => b.kind !== 'clip').flatMap((b) => b.sourceIds));
  return (unit) => cited.has(String(unit.ref.sentenceId));
}

/** The draft's text as said and in written form ("eighty-five dollars" and "$85" both keep "$85"). */
function readText(draft: EngineDraft): string {
  const said = draft.blocks.map((b) => b.text).join(' ');
  return normalise(`${said} ${writtenForm(said)}`);
}

/** The figures and names of a cited unit that the draft's text does not say. */
const droppedOf = (unit: Unit, isCited: (unit: Unit) => boolean, text: string): string[] =>
  isCited(unit) && unit.facts.length > 0 ? factsOf(unit.clean).filter((fact) => !kept(fact, text)) : [];

/** What a block of each kind holds at most (a kind absent: no limit; Echo's framing is never rewritten). */
const HOLDS: Partial<Record<BlockKind, (text: string) => boolean>> = {
  hook: (text) => text.length <= LINKEDIN_HOOK_MAX,
  post: (text) => text.length <= THREAD_POST_MAX,
  slide: (text) => text.split(/\s+/).length <= CAROUSEL_SLIDE_MAX_WORDS,
};
const REWRITTEN = new Set<BlockKind>(['hook', 'sentence', 'quote', 'cta', 'post', 'slide']);

/**
 * The draft with what it dropped put back: a block citing a sentence whose figure or name the draft
 * no longer says becomes the sentences it cites as the offline writer writes them (the owner's own
 * words, fillers cut, numbers as figures), when they fit the block's kind. Undefined when nothing was
 * put back. A guest's block keeps its attribution and is not rewritten.
 */
function withFactsPutBack(draft: EngineDraft, units: readonly Unit[]): EngineDraft | undefined {
  const isCited = citedBy(draft);
  const text = readText(draft);
  const dropping = new Set(units.filter((unit) => droppedOf(unit, isCited, text).length > 0));
  if (dropping.size === 0) return undefined;
  const byId = new Map(units.map((u) => [String(u.ref.sentenceId), u]));
  let changed = false;
  const blocks = draft.blocks.map((block) => {
    if (!REWRITTEN.has(block.kind) || block.origin === 'guest') return block;
    const cited = block.sourceIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    if (!cited.some((u) => dropping.has(u))) return block;
    const parts = partsInOrder([...cited].sort((a, b) => a.index - b.index));
    const own = parts.map((p) => p.text).join(' ');
    if (!(HOLDS[block.kind]?.(own) ?? true)) return block;
    for (const unit of cited) dropping.delete(unit);
    changed = true;
    const said = parts.some((p) => p.said !== undefined)
      ? parts.map((p) => p.said ?? p.text).join(' ')
      : undefined;
    const { said: _modelSaid, ...rest } = block;
    return { ...rest, text: own, supported: true, ...(said !== undefined ? { said } : {}) };
  });
  return changed ? { ...draft, blocks } : undefined;
}

/** The instruction for a second try, or undefined when the draft broke no rule. */
export function contentProblem(check: ContentCheck): string | undefined {
  const parts: string[] = [];
  for (const head of check.halfLists)
    parts.push(
      `the last draft gave only part of the list "${head}": give every item, in order, or leave it out`,
    );
  if (check.droppedFacts.length)
    parts.push(
      `the last draft dropped what the speaker said: keep ${check.droppedFacts.slice(0, 8).join(', ')}`,
    );
  return parts.length ? parts.join('; ') : undefined;
}

/** The warning a draft carries when the model's second try still broke a rule. */
export function contentWarning(check: ContentCheck): string | undefined {
  const parts: string[] = [];
  if (check.halfLists.length) parts.push(`gives only part of a list you made ("${check.halfLists[0]}")`);
  if (check.droppedFacts.length) parts.push(`leaves out ${check.droppedFacts.slice(0, 5).join(', ')}`);
  return parts.length ? `This draft ${parts.join(' and ')}. Check it against your note.` : undefined;
}
