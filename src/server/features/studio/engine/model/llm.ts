import { z } from 'zod';
import {
  BLOCK_KINDS,
  type BlockKind,
  CAROUSEL_MAX_SLIDES,
  CAROUSEL_SLIDE_MAX_WORDS,
  type DraftFormat,
  LINKEDIN_HOOK_MAX,
  LINKEDIN_MAX,
  META_DESCRIPTION_MAX,
  THREAD_POST_MAX,
} from '#contract/studio-drafts.ts';
import type { Llm } from '../../../../providers/llm/llm.ts';
import { cutAtWord } from '../extractive/index.ts';
import { supportOf, writtenForm } from '../text/index.ts';
import { withPlatformLinks } from './llm-leads.ts';
import type { EngineBlock, EngineDraft } from './types.ts';

export type { EngineBlock, EngineDraft } from './types.ts';

/**
 * The LLM engine: attribute first, then generate. The model gets the user's source sentences,
 * numbered, with a short description of their voice and a few of their own samples, and must answer
 * each output block with the numbers of the sentences it draws on. The server then checks every
 * claim (support.ts) and marks what no source supports. Callers fall back to the extractive engine
 * when this throws (time-out, broken JSON, an answer of the wrong shape).
 */

export interface SourceSentence {
  id: string;
  noteId: string;
  text: string;
  /** Its place among the best sentences (0: the best): the prompt keeps the best that fit. */
  rank?: number;
  startMs?: number;
  endMs?: number;
  /** Who said it in a conversation (absent: the author's own words); only `me` may be written as theirs. */
  speaker?: { name: string; me: boolean };
}

export interface VoiceBrief {
  /** Mean words per sentence of the user's register. */
  meanSentenceWords: number;
  signaturePhrases: string[];
  pinned: string[];
  banned: string[];
  /** Plain-words habits, e.g. 'asks questions often', 'never uses emoji'. */
  habits: string[];
}

export interface EngineInput {
  format: DraftFormat;
  sentences: SourceSentence[];
  voice: VoiceBrief;
  /** A few short texts the user wrote, as examples of their voice. */
  samples: string[];
  author: string;
}

const KINDS_BY_FORMAT: Record<DraftFormat, BlockKind[]> = {
  blog: ['title', 'meta', 'keywords', 'heading', 'sentence', 'quote'],
  linkedin: ['hook', 'sentence', 'cta'],
  thread: ['post'],
  carousel: ['slide'],
  clips: ['clip'],
  shownotes: ['title', 'heading', 'sentence', 'quote'],
};

const RULES: Record<DraftFormat, string> = {
  blog:
    `A blog post: a "title", a "meta" description (at most ${META_DESCRIPTION_MAX} characters), "keywords" ` +
    '(comma-separated), then sections from introduction to conclusion, each a "heading" and its "sentence" ' +
    'blocks; "quote" blocks copy their most striking words. 600-1,500 words if the sources allow; never pad.',
  linkedin:
    `A LinkedIn post: a "hook" (at most ${LINKEDIN_HOOK_MAX} characters), "sentence" blocks in short ` +
    `paragraphs, a closing "cta" (their own call to action or lesson); at most ${LINKEDIN_MAX} characters.`,
  thread: `An X thread: "post" blocks of at most ${THREAD_POST_MAX} characters, unnumbered.`,
  carousel:
    `An Instagram carousel: 5-${CAROUSEL_MAX_SLIDES} "slide" blocks: a cover, one idea per slide (at most ` +
    `${CAROUSEL_SLIDE_MAX_WORDS} words), a closing slide.`,
  clips:
    'Clip hooks: 3-5 "clip" blocks, each a hook line for one of the strongest 15-60 second moments, citing ' +
    'its consecutive sentences.',
  shownotes:
    'Show notes of a conversation: a "title" block, a "sentence" block naming the guests and the host, a ' +
    'one-paragraph summary, a "heading" "Chapters" with one "sentence" block per chapter, and a "heading" ' +
    '"Quotes" with 3-5 "quote" blocks, each naming who said it.',
};

/**
 * The rules each format is held to, sent only to the formats they apply to (the offline writer's
 * rules, checked on the answer: llm-checks.ts, llm-leads.ts). Clip hooks introduce moments: no lead,
 * list or closing of their own.
 */
const STORY =
  'A list they give ("two mistakes", "first... second...") stays whole and in order, or is left out whole. ' +
  'Open on their main claim or most surprising fact, never a list item, a filler or a line leaning on what ' +
  'came before ("They...", "So..."); then the setting, the turn, the evidence, the lesson; close with their ' +
  'own call to action or lesson, never a generic question.';
const FORMAT_RULES: Record<DraftFormat, string[]> = {
  blog: [STORY, 'A link goes on the page, never "link in bio".'],
  linkedin: [STORY, 'A link goes in the first comment, never "link in bio".'],
  thread: [
    STORY,
    'Split at ideas: a list\'s items share a post or get one each, in order. A link goes in a reply, never "link in bio".',
  ],
  carousel: [STORY, 'Each slide is read alone: name who it means, never open on "They", "He" or "She".'],
  clips: [],
  shownotes: [],
};

/** The kinds of block that are always Echo's words (never the owner's, never scored for their voice). */
export const ECHO_KINDS: ReadonlySet<BlockKind> = new Set(['title', 'meta', 'keywords', 'heading']);

/** The answer the model must give (also sent as the schema it must follow). */
export const llmAnswerSchema = z.object({
  blocks: z
    .array(
      z.object({
        kind: z.enum(BLOCK_KINDS),
        text: z.string().min(1).max(5000),
        group: z.number().int().nonnegative().optional(),
        sources: z.array(z.number().int().positive()).max(40),
      }),
    )
    .min(1)
    .max(200),
  slug: z.string().max(120).optional(),
});
type LlmAnswer = z.infer<typeof llmAnswerSchema>;

const answerShape = (format: DraftFormat) =>
  `{"blocks":[{"kind":"<kind>","text":"<text>","group":<section number>,"sources":[<sentence numbers>]}]${format === 'blog' ? ',"slug":"<slug>"' : ''}}`;

/** At most this many samples of the user's writing go to the model, this long each (lean prompts). */
export const LLM_SAMPLES = 3;
export const LLM_SAMPLE_CHARS = 600;

/** The chat messages for one draft: lean (numbered sentences, a voice brief, at most 3 samples). */
export function buildLlmMessages(input: EngineInput): Array<{ role: 'system' | 'user'; content: string }> {
  const voice = input.voice;
  const system = [
    `You write as ${input.author}, only from their numbered source sentences. Attribute first: each block ` +
      'cites the numbers of the sentences it draws on. Add no fact, number, name or claim they do not hold; ' +
      'keep their words where you can, and every figure and name of a sentence you use.',
    // As the offline writer's written form (text/written-form.ts), which the answer goes through too.
    'Write numbers as a reader expects: figures from 10 ("42 runners"), a currency sign only where they ' +
      'named one ("$85", "18,000 a month"), "40%", "3:52", "March 3", "2026"; idioms stay words ("one of them").',
    ...FORMAT_RULES[input.format],
    `Their sentences average ${Math.round(voice.meanSentenceWords)} words.`,
    voice.signaturePhrases.length
      ? `Phrases they use: ${voice.signaturePhrases.slice(0, 8).join('; ')}.`
      : '',
    voice.pinned.length ? `Always keep these phrases when relevant: ${voice.pinned.join('; ')}.` : '',
    voice.banned.length ? `Never use these words: ${voice.banned.join(', ')}.` : '',
    voice.habits.length ? `Habits: ${voice.habits.join('; ')}.` : '',
    conversationRule(input),
    `Format: ${RULES[input.format]}`,
    `Allowed kinds: ${KINDS_BY_FORMAT[input.format].join(', ')}.`,
    `Answer with JSON only, exactly this shape: ${answerShape(input.format)}`,
  ]
    .filter(Boolean)
    .join('\n');
  const samples = input.samples
    .slice(0, LLM_SAMPLES)
    .map((s) => s.slice(0, LLM_SAMPLE_CHARS))
    .join('\n---\n');
  const numbered = input.sentences
    .map((s, i) => `${i + 1}. ${guestOf(s) ? `[${guestOf(s)!.name}] ` : ''}${s.text}`)
    .join('\n');
  return [
    { role: 'system', content: system },
    {
      role: 'user',
      content: `${samples ? `Samples of their writing:\n${samples}\n\n` : ''}Source sentences:\n${numbered}`,
    },
  ];
}

/** Someone else's sentence in a conversation (absent: the author's own). */
const guestOf = (sentence: SourceSentence) =>
  sentence.speaker && !sentence.speaker.me ? sentence.speaker : undefined;

/** In a conversation: whose each sentence is, and how another's words may be used. */
function conversationRule(input: EngineInput): string {
  if (!input.sentences.some(guestOf)) return '';
  return [
    `This is a conversation. Sentences marked with a name in brackets ("[Priya]") were said by that person,`,
    `not by ${input.author}: never write them as ${input.author}'s own words. Use them only as a quote that`,
    'names its speaker ("As Priya put it: “…”", a quote block ending "— Priya", a slide ending "— Priya"),',
    "and never cite another person's sentence in the same block as the author's own.",
  ].join(' ');
}

/**
 * A block citing someone else's sentences is theirs, named: one person's words alone become a guest
 * block whose text names them (added when the model left the name out); the author's words mixed
 * with another's keep only the author's citations, and the block is dropped when those do not
 * support it (another's words never pass as the author's).
 */
function attributeBlock(
  kind: BlockKind,
  text: string,
  cited: SourceSentence[],
): { text: string; cited: SourceSentence[]; quote: string; speaker?: string } | undefined {
  const guests = [...new Set(cited.flatMap((s) => (guestOf(s) ? [guestOf(s)!.name] : [])))];
  if (guests.length === 0) return { text, cited, quote: text };
  const own = cited.filter((s) => !guestOf(s));
  if (own.length > 0 || guests.length > 1 || !guests[0]) {
    if (own.length === 0) return undefined;
    const check = supportOf(
      text,
      own.map((s) => s.text),
    );
    return check.supported ? { text, cited: own, quote: text } : undefined;
  }
  const name = guests[0];
  const quote = text
    .replace(
      new RegExp(
        `^(?:as ${escapeRe(name)} put it|in ${escapeRe(name)}[’']s words|${escapeRe(name)})s*:s*`,
        'i',
      ),
      '',
    )
    .replace(new RegExp(`s*[—–-]s*${escapeRe(name)}s*$`, 'i'), '')
    .replace(/^[“"]|[”"]$/g, '');
  const named = new RegExp(`(?<![p{L}])${escapeRe(name)}(?![p{L}])`, 'u').test(text);
  const shown = named
    ? text
    : kind === 'slide' || kind === 'quote' || kind === 'clip'
      ? `“${quote}” — ${name}`
      : `As ${name} put it: “${quote}”`;
  return { text: shown, cited, quote, speaker: name };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Checks the model's answer against the sources and the format: claims verified, limits kept. */
export function toEngineDraft(answer: LlmAnswer, input: EngineInput): EngineDraft {
  const allowed = new Set(KINDS_BY_FORMAT[input.format]);
  const blocks: EngineBlock[] = [];
  for (const [index, block] of answer.blocks.entries()) {
    if (!allowed.has(block.kind)) continue;
    const claimed = [...new Set(block.sources)]
      .map((n) => input.sentences[n - 1])
      .filter((s): s is SourceSentence => s !== undefined);
    // Framing (a title, a heading) claims nobody's words; anything else citing a guest is theirs.
    const framing = ECHO_KINDS.has(block.kind);
    // Spoken numbers the model kept ("forty-two runners") are written as the offline drafts write them.
    const written = block.kind === 'keywords' ? block.text : writtenForm(block.text);
    const attributed = framing
      ? { text: written, cited: claimed.filter((s) => !guestOf(s)), quote: written }
      : attributeBlock(block.kind, written.trim(), claimed);
    if (!attributed) continue;
    const { cited } = attributed;
    const text = fitToKind(block.kind, attributed.text.trim());
    const checked = ['title', 'keywords', 'heading'].includes(block.kind)
      ? { supported: cited.length > 0 }
      : supportOf(
          attributed.speaker ? attributed.quote : text,
          cited.map((s) => s.text),
        );
    const timed = cited.filter((s) => s.startMs !== undefined && s.endMs !== undefined);
    blocks.push({
      kind: block.kind,
      text,
      group: block.group ?? index,
      sourceIds: cited.map((s) => s.id),
      supported: checked.supported,
      // Headings, titles and keywords are Echo's framing; a block citing nothing is Echo's words.
      origin:
        ECHO_KINDS.has(block.kind) || cited.length === 0 ? 'echo' : attributed.speaker ? 'guest' : 'user',
      ...(attributed.speaker && !ECHO_KINDS.has(block.kind) && cited.length > 0
        ? { speaker: attributed.speaker }
        : {}),
      ...(block.kind === 'clip' && timed.length
        ? {
            startMs: Math.min(...timed.map((s) => s.startMs!)),
            endMs: Math.max(...timed.map((s) => s.endMs!)),
          }
        : {}),
    });
  }
  if (!blocks.length) throw new Error('The model answered no block of this format');
  // A carousel has at most CAROUSEL_MAX_SLIDES slides, whatever the model wrote: the title slide,
  // then the first ideas, and its closing slide kept last.
  if (input.format === 'carousel' && blocks.length > CAROUSEL_MAX_SLIDES)
    blocks.splice(CAROUSEL_MAX_SLIDES - 1, blocks.length - CAROUSEL_MAX_SLIDES);
  // "Link in bio" is Instagram's: elsewhere the link goes where the platform puts it (llm-leads.ts).
  return withPlatformLinks({ blocks, meta: answer.slug ? { slug: answer.slug } : {} }, input.format);
}

/** Keeps a block inside its format's limit (never mid-word). */
function fitToKind(kind: BlockKind, text: string): string {
  if (kind === 'slide') {
    const words = text.split(/\s+/);
    return words.length > CAROUSEL_SLIDE_MAX_WORDS
      ? `${words.slice(0, CAROUSEL_SLIDE_MAX_WORDS).join(' ')}…`
      : text;
  }
  const limit = { meta: META_DESCRIPTION_MAX, post: THREAD_POST_MAX, hook: LINKEDIN_HOOK_MAX }[
    kind as string
  ];
  return limit ? cutAtWord(text, limit) : text;
}

/**
 * The most characters one prompt carries (about 6,000 tokens): the source sentences that do not
 * fit, the lowest ranked first, are left out, whatever the note's length.
 */
export const LLM_PROMPT_MAX_CHARS = 24_000;
/** The longest answer a call may get (`max_tokens`); a draft's JSON answer is far shorter. */
export const LLM_ANSWER_MAX_TOKENS = 3_000;
/** Characters per token, the usual estimate for English text. */
export const LLM_CHARS_PER_TOKEN = 4;
/** What an answer may cost at most, in characters (counted before the call with its prompt). */
export const LLM_ANSWER_MAX_CHARS = LLM_ANSWER_MAX_TOKENS * LLM_CHARS_PER_TOKEN;

const charsOf = (messages: Array<{ content: string }>) => messages.reduce((n, m) => n + m.content.length, 0);

/** The input with the best source sentences that fit in LLM_PROMPT_MAX_CHARS, in their order. */
export function fitToPrompt(input: EngineInput): EngineInput {
  let room = LLM_PROMPT_MAX_CHARS - charsOf(buildLlmMessages({ ...input, sentences: [] }));
  const numberWidth = String(input.sentences.length).length + 3;
  const kept = new Set<SourceSentence>();
  for (const sentence of [...input.sentences].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))) {
    const cost = sentence.text.length + numberWidth;
    if (cost > room) continue;
    room -= cost;
    kept.add(sentence);
  }
  return { ...input, sentences: input.sentences.filter((s) => kept.has(s)) };
}

export interface LlmRun {
  draft: EngineDraft;
  /** Prompt characters sent (counted against the owner's budget; the benchmark keeps prompts lean). */
  promptChars: number;
}

/**
 * One generation through the model, its prompt within LLM_PROMPT_MAX_CHARS and its answer within
 * LLM_ANSWER_MAX_TOKENS; `beforeCall` gets the prompt's size before anything is sent (and throws to
 * stop). Throws on time-outs, broken JSON and answers of the wrong shape.
 */
export async function generateWithLlm(
  llm: Llm,
  input: EngineInput,
  options: { beforeCall?: (promptChars: number) => Promise<void> } = {},
): Promise<LlmRun> {
  const fitted = fitToPrompt(input);
  if (fitted.sentences.length === 0) throw new Error('No source sentence fits in the prompt');
  const messages = buildLlmMessages(fitted);
  const promptChars = charsOf(messages);
  if (promptChars > LLM_PROMPT_MAX_CHARS) throw new Error('The prompt is longer than its limit');
  await options.beforeCall?.(promptChars);
  const answer = await llm.completeJson(llmAnswerSchema, messages, { maxTokens: LLM_ANSWER_MAX_TOKENS });
  return { draft: toEngineDraft(answer, fitted), promptChars };
}
