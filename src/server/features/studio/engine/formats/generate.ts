/**
 * The extractive engine (offline, deterministic): every format from the user's own sentences,
 * each block carrying the ids of the source sentences it came from.
 */

import { createHash } from 'node:crypto';
import { DRAFT_BLOCKS_MAX } from '#contract/studio-draft-edits.ts';
import type {
  Analysis,
  Block,
  BlogMeta,
  ClipMeta,
  Draft,
  Format,
  FormatResult,
  SourceNote,
  SourceRef,
} from '../extractive/index.ts';
import { analyse, countWordsOf, linkForPlatform, linkGoes, phrasesIn } from '../extractive/index.ts';
import { blogPost } from './blog.ts';
import { carousel } from './carousel.ts';
import { clipHooks } from './clips.ts';
import { conversationDraft, conversationMeta } from './conversation.ts';
import { showNotes } from './shownotes.ts';
import { linkedInPost, xThread } from './social.ts';
import { conversationOf } from './speakers.ts';

export interface ExtractiveOptions {
  /** The name or handle the user chose to sign with (carousel's closing slide); none: it names nobody. */
  byline?: string;
  /** Phrases to favour when ranking (e.g. the user's Ideas). */
  ideas?: readonly string[];
  /** Words the user banned: never in a draft (a sentence using one is left out, with a warning). */
  bans?: readonly string[];
  /** Phrases the user pinned: preferred where a sentence carries them, never cut by editing. */
  pins?: readonly string[];
}

/**
 * The last analyses of source sentences, by what they were made from (the sentences, ideas, bans
 * and pins): a note's five drafts are five jobs, and each analysed the same sentences again (about a
 * third of a draft's CPU, bench/studio-voice-to-drafts.ts). Kept least recently used first out, at
 * most ANALYSES_KEPT of them and ANALYSES_WORDS words in all. An analysis is never changed once made
 * (the formats only read it), so sharing it changes no draft.
 */
const ANALYSES_KEPT = 64;
const ANALYSES_WORDS = 200_000;
const analyses = new Map<string, Analysis>();
let analysedWords = 0;

export function analysisOf(
  notes: readonly SourceNote[],
  ideas: readonly string[] | undefined,
  bans: readonly string[],
  pins: readonly string[],
): Analysis {
  const key = createHash('sha256')
    .update(JSON.stringify([notes, ideas ?? null, bans, pins]))
    .digest('base64');
  const kept = analyses.get(key);
  if (kept) {
    analyses.delete(key);
    analyses.set(key, kept);
    return kept;
  }
  const analysis = analyse(notes, ideas, { bans, pins });
  if (analysis.words > ANALYSES_WORDS) return analysis;
  analyses.set(key, analysis);
  analysedWords += analysis.words;
  for (const [oldest, old] of analyses) {
    if (analyses.size <= ANALYSES_KEPT && analysedWords <= ANALYSES_WORDS) break;
    analyses.delete(oldest);
    analysedWords -= old.words;
  }
  return analysis;
}

export function generateExtractive(
  notes: readonly SourceNote[],
  formats: readonly Format[],
  options: ExtractiveOptions = {},
): FormatResult[] {
  const bans = options.bans ?? [];
  // A conversation: the owner's own sentences make the first-person part, every sentence the
  // quotes, clips and show notes (conversation.ts); a solo note is all the owner's.
  const talk = conversationOf(notes);
  const whole = analysisOf(notes, options.ideas, bans, options.pins ?? []);
  const analysis = talk ? analysisOf(talk.own, options.ideas, bans, options.pins ?? []) : whole;
  const make: Record<Format, () => FormatResult> = {
    blog: () => blogPost(analysis),
    linkedin: () => linkedInPost(analysis),
    thread: () => xThread(analysis),
    carousel: () => carousel(analysis, options.byline),
    clips: () => clipHooks(whole),
    shownotes: () => showNotes(whole, talk),
  };
  const leftOut = whole.units.filter((u) => u.banned.length > 0 && !u.filler);
  const said = new Map(whole.units.map((u) => [u.ref, u.original] as const));
  return formats.map((format) => {
    let made = make[format]();
    if (talk) {
      made = conversationDraft(format, made, whole, talk, {
        ...(options.byline !== undefined ? { byline: options.byline } : {}),
        ownAnalysisWords: analysis.words,
      });
      if (made.ok) made = { ...made, meta: { ...made.meta, conversation: conversationMeta(talk, whole) } };
    }
    if (!made.ok) return made;
    const result = withPlatformLinks(made, said);
    // Settings are law: a block with a banned word (Echo's own words included) is dropped.
    const blocks = result.blocks.filter((b) => phrasesIn(b.text, bans).length === 0);
    const warnings = [
      ...new Set([
        ...leftOut.map(
          (u) =>
            `Left out "${u.clean}": it uses ${u.banned.map((w) => `"${w}"`).join(', ')}, which your settings ban.`,
        ),
        ...result.blocks
          .filter((b) => !blocks.includes(b))
          .map((b) => `Left out "${b.text}": it uses a banned word.`),
      ]),
    ];
    return {
      ...result,
      blocks,
      meta: {
        ...result.meta,
        ...(format === 'blog'
          ? {
              keywords: ((result.meta.keywords as string[]) ?? []).filter(
                (k) => phrasesIn(k, bans).length === 0,
              ),
            }
          : {}),
        echo_share: echoShare(blocks),
        ...(result !== made ? { link_goes: linkGoes(format) } : {}),
        ...(warnings.length > 0 ? { warnings } : {}),
      },
    };
  });
}

/**
 * "Link's in my bio" is Instagram's: on LinkedIn, in a thread or a blog the user's call to action
 * keeps its words and says where that platform puts the link (cta.ts); the part keeps what was said.
 */
function withPlatformLinks(draft: Draft, said: ReadonlyMap<SourceRef, string>): Draft {
  let changed = false;
  const blocks = draft.blocks.map((block) => {
    const text = linkForPlatform(block.text, draft.format);
    if (text === undefined) return block;
    changed = true;
    const parts = block.parts.map((part) => {
      const moved = linkForPlatform(part.text, draft.format);
      if (moved === undefined) return part;
      const original = part.said ?? part.sources.map((s) => said.get(s) ?? '').join(' ');
      return { ...part, text: moved, ...(original.trim() ? { said: original } : {}) };
    });
    const blockSaid = parts.some((p) => p.said !== undefined)
      ? parts.map((p) => p.said ?? p.text).join(' ')
      : undefined;
    return { ...block, text, parts, ...(blockSaid !== undefined ? { said: blockSaid } : {}) };
  });
  return changed ? { ...draft, blocks } : draft;
}

/** One draft to write offline (what the analysis threads are handed): its notes, format and options. */
export interface OfflineDraftRequest {
  notes: SourceNote[];
  format: Format;
  options: ExtractiveOptions;
}

/**
 * A draft written offline as a store wants it: its blocks flattened (clips and the description's
 * sources folded into them, so left out of the meta), or why it could not be written.
 */
export type OfflineDraft =
  | { ok: true; blocks: FlatBlock[]; meta: Record<string, unknown> }
  | { ok: false; message: string };

/**
 * One format from the notes (`generateExtractive`), flattened (`flattenDraft`), at most
 * DRAFT_BLOCKS_MAX blocks (`boundedBlocks`).
 */
export function offlineDraft({ notes, format, options }: OfflineDraftRequest): OfflineDraft {
  const [result] = generateExtractive(notes, [format], options);
  if (!result!.ok) return { ok: false, message: result!.message };
  const { clips: _clips, descriptionSources: _sources, ...meta } = result!.meta as Record<string, unknown>;
  const flat = flattenDraft(result!);
  const blocks = boundedBlocks(flat);
  if (blocks.length === flat.length) return { ok: true, blocks, meta };
  const warning = `This draft was cut at ${DRAFT_BLOCKS_MAX} sentences: most of the note's sentences lean on the one before, so Echo could not pick among them.`;
  const warnings = [...((meta.warnings as string[] | undefined) ?? []), warning];
  return { ok: true, blocks, meta: { ...meta, warnings } };
}

/**
 * A draft's blocks, at most DRAFT_BLOCKS_MAX (what the editor can save), cut at the end of a group.
 * The planner keeps a chain of sentences that lean on each other whole, and takes the first even
 * past its budget: a note of thousands of such sentences (a hostile text, one long run-on
 * transcript) would become a draft of every one of them, its blocks stored, scored, sent and
 * validated on the event loop each time the draft is read.
 */
function boundedBlocks(blocks: FlatBlock[]): FlatBlock[] {
  if (blocks.length <= DRAFT_BLOCKS_MAX) return blocks;
  const cut = blocks.slice(0, DRAFT_BLOCKS_MAX);
  const open = blocks[DRAFT_BLOCKS_MAX]!.group;
  const whole = cut.filter((b) => b.group !== open);
  return whole.length > 0 ? whole : cut;
}

/** The share of a draft's words that are Echo's (0-1), keywords and meta description left aside. */
export function echoShare(blocks: readonly Block[]): number {
  let echo = 0;
  let all = 0;
  for (const block of blocks) {
    const n = countWordsOf(block.text);
    all += n;
    if (block.origin === 'echo') echo += n;
  }
  return all === 0 ? 0 : Math.round((echo / all) * 1000) / 1000;
}

export type {
  Block,
  Draft,
  Format,
  FormatResult,
  Part,
  SourceNote,
  SourceRef,
  TooShort,
} from '../extractive/index.ts';
export { FORMATS } from '../extractive/index.ts';

/** One sentence of a draft as a flat row (the shape a per-sentence store or UI wants). */
export interface FlatBlock {
  kind:
    | 'title'
    | 'meta'
    | 'keywords'
    | 'heading'
    | 'sentence'
    | 'quote'
    | 'hook'
    | 'cta'
    | 'post'
    | 'slide'
    | 'clip';
  text: string;
  /** Index of the block (paragraph, post, slide, clip) the sentence belongs to. */
  group: number;
  sourceIds: string[];
  supported: boolean;
  /** `user`: the user's sentences (cites them); `echo`: Echo's words (cites none). */
  origin: 'user' | 'echo' | 'guest';
  speaker?: string;
  /** The source sentence(s) as said, when light editing cut something. */
  said?: string;
  startMs?: number;
  endMs?: number;
}

const FLAT_KIND: Record<Block['kind'], FlatBlock['kind']> = {
  title: 'title',
  heading: 'heading',
  paragraph: 'sentence',
  quote: 'quote',
  hook: 'hook',
  closing: 'cta',
  post: 'post',
  slide: 'slide',
  clip: 'clip',
};

/**
 * Flattens a draft to one row per sentence: paragraphs become their sentences (same `group`),
 * posts, slides and clips stay whole; a blog's meta description and keywords become rows after the
 * title; a carousel's closing slide is a slide; clips carry their start and end.
 */
export function flattenDraft(draft: Draft): FlatBlock[] {
  const rows: FlatBlock[] = [];
  const ids = (sources: readonly SourceRef[]) => sources.map((s) => String(s.sentenceId));
  const clips = new Map(
    ((draft.meta as { clips?: ClipMeta[] }).clips ?? []).map((clip) => [clip.blockId, clip] as const),
  );
  // Show notes' chapter lines start where their chapter does.
  const chapters = new Map(
    ((draft.meta as { chapters?: Array<{ blockId: string; startMs?: number }> }).chapters ?? []).map(
      (chapter) => [chapter.blockId, chapter] as const,
    ),
  );
  draft.blocks.forEach((block, group) => {
    let kind = FLAT_KIND[block.kind];
    if (draft.format === 'carousel' && kind === 'cta') kind = 'slide';
    // A guest's quote stays one row: its attribution is the block's text, not any one part's.
    if (kind === 'sentence' && block.origin !== 'guest') {
      for (const part of block.parts) {
        rows.push({
          kind,
          text: part.text,
          group,
          sourceIds: ids(part.sources),
          supported: part.supported,
          origin: part.sources.length > 0 ? 'user' : 'echo',
          ...(part.said !== undefined ? { said: part.said } : {}),
        });
        const chapter = chapters.get(block.id);
        if (chapter?.startMs !== undefined) rows.at(-1)!.startMs = chapter.startMs;
      }
    } else {
      const row: FlatBlock = {
        kind,
        text: block.text,
        group,
        sourceIds: ids(block.sources),
        supported: block.supported,
        origin: block.origin,
        ...(block.speaker !== undefined ? { speaker: block.speaker } : {}),
        ...(block.said !== undefined ? { said: block.said } : {}),
      };
      const clip = clips.get(block.id);
      if (clip) {
        row.startMs = clip.startMs;
        row.endMs = clip.endMs;
      }
      rows.push(row);
    }
    if (draft.format === 'blog' && block.kind === 'title') {
      const meta = draft.meta as unknown as BlogMeta & { descriptionSources: SourceRef[] };
      rows.push({
        kind: 'meta',
        text: meta.description,
        group,
        sourceIds: ids(meta.descriptionSources),
        supported: meta.descriptionSources.length > 0,
        origin: meta.descriptionSources.length > 0 ? 'user' : 'echo',
      });
      rows.push({
        kind: 'keywords',
        text: meta.keywords.join(', '),
        group,
        sourceIds: [],
        supported: false,
        origin: 'echo',
      });
    }
  });
  return rows;
}
