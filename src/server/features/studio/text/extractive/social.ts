/**
 * LinkedIn post (a hook that fits before "see more", short paragraphs, the user's own closing
 * question or a call to action; at most 3,000 characters) and X thread (numbered posts of at most
 * 280 characters, split at sentence boundaries and, for an over-long sentence, at a clause or
 * between words).
 */
import { type Analysis, partOf, passages, tooShortMessage, type Unit } from './analyse.ts';
import { BlockList, bestHook, closingQuestion, ownLine, splitToFit } from './common.ts';
import type { FormatResult, Part } from './types.ts';

export const LINKEDIN_MIN_WORDS = 40;
export const THREAD_MIN_WORDS = 60;
export const LINKEDIN_HOOK_MAX = 210;
export const LINKEDIN_MAX = 3000;
export const POST_MAX = 280;

/** The best-ranked passages (not lone sentences), up to a word budget, in reading order. */
function pick(analysis: Analysis, budgetWords: number, exclude: Set<number>, passageWords: number): Unit[] {
  const ranked = analysis.units
    .filter((u) => u.usable && !exclude.has(u.index) && !u.question)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return passages(ranked, analysis.units, budgetWords, exclude, passageWords, 3).body.filter(
    (u) => !u.question,
  );
}

export function linkedInPost(analysis: Analysis): FormatResult {
  if (analysis.words < LINKEDIN_MIN_WORDS) {
    return {
      ok: false,
      format: 'linkedin',
      message: tooShortMessage(LINKEDIN_MIN_WORDS, analysis.words, 'a LinkedIn post', analysis.noteCount),
    };
  }
  const list = new BlockList();
  const hook = bestHook(analysis, LINKEDIN_HOOK_MAX);
  const closing = closingQuestion(analysis);
  const exclude = new Set([hook?.index, closing?.index].filter((i): i is number => i !== undefined));
  if (hook) list.add('hook', [partOf(hook, false)]);
  const closingPart: Part = closing ? partOf(closing, false) : ownLine('What do you think?');
  let used = (hook?.standalone.length ?? 0) + closingPart.text.length + 4;
  const body = pick(analysis, 160, exclude, 50);
  // One or two sentences a paragraph: short lines read well in the feed.
  let paragraph: Unit[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const parts = paragraph.map((u, i) => partOf(u, i > 0 && paragraph[i - 1]!.index === u.index - 1));
    const text = parts.map((p) => p.text).join(' ');
    if (used + text.length + 2 <= LINKEDIN_MAX) {
      list.add('paragraph', parts);
      used += text.length + 2;
    }
    paragraph = [];
  };
  for (const unit of body) {
    const previous = paragraph.at(-1);
    if (
      previous &&
      (paragraph.length >= 2 || unit.index !== previous.index + 1 || previous.words + unit.words > 35)
    )
      flush();
    paragraph.push(unit);
  }
  flush();
  list.add('closing', [closingPart]);
  const text = list.blocks.map((b) => b.text).join('\n\n');
  return {
    ok: true,
    format: 'linkedin',
    blocks: list.blocks,
    meta: { chars: text.length, hookChars: hook?.standalone.length ?? 0 },
  };
}

export function xThread(analysis: Analysis): FormatResult {
  if (analysis.words < THREAD_MIN_WORDS) {
    return {
      ok: false,
      format: 'thread',
      message: tooShortMessage(THREAD_MIN_WORDS, analysis.words, 'a thread', analysis.noteCount),
    };
  }
  const reserve = 7; // " 12/12" numbering
  const room = POST_MAX - reserve;
  const hook = bestHook(analysis, room);
  const closing = closingQuestion(analysis, room);
  const exclude = new Set([hook?.index, closing?.index].filter((i): i is number => i !== undefined));
  const targetPosts = Math.max(4, Math.min(12, Math.round(analysis.words / 150)));
  const body = pick(analysis, targetPosts * 35, exclude, 60);
  const sequence: Unit[] = [...(hook ? [hook] : []), ...body];

  // Pack sentences into posts; an over-long sentence is split into pieces that keep its source.
  const posts: Part[][] = [];
  let current: Part[] = [];
  let length = 0;
  const push = (part: Part, fresh: boolean) => {
    if (current.length > 0 && (fresh || length + 1 + part.text.length > room)) {
      posts.push(current);
      current = [];
      length = 0;
    }
    current.push(part);
    length += (length > 0 ? 1 : 0) + part.text.length;
  };
  sequence.forEach((unit, i) => {
    const part = partOf(unit, i > 0 && sequence[i - 1]!.index === unit.index - 1 && unit !== hook);
    const fresh = i === 1 && hook !== undefined; // the hook stands alone as post 1
    for (const [k, piece] of splitToFit(part.text, room).entries())
      push({ ...part, text: piece }, fresh && k === 0);
  });
  if (current.length > 0) posts.push(current);
  posts.push([closing ? partOf(closing, false) : ownLine('What would you add?')]);

  const list = new BlockList();
  posts.forEach((parts, i) => {
    const text = `${parts.map((p) => p.text).join(' ')} ${i + 1}/${posts.length}`;
    list.add('post', parts, text);
  });
  return { ok: true, format: 'thread', blocks: list.blocks, meta: { posts: posts.length } };
}
