import {
  CAROUSEL_MAX_SLIDES,
  CAROUSEL_SLIDE_MAX_WORDS,
  CLIP_MAX_SECONDS,
  CLIP_MIN_SECONDS,
  type DraftFormat,
  LINKEDIN_HOOK_MAX,
  META_DESCRIPTION_MAX,
  THREAD_POST_MAX,
} from '#contract/studio-drafts.ts';
import { countWords } from '../text/tokens.ts';
import { cutAt } from './limits.ts';
import type { EngineBlock, EngineDraft } from './llm-engine.ts';
import {
  asOpening,
  type Candidate,
  rankSentences,
  type SourceSentence,
  termsOf,
  topInOrder,
  totalWords,
} from './ranking.ts';

/**
 * The extractive engine (offline, deterministic): every block is made of the user's own sentences,
 * cleaned of fillers, chosen by rank and put back in the order they were said, so every block is
 * traceable by construction. Headings and the LinkedIn closing question name a key phrase of the
 * sentences they cite.
 */

export interface ExtractiveInput {
  format: DraftFormat;
  sentences: SourceSentence[];
  keyPhrases: string[];
  author: string;
}

/** Thrown when the notes are too short for a format: the message says how much is needed. */
export class TooShortError extends Error {}

/** Words of usable source a format needs. */
export const MIN_WORDS: Record<Exclude<DraftFormat, 'clips'>, number> = {
  blog: 150,
  linkedin: 40,
  thread: 40,
  carousel: 60,
};
const FORMAT_NAMES: Record<DraftFormat, string> = {
  blog: 'a blog post',
  linkedin: 'a LinkedIn post',
  thread: 'a thread',
  carousel: 'a carousel',
  clips: 'clip hooks',
};
const BLOG_MAX_WORDS = 1500;
const BLOG_MIN_WORDS = 600;
/** Room for the "12/12 " numbering every thread post gets. */
const THREAD_NUMBERING = 6;

export function generateExtractive(input: ExtractiveInput): EngineDraft {
  const candidates = rankSentences(input.sentences, input.keyPhrases);
  if (input.format === 'clips') return clips(input, candidates);
  const need = MIN_WORDS[input.format];
  const have = input.sentences.reduce((n, s) => n + countWords(s.text), 0);
  if (totalWords(candidates) < need)
    throw new TooShortError(
      `needs about ${need} words for ${FORMAT_NAMES[input.format]}; ${input.sentences.length && new Set(input.sentences.map((s) => s.noteId)).size > 1 ? 'these notes have' : 'this note has'} ${have}`,
    );
  switch (input.format) {
    case 'blog':
      return blog(input, candidates);
    case 'linkedin':
      return linkedin(input, candidates);
    case 'thread':
      return thread(candidates);
    case 'carousel':
      return carousel(input, candidates);
  }
}

const block = (kind: EngineBlock['kind'], text: string, group: number, from: Candidate[]): EngineBlock => ({
  kind,
  text,
  group,
  sourceIds: from.map((c) => c.source.id),
  supported: true,
});

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const stripEnd = (s: string) => s.replace(/[.!?]+$/, '');

/** A short, strong sentence to stand as a title or a hook. */
function headline(
  candidates: Candidate[],
  maxChars: number,
  exclude = new Set<number>(),
): Candidate | undefined {
  const ranked = [...candidates].filter((c) => !exclude.has(c.index)).sort((a, b) => b.rank - a.rank);
  return (
    ranked
      .slice(0, 15)
      .find(
        (c) => c.standalone && c.words >= 5 && c.words <= 14 && !c.question && c.text.length <= maxChars,
      ) ??
    ranked.find((c) => c.standalone && c.text.length <= maxChars) ??
    ranked.find((c) => c.text.length <= maxChars)
  );
}

/** Which key phrase a group of sentences is about (the highest-ranked phrase they contain). */
function topicOf(group: Candidate[], keyPhrases: string[], used: Set<string>): string | undefined {
  const terms = new Set(group.flatMap((c) => c.terms));
  return keyPhrases.find(
    (p) => !used.has(p) && termsOf(p).length > 0 && termsOf(p).every((t) => terms.has(t)),
  );
}

/** Split sentences (in order) into `k` sections where the topic shifts most (3+ sentences each). */
function sections(selected: Candidate[], k: number): Candidate[][] {
  const minSize = 3;
  if (k <= 1 || selected.length < minSize * 2) return [selected];
  const shift = (i: number) => {
    const before = new Set(selected.slice(Math.max(0, i - 3), i).flatMap((c) => c.terms));
    const after = new Set(selected.slice(i, i + 3).flatMap((c) => c.terms));
    const shared = [...before].filter((t) => after.has(t)).length;
    return 1 - shared / Math.max(1, Math.min(before.size, after.size));
  };
  const cuts: number[] = [];
  const gaps = selected
    .map((_, i) => i)
    .filter((i) => i >= minSize && i <= selected.length - minSize)
    .sort((a, b) => shift(b) - shift(a) || a - b);
  for (const gap of gaps) {
    if (cuts.length >= k - 1) break;
    if (cuts.every((c) => Math.abs(c - gap) >= minSize)) cuts.push(gap);
  }
  cuts.sort((a, b) => a - b);
  return [0, ...cuts].map((start, i) => selected.slice(start, cuts[i] ?? selected.length));
}

/** Paragraphs of at most 3 sentences or about 70 words. */
function paragraphs(sentences: Candidate[], maxSentences = 3): Candidate[][] {
  const out: Candidate[][] = [];
  let current: Candidate[] = [];
  for (const c of sentences) {
    if (current.length >= maxSentences || (current.length && totalWords(current) + c.words > 70)) {
      out.push(current);
      current = [];
    }
    current.push(c);
  }
  if (current.length) out.push(current);
  return out;
}

function blog(input: ExtractiveInput, candidates: Candidate[]): EngineDraft {
  const all = totalWords(candidates);
  const target = Math.min(
    BLOG_MAX_WORDS,
    all <= BLOG_MIN_WORDS ? all : Math.max(BLOG_MIN_WORDS, Math.round(all * 0.5)),
  );
  const byRank = [...candidates].sort((a, b) => b.rank - a.rank || a.index - b.index);
  const chosen: Candidate[] = [];
  for (const c of byRank) {
    if (totalWords(chosen) >= target) break;
    chosen.push(c);
  }
  const selected = chosen.sort((a, b) => a.index - b.index);
  const title = headline(selected, 90);
  const titleText = title ? stripEnd(title.text) : capitalise(input.keyPhrases[0] ?? 'Notes');
  const body = selected.filter((c) => c !== title);
  const bodyByRank = [...body].sort((a, b) => b.rank - a.rank);
  const meta =
    bodyByRank.find((c) => c.standalone && c.text.length <= META_DESCRIPTION_MAX) ??
    bodyByRank.find((c) => c.text.length <= META_DESCRIPTION_MAX) ??
    body[0];
  const quote = bodyByRank.find((c) => c.standalone && c.words >= 8 && c.words <= 25 && c !== meta);
  const keywords = input.keyPhrases.slice(0, 6);

  const blocks: EngineBlock[] = [block('title', titleText, 0, title ? [title] : [])];
  if (meta) blocks.push(block('meta', cutAt(meta.text, META_DESCRIPTION_MAX), 0, [meta]));
  if (keywords.length) blocks.push(block('keywords', keywords.join(', '), 0, []));

  const introCount = Math.min(3, Math.max(1, Math.floor(body.length / 6)));
  const intro = body.slice(0, introCount);
  const rest = body.slice(introCount);
  const conclusionCount = rest.length >= 8 ? 2 : 0;
  const middle = rest.slice(0, rest.length - conclusionCount);
  const conclusion = rest.slice(rest.length - conclusionCount);
  let group = 1;
  const addParagraphs = (sentences: Candidate[]) => {
    for (const paragraph of paragraphs(sentences)) {
      for (const [i, c] of paragraph.entries())
        blocks.push(
          block(c === quote ? 'quote' : 'sentence', i === 0 ? asOpening(c.text) : c.text, group, [c]),
        );
      group++;
    }
  };
  addParagraphs(intro);
  const used = new Set<string>();
  const k = Math.max(1, Math.min(5, Math.round(totalWords(middle) / 220)));
  for (const section of sections(middle, k)) {
    const topic = topicOf(section, input.keyPhrases, used);
    if (topic) used.add(topic);
    const cites = section.filter((c) => topic && termsOf(topic).every((t) => c.terms.includes(t)));
    blocks.push(
      block('heading', capitalise(topic ?? stripEnd(headline(section, 60)?.text ?? 'More')), group++, cites),
    );
    addParagraphs(section);
  }
  if (conclusion.length) {
    blocks.push(block('heading', 'Conclusion', group++, conclusion));
    addParagraphs(conclusion);
  }
  const base = titleText
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const slug = base.length > 80 ? base.slice(0, 80).replace(/-[^-]*$/, '') : base;
  return { blocks, meta: { slug, keywords, words: totalWords(body) } };
}

function linkedin(input: ExtractiveInput, candidates: Candidate[]): EngineDraft {
  const ranked = [...candidates].sort((a, b) => b.rank - a.rank);
  const hook =
    ranked.slice(0, 10).find((c) => c.standalone && c.text.length <= LINKEDIN_HOOK_MAX && c.words <= 20) ??
    ranked.slice(0, 8).find((c) => c.text.length <= LINKEDIN_HOOK_MAX && (c.question || c.words <= 20)) ??
    ranked.find((c) => c.text.length <= LINKEDIN_HOOK_MAX) ??
    ranked[0]!;
  const closing = ranked.find((c) => c.question && c !== hook);
  const exclude = new Set([hook.index, ...(closing ? [closing.index] : [])]);
  const body: Candidate[] = [];
  for (const c of topInOrder(candidates, 14, exclude)) {
    if (totalWords(body) >= 200) break;
    body.push(c);
  }
  const blocks: EngineBlock[] = [block('hook', cutAt(hook.text, LINKEDIN_HOOK_MAX), 0, [hook])];
  let group = 1;
  for (const paragraph of paragraphs(body, 2)) {
    for (const [i, c] of paragraph.entries())
      blocks.push(block('sentence', i === 0 ? asOpening(c.text) : c.text, group, [c]));
    group++;
  }
  if (closing) blocks.push(block('cta', closing.text, group, [closing]));
  else {
    const phrase = input.keyPhrases[0];
    const cites = phrase ? candidates.filter((c) => termsOf(phrase).every((t) => c.terms.includes(t))) : [];
    blocks.push(
      block('cta', phrase ? `What's your take on ${phrase}?` : "What's your take?", group, cites.slice(0, 3)),
    );
  }
  return { blocks, meta: {} };
}

/** Split one over-long sentence at clause marks, else at word boundaries (never mid-word). */
function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    if (at < max * 0.4) at = window.lastIndexOf(' ');
    if (at <= 0) at = max;
    out.push(rest.slice(0, at + 1).trim());
    rest = rest.slice(at + 1).trim();
  }
  if (rest) out.push(rest);
  return out;
}

function thread(candidates: Candidate[]): EngineDraft {
  const max = THREAD_POST_MAX - THREAD_NUMBERING;
  const hook = headline(candidates, max) ?? candidates[0]!;
  const body: Candidate[] = [];
  for (const c of topInOrder(candidates, 40, new Set([hook.index]))) {
    if (totalWords(body) >= 380) break;
    body.push(c);
  }
  const blocks: EngineBlock[] = [block('post', hook.text, 0, [hook])];
  let text = '';
  let from: Candidate[] = [];
  const flush = () => {
    if (text) blocks.push(block('post', text, blocks.length, from));
    text = '';
    from = [];
  };
  for (const c of body)
    for (const piece of pieces(c.text, max)) {
      if (text && text.length + 1 + piece.length > max) flush();
      text = text ? `${text} ${piece}` : asOpening(piece);
      if (!from.includes(c)) from.push(c);
    }
  flush();
  return { blocks, meta: { posts: blocks.length } };
}

function carousel(input: ExtractiveInput, candidates: Candidate[]): EngineDraft {
  const fits = candidates.filter((c) => c.words <= Math.min(22, CAROUSEL_SLIDE_MAX_WORDS) && c.standalone);
  const title = headline(fits, 80);
  const late = fits.filter(
    (c) => c.index >= candidates[Math.floor(candidates.length * 0.6)]!.index && c !== title,
  );
  const closing =
    late.find((c) => c.question) ??
    [...late].sort((a, b) => b.rank - a.rank)[0] ??
    fits.find((c) => c.question && c !== title);
  const exclude = new Set([title, closing].filter((c): c is Candidate => !!c).map((c) => c.index));
  const ideas = topInOrder(fits, CAROUSEL_MAX_SLIDES - 2, exclude);
  if (!title || !closing || ideas.length < 3)
    throw new TooShortError(
      `needs about ${MIN_WORDS.carousel} words in short sentences for a carousel; this note has ${totalWords(candidates)} usable words`,
    );
  const blocks = [
    block('slide', stripEnd(title.text), 0, [title]),
    ...ideas.map((c, i) => block('slide', asOpening(c.text), i + 1, [c])),
    block('slide', closing.text, ideas.length + 1, [closing]),
  ];
  return { blocks, meta: { author: input.author, slides: blocks.length } };
}

function clips(input: ExtractiveInput, candidates: Candidate[]): EngineDraft {
  const timed = input.sentences
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => s.startMs !== undefined && s.endMs !== undefined);
  const rankOf = new Map(candidates.map((c) => [c.index, c]));
  type Window = { from: number; to: number; startMs: number; endMs: number; score: number };
  const windows: Window[] = [];
  for (let i = 0; i < timed.length; i++) {
    const startMs = timed[i]!.s.startMs!;
    let best: Window | undefined;
    for (let j = i; j < timed.length; j++) {
      const endMs = timed[j]!.s.endMs!;
      const seconds = (endMs - startMs) / 1000;
      if (seconds > CLIP_MAX_SECONDS) break;
      if (seconds < CLIP_MIN_SECONDS) continue;
      const inside = timed
        .slice(i, j + 1)
        .map(({ index }) => rankOf.get(index))
        .filter((c): c is Candidate => !!c);
      if (!inside.length) continue;
      const score =
        (inside.reduce((n, c) => n + c.rank, 0) / Math.sqrt(j - i + 1)) * Math.min(1, seconds / 30);
      if (!best || score > best.score) best = { from: i, to: j, startMs, endMs, score };
    }
    if (best) windows.push(best);
  }
  if (!windows.length) throw new TooShortError('needs at least 15 seconds of recorded speech for clip hooks');
  const picked: Window[] = [];
  for (const w of windows.sort((a, b) => b.score - a.score)) {
    if (picked.length >= 5) break;
    if (picked.every((p) => w.endMs <= p.startMs || w.startMs >= p.endMs)) picked.push(w);
  }
  picked.sort((a, b) => a.startMs - b.startMs);
  const blocks = picked.map((w, i) => {
    const inside = timed.slice(w.from, w.to + 1);
    const best = inside
      .map(({ index }) => rankOf.get(index))
      .filter((c): c is Candidate => !!c)
      .sort((a, b) => Number(b.standalone) - Number(a.standalone) || b.rank - a.rank)[0]!;
    return {
      ...block('clip', cutAt(best.text, 120), i, []),
      sourceIds: inside.map(({ s }) => s.id),
      startMs: w.startMs,
      endMs: w.endMs,
    };
  });
  return { blocks, meta: { clips: blocks.length } };
}
