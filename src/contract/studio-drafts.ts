import { z } from 'zod';

/** Echo Studio, part 2: drafts made from a user's notes. */

export const DRAFT_FORMATS = ['blog', 'linkedin', 'thread', 'carousel', 'clips', 'shownotes'] as const;
export type DraftFormat = (typeof DRAFT_FORMATS)[number];
export const DRAFT_FORMAT_LABELS: Record<DraftFormat, string> = {
  blog: 'SEO blog post',
  linkedin: 'LinkedIn post',
  thread: 'X/Twitter thread',
  carousel: 'Instagram carousel',
  clips: 'Clip hooks',
  shownotes: 'Show notes',
};
/** Formats made only from a conversation (a note with speakers): an interview's own. */
export const CONVERSATION_FORMATS: readonly DraftFormat[] = ['shownotes'];

/**
 * A conversation's draft (meta `conversation`): who its first-person words are (`speaks_as`, the
 * speaker marked "this is me", else Echo's guess until the owner answers "which one is you?",
 * `confirmed` false) and whom it quotes by name. Absent for a solo note's drafts.
 */
export const draftConversationSchema = z.object({
  speaks_as: z.string().nullable(),
  confirmed: z.boolean(),
  guests: z.array(z.string()),
});
export type DraftConversation = z.infer<typeof draftConversationSchema>;
/** The draft's conversation meta when it has one (a meta of another shape reads as none). */
export const conversationOfDraft = (meta: Record<string, unknown>): DraftConversation | null => {
  const parsed = draftConversationSchema.safeParse(meta.conversation);
  return parsed.success ? parsed.data : null;
};
/** A show-notes chapter (meta `chapters`): its title and, in a timed conversation, when it starts. */
export const showNotesChapterSchema = z.object({
  blockId: z.string(),
  title: z.string(),
  startMs: z.number().optional(),
});

export const DRAFT_ENGINES = ['auto', 'extractive', 'llm'] as const;
export type DraftEngineChoice = (typeof DRAFT_ENGINES)[number];

/** Limits of each format. */
export const META_DESCRIPTION_MAX = 160;
export const LINKEDIN_HOOK_MAX = 210;
export const LINKEDIN_MAX = 3000;
export const THREAD_POST_MAX = 280;
export const CAROUSEL_MIN_SLIDES = 5;
export const CAROUSEL_MAX_SLIDES = 10;
export const CAROUSEL_SLIDE_MAX_WORDS = 30;
/** Characters a slide's text may have (30 long words still fit the 1080x1350 slide at its smallest type). */
export const CAROUSEL_SLIDE_MAX_CHARS = 280;
export const CLIP_MIN_SECONDS = 15;
export const CLIP_MAX_SECONDS = 60;
/** A draft scoring under this is regenerated once (LLM engine), then shown with a warning. */
/**
 * Words a note (or the notes together) needs for the offline engine to write each format (clip hooks
 * need timings instead). The engine refuses below them; 'Create content' offers only what can work.
 */
export const DRAFT_MIN_WORDS: Partial<Record<DraftFormat, number>> = {
  blog: 150,
  linkedin: 40,
  thread: 60,
  carousel: 80,
  shownotes: 120,
};
export const FIDELITY_WARNING_BELOW = 60;

/**
 * What a block is in its format. A block is one traceable unit: a sentence of a paragraph, a
 * heading, a post of a thread, a slide, a clip. `group` joins sentence blocks into paragraphs.
 */
export const BLOCK_KINDS = [
  'title',
  'meta',
  'keywords',
  'heading',
  'sentence',
  'quote',
  'hook',
  'cta',
  'post',
  'slide',
  'clip',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/**
 * Whose words a block is: `user` blocks are the user's own sentences (lightly edited at most) and
 * cite them; `echo` blocks are Echo's (a heading, keywords, a call to action, a closing slide, a
 * thread's counter) and cite none; `guest` blocks quote someone else in a conversation note, cite
 * their sentences and name them (`speaker`), never as the user's words.
 */
export const BLOCK_ORIGINS = ['user', 'echo', 'guest'] as const;
export type BlockOrigin = (typeof BLOCK_ORIGINS)[number];
/** A stored block without an origin (drafts made before origins): the user's when it cites sources. */
export const originOf = (block: { origin?: BlockOrigin; sources: readonly unknown[] }): BlockOrigin =>
  block.origin ?? (block.sources.length > 0 ? 'user' : 'echo');

export const draftSourceSchema = z.object({
  note_id: z.string(),
  sentence_id: z.string(),
  /** False when the source note was deleted after the draft was made. */
  available: z.boolean(),
  /**
   * True when the owner changed the sentence's words after the draft was made (a correction, an
   * edited text): it no longer holds the words this block shows, so it is not shown as their support.
   */
  changed: z.boolean().optional(),
});

export const draftBlockSchema = z.object({
  id: z.string(),
  kind: z.enum(BLOCK_KINDS),
  text: z.string(),
  /** Paragraph or section number: blocks with the same group are shown together. */
  group: z.number().int().nonnegative(),
  sources: z.array(draftSourceSchema),
  /** False when no source sentence supports this text (shown marked). */
  supported: z.boolean(),
  origin: z.enum(BLOCK_ORIGINS),
  /** Who said a `guest` block's words (the speaker's display name). */
  speaker: z.string().optional(),
  /**
   * The source sentence(s) as said, when Echo's light editing cut something from them (fillers,
   * a tag question, a restart, a clause): the view can show "as said / as written".
   */
  said: z.string().optional(),
  start_ms: z.number().int().nonnegative().optional(),
  end_ms: z.number().int().nonnegative().optional(),
});
export type DraftBlock = z.infer<typeof draftBlockSchema>;

/** One side of what a draft is measured on: a score and its reasons in plain words. */
export const fidelityPartSchema = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
});

/**
 * A draft's score: `score` and `reasons` as ever (the two sides together), and, for drafts scored
 * since they were split, each side on its own: `faithful` (what Echo cut from what was said and
 * added of its own) and `voice`, "sounds like you" (the style against the owner's profile built
 * without the draft's own notes, so a draft is never compared with itself; null when no other note
 * is there to compare with). `rough`: made from a rough transcript nobody has checked yet, so
 * nothing in it claims to be the owner's words as said.
 */
export const fidelitySchema = fidelityPartSchema.extend({
  faithful: fidelityPartSchema.optional(),
  voice: fidelityPartSchema.nullable().optional(),
  rough: z.boolean().optional(),
});
export type Fidelity = z.infer<typeof fidelitySchema>;

/** What a draft from an unchecked rough transcript says at its top, and its score instead of "as you said it". */
export const ROUGH_TRANSCRIPT_NOTICE = 'Made from a rough transcript: check the words first.';
export const ROUGH_TRANSCRIPT_REASON = 'made from a rough transcript: check the words first';
/** What a draft made before its notes' words were corrected says at its top, and in its score. */
export const BEFORE_CORRECTIONS_NOTICE = 'Made before your corrections.';
export const BEFORE_CORRECTIONS_REASON =
  'made before your corrections: regenerate it to use the corrected words';

/** While a draft is being written, the page asks for it this often (the voice-to-drafts bench too). */
export const DRAFT_REFRESH_MS = 1_500;
export const DRAFT_STATUSES = ['waiting', 'generating', 'ready', 'failed'] as const;
export const draftSchema = z.object({
  id: z.string(),
  format: z.enum(DRAFT_FORMATS),
  engine: z.enum(['extractive', 'llm']),
  status: z.enum(DRAFT_STATUSES),
  note_ids: z.array(z.string()),
  blocks: z.array(draftBlockSchema),
  fidelity: fidelitySchema.nullable(),
  /** Format details (slug, keywords, warnings such as a fallback to the extractive engine). */
  meta: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  edited: z.boolean(),
  /** Made from a rough transcript the owner has not checked yet (`ROUGH_TRANSCRIPT_NOTICE`). */
  rough_transcript: z.boolean().optional(),
  /** Its notes' words were changed after it was written (`BEFORE_CORRECTIONS_NOTICE`): regenerate it. */
  before_corrections: z.boolean().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

export const createDraftsSchema = z.object({
  note_ids: z.array(z.string().uuid()).min(1, 'Pick at least one note').max(20),
  formats: z.array(z.enum(DRAFT_FORMATS)).min(1, 'Pick at least one format'),
  engine: z.enum(DRAFT_ENGINES).default('auto'),
});
export type CreateDrafts = z.infer<typeof createDraftsSchema>;

/**
 * A draft's fact checklist (`meta.facts`): the notes' facts (figures, amounts, percentages, dates,
 * times, names, comparisons, the lesson) in written form, each kept or left out by the draft's
 * text; computed when the draft is written and again on every save, restore or put back. Clip hooks
 * carry none (a hook is one line).
 */
export const DRAFT_FACTS_KEY = 'facts';
export const FACT_KINDS = [
  'money',
  'percent',
  'date',
  'time',
  'figure',
  'name',
  'comparison',
  'lesson',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];
export const FACT_KIND_LABELS: Record<FactKind, string> = {
  money: 'Amount',
  percent: 'Percentage',
  date: 'Date',
  time: 'Time',
  figure: 'Figure',
  name: 'Name',
  comparison: 'Comparison',
  lesson: 'Lesson',
};
export const draftFactSchema = z.object({
  /** "f1", "f2", ... in the notes' reading order. */
  id: z.string(),
  kind: z.enum(FACT_KINDS),
  /** As a reader sees it ("$85 an hour", "closer to 140", "March 3"). */
  text: z.string(),
  /** The draft's text still holds it. */
  kept: z.boolean(),
  /** The source sentences that state it. */
  sentence_ids: z.array(z.string()),
});
export type DraftFact = z.infer<typeof draftFactSchema>;
export const draftFactsSchema = z.array(draftFactSchema);
/** The formats that carry a checklist. */
export const FACT_CHECKED_FORMATS: readonly DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel'];
/** A draft's checklist from its meta, or null when it has none (clip hooks, drafts made before checklists). */
export function factsOf(meta: Record<string, unknown> | null | undefined): DraftFact[] | null {
  const parsed = draftFactsSchema.safeParse(meta?.[DRAFT_FACTS_KEY]);
  return parsed.success ? parsed.data : null;
}
/** "Kept 9 of 10 · left out: $140 an hour" (at most three named, then "and 2 more"). */
export function factSummary(facts: readonly DraftFact[]): string {
  const left = facts.filter((f) => !f.kept);
  const kept = `Kept ${facts.length - left.length} of ${facts.length} ${facts.length === 1 ? 'fact' : 'facts'}`;
  if (left.length === 0) return kept;
  const named = left
    .slice(0, 3)
    .map((f) => (f.kind === 'lesson' ? 'the lesson' : f.text))
    .join(', ');
  return `${kept} · left out: ${named}${left.length > 3 ? ` and ${left.length - 3} more` : ''}`;
}
export const factParamsSchema = z.object({ id: z.string().max(100), fact_id: z.string().max(100) });

/** `zip` (PNG slides) and `pdf` (a page per slide, LinkedIn's document posts) are made for carousels. */
export const EXPORT_TYPES = ['md', 'html', 'txt', 'srt', 'vtt', 'zip', 'pdf'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/**
 * GET /drafts/{id}/clips/{n}: clip n (from 1, in the draft's order) of a clip-hooks draft, cut from
 * its note's recording: .m4a (AAC) for a voice note, .mp4 (H.264, captions burned in) for a video.
 */
export const CLIP_NUMBER_MAX = 20;
/** GET /drafts/{id}/export?as=…[&clip=n]: `clip` (captions only) gives clip n's captions on its own clock. */
export const exportQuerySchema = z.object({
  as: z.enum(EXPORT_TYPES),
  /** A thread's posts numbered "1/N" once (the default), or `numbers=no` for none. */
  numbers: z.enum(['yes', 'no']).default('yes'),
  clip: z.coerce.number().int().min(1).max(CLIP_NUMBER_MAX).optional(),
});
export const clipParamsSchema = z.object({
  id: z.string().max(100),
  n: z.coerce.number().int().min(1).max(CLIP_NUMBER_MAX),
});
export const CLIP_NOTE_DELETED_MESSAGE =
  'The note this clip comes from was deleted, so there is no recording to cut. Its hook line is still here.';

/** A thread post's text without a counter ("1/6") the engine or the user put at its start or end. */
export const postBody = (text: string): string =>
  text
    .replace(/^\s*\(?\d{1,2}\s*\/\s*\d{1,2}\)?[\s.:-]*/, '')
    .replace(/[\s-]*\(?\d{1,2}\s*\/\s*\d{1,2}\)?\s*$/, '')
    .trim();
/** Thread post n of `count`, numbered once ("1/6 …") or not at all. */
export const numberedPost = (text: string, n: number, count: number, numbered = true): string =>
  numbered ? `${n}/${count} ${postBody(text)}` : postBody(text);

/**
 * `text` cut to at most `max` characters, only where a sentence or (failing that) a word ends, with
 * "…" when something was cut; never mid-word.
 */
export function cutAtBoundary(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const sentence = Math.max(...['. ', '! ', '? '].map((end) => room.lastIndexOf(end)));
  if (sentence >= max / 2) return clean.slice(0, sentence + 1);
  const word = room.search(/\s+\S*$/);
  return `${(word > 0 ? room.slice(0, word) : room).replace(/[\s,;:–—-]+$/, '')}…`;
}

/** The draft's paragraphs as posted: sentences of one group joined, no meta description or keywords. */
export function paragraphsOf(blocks: readonly Pick<DraftBlock, 'kind' | 'text' | 'group'>[]): string[] {
  const out: { group: number; kind: BlockKind; texts: string[] }[] = [];
  for (const block of blocks) {
    if (block.kind === 'meta' || block.kind === 'keywords' || !block.text.trim()) continue;
    const last = out.at(-1);
    if (last && block.kind === 'sentence' && last.kind === 'sentence' && last.group === block.group)
      last.texts.push(block.text);
    else out.push({ group: block.group, kind: block.kind, texts: [block.text] });
  }
  return out.map((p) => p.texts.join(' '));
}

/** A draft's card on the dashboard: its format and what it was made from ("LinkedIn post · Podcast launch"). */
export const draftCardTitle = (format: DraftFormat, noteTitles: readonly string[]): string =>
  `${DRAFT_FORMAT_LABELS[format]} · ${
    noteTitles.length === 1 ? noteTitles[0] || 'Untitled note' : `${noteTitles.length} notes`
  }`;
export const DRAFT_SUMMARY_MAX = 300;
/**
 * The first words of a draft as posted (for its dashboard card): no title, meta description,
 * keywords or thread counter; cut where a word ends.
 */
export const draftSummary = (blocks: readonly Pick<DraftBlock, 'kind' | 'text' | 'group'>[]): string =>
  cutAtBoundary(
    paragraphsOf(
      blocks
        .filter((b) => b.kind !== 'title')
        .map((b) => (b.kind === 'post' ? { ...b, text: postBody(b.text) } : b)),
    ).join(' '),
    DRAFT_SUMMARY_MAX,
  );

/**
 * What each platform's share box gets (no API keys: LinkedIn's share box, X's post intent): a blog
 * post as its title and opening paragraph; a thread as one X link per post (numbered once) and the
 * whole thread for LinkedIn; X text cut only where a sentence or word ends.
 */
export function shareLinks(
  draft: { format: DraftFormat; blocks: readonly Pick<DraftBlock, 'kind' | 'text' | 'group'>[] },
  numbered = true,
): { linkedin: string; x: string[] } {
  const posts = draft.blocks.filter((b) => b.kind === 'post');
  let linkedin: string;
  let x: string[];
  if (draft.format === 'thread') {
    x = posts.map((p, i) => numberedPost(p.text, i + 1, posts.length, numbered));
    linkedin = x.join('\n\n');
  } else if (draft.format === 'blog') {
    const title = draft.blocks.find((b) => b.kind === 'title')?.text ?? '';
    const opening = paragraphsOf(draft.blocks.filter((b) => b.kind === 'sentence'))[0] ?? '';
    linkedin = [title, opening].filter(Boolean).join('\n\n');
    x = [linkedin.replace(/\n\n/, ': ')];
  } else {
    linkedin = paragraphsOf(draft.blocks).join('\n\n');
    x = [linkedin];
  }
  return {
    linkedin: `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(linkedin.slice(0, LINKEDIN_MAX))}`,
    x: x.map(
      (text) => `https://x.com/intent/post?text=${encodeURIComponent(cutAtBoundary(text, THREAD_POST_MAX))}`,
    ),
  };
}

/**
 * Why a carousel slide's text would not fit its slide (the generator's limits: at most
 * CAROUSEL_SLIDE_MAX_WORDS words and CAROUSEL_SLIDE_MAX_CHARS characters), or null when it fits.
 * The editor shows it as the user types; saving an edit that does not fit is refused with it.
 */
export function slideFitProblem(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean).length;
  if (words > CAROUSEL_SLIDE_MAX_WORDS)
    return `${words} words; a slide holds at most ${CAROUSEL_SLIDE_MAX_WORDS}. Shorten it.`;
  const chars = [...text.trim()].length;
  if (chars > CAROUSEL_SLIDE_MAX_CHARS)
    return `${chars} characters; a slide holds at most ${CAROUSEL_SLIDE_MAX_CHARS}. Shorten it.`;
  return null;
}
