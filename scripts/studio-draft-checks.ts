import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spokenTranscript } from '../bench/studio-extractive.ts';
import {
  analyse,
  atomsFor,
  type Draft,
  type Format,
  factChecklist,
  leadsBadly,
  PERSON_PRONOUN_AT_START,
  POINTS_BACK_AT_START,
  subjectPronounOf,
} from '../src/server/features/studio/engine/extractive/index.ts';
import { generateExtractive, type SourceNote } from '../src/server/features/studio/engine/formats/index.ts';
import { scoreDraftFidelity, type VoiceProfile } from '../src/server/features/studio/engine/style/index.ts';
import { splitSentences, writtenForm } from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';

/**
 * What `npm run eval` (scripts/studio-eval.ts) checks in each offline draft of each note: its
 * lists, facts, spoken numbers, openers, leads, slides, Echo's share of words and voice score; and
 * the notes it reads (tests/fixtures/studio/notes, two long State of the Union texts).
 */

export const DIR = path.join(import.meta.dirname, '../tests/fixtures/studio/notes');
export const FORMATS: Format[] = ['blog', 'linkedin', 'thread', 'carousel'];
export const FACT_TARGET: Partial<Record<Format, number>> = {
  blog: 1,
  linkedin: 0.9,
  thread: 0.9,
  carousel: 0.8,
};
/** "So, um", "Okay", "Here's the thing": what a written post would not open with ("So I made..." may). */
const FILLER_OPENER =
  /^(?:so,|um\b|uh\b|okay\b|ok\b|well,|like,|you know\b|honestly\b|here's the thing\b|anyway\b|right,|now,)/i;

export interface Source {
  name: string;
  text: string;
  segments?: ReturnType<typeof spokenTranscript>['segments'];
  lists?: string[][];
  settings?: { bans?: string[]; pins?: string[] };
}

export function sources(): Source[] {
  const lists = JSON.parse(readFileSync(path.join(DIR, 'lists.json'), 'utf8')) as Record<string, string[][]>;
  const settings = JSON.parse(readFileSync(path.join(DIR, 'settings.json'), 'utf8')) as Record<
    string,
    { bans?: string[]; pins?: string[] }
  >;
  const notes: Source[] = readdirSync(DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.txt$/, ''),
      text: readFileSync(path.join(DIR, file), 'utf8'),
      lists: lists[file] ?? [],
      ...(settings[file] ? { settings: settings[file] } : {}),
    }));
  const spoken = spokenTranscript();
  const obama = loadSotu().find((a) => a.year === 2010)!;
  return [
    ...notes,
    { name: 'sotu-1995-spoken (10k words)', text: spoken.text, segments: spoken.segments },
    { name: `sotu-2010 (${obama.text.split(/\s+/).length} words)`, text: obama.text },
  ];
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface Row {
  note: string;
  format: Format;
  lists: string;
  listsOk: boolean;
  facts: number;
  factCount: number;
  leftOut: string[];
  spokenNumbers: number;
  badOpeners: string[];
  echo: number;
  fidelity: number | null;
  words: number;
  /** Leads (title, cover, hook, first post) that are a list item or point back. */
  badLeads: string[];
  /** Slides opening on a person named only elsewhere ("They spend…"). */
  leaningSlides: string[];
  /** Thread lists neither in one post nor one item a post, in order. */
  splitLists: number;
}

export function evaluate(source: Source, profile: VoiceProfile): Row[] {
  const note: SourceNote = {
    id: 'n',
    sentences: splitSentences(source.text, source.segments).map((s, i) => ({ ...s, id: i })),
  };
  const analysis = analyse([note], [], source.settings ?? {});
  const units = analysis.units;
  // Expected lists as sentence indexes: by hand for the notes, the engine's own for long texts.
  const annotated = source.lists !== undefined;
  const lists: number[][] = annotated
    ? source.lists!.map((list) =>
        list.map((prefix) => {
          const found = units.find((u) => u.original.toLowerCase().startsWith(prefix.toLowerCase()));
          if (!found) throw new Error(`${source.name}: no sentence starts with "${prefix}"`);
          return found.index;
        }),
      )
    : atomsFor(analysis)
        .filter((a) => a.list)
        .map((a) => a.units.map((u) => u.index));
  const pins = source.settings?.pins ?? [];
  const results = generateExtractive([note], FORMATS, { bans: source.settings?.bans ?? [], pins });
  return results.map((result, i) => {
    const format = FORMATS[i]!;
    if (!result.ok)
      return {
        note: source.name,
        format,
        lists: result.message,
        listsOk: true,
        facts: 0,
        factCount: 0,
        leftOut: [],
        spokenNumbers: 0,
        badOpeners: [],
        echo: 0,
        fidelity: null,
        words: 0,
        badLeads: [],
        leaningSlides: [],
        splitLists: 0,
      };
    const draft = result as Draft;
    const body = draft.blocks.filter((b) => b.kind !== 'title');
    const shown = new Set(body.flatMap((b) => b.sources.map((s) => Number(s.sentenceId))));
    const whole = lists.filter((list) => list.every((i) => shown.has(i)) || list.every((i) => !shown.has(i)));
    const text = body.map((b) => b.text).join('\n');
    // The checklist as the product computes it: the notes' facts against every block's text.
    const checklist = factChecklist(
      note.sentences,
      draft.blocks.map((b) => b.text),
    );
    const kept = checklist.filter((f) => f.kept).length / Math.max(1, checklist.length);
    // Openers: the first sentence of every post, slide, hook and paragraph.
    const badOpeners: string[] = [];
    const seen = new Set<number>();
    let previous = '';
    for (const block of draft.blocks) {
      const first = block.parts[0];
      const index = first?.sources.length === 1 ? Number(first.sources[0]!.sentenceId) : undefined;
      if (first && block.origin === 'user' && block.kind !== 'title') {
        const leading = block === body[0] || ['post', 'slide', 'hook'].includes(block.kind);
        const pinned = pins.some((pin) => first.text.toLowerCase().includes(pin.toLowerCase()));
        if (leading && FILLER_OPENER.test(first.text) && !pinned) badOpeners.push(first.text);
        else if (
          index &&
          POINTS_BACK_AT_START.test(first.text) &&
          !seen.has(index - 1) &&
          // "They had 22 meetings." ... "They cut nine.": the same subject as the sentence shown before.
          !(subjectPronounOf(first.text) && subjectPronounOf(first.text) === subjectPronounOf(previous))
        )
          badOpeners.push(first.text);
      }
      for (const ref of block.sources) seen.add(Number(ref.sentenceId));
      if (block.kind !== 'title') previous = block.parts.at(-1)?.text ?? previous;
    }
    const userText = draft.blocks
      .filter((b) => b.origin === 'user' && !['title', 'heading'].includes(b.kind))
      .map((b) => b.text)
      .join(' ');
    return {
      note: source.name,
      format,
      lists: `${whole.length}/${lists.length}${annotated ? '' : '*'}`,
      listsOk: whole.length === lists.length,
      facts: kept,
      factCount: checklist.length,
      leftOut: checklist.filter((f) => !f.kept).map((f) => `${f.kind}: ${f.text}`),
      spokenNumbers: spokenNumbersIn(text),
      badOpeners,
      echo: Number(draft.meta.echo_share ?? 0),
      // Scored as the product scores an offline draft: style x what Echo cut, moved or added.
      fidelity: userText ? draftScore(draft, note, profile) : null,
      words: wordsOf(text),
      badLeads: badLeads(draft),
      splitLists: splitLists(
        draft,
        lists.map((list) => (units[list[0]!]!.roles.announces > 0 ? list.slice(1) : list)),
      ),
      leaningSlides: leaningSlides(draft),
    };
  });
}

/** What a reader reads first: the title (a blog's, a carousel's cover), the hook, a thread's first post. */
function badLeads(draft: Draft): string[] {
  const first = draft.blocks[0];
  const leads = draft.blocks.filter(
    (b) => b.kind === 'title' || b.kind === 'hook' || (b === first && ['post', 'slide'].includes(b.kind)),
  );
  return leads.map((b) => b.text).filter(leadsBadly);
}

/** A thread's lists whose items are neither in one post nor one a post in order (item one with the intro, two and three together). */
function splitLists(draft: Draft, lists: number[][]): number {
  if (draft.format !== 'thread') return 0;
  const postOf = (sentence: number) =>
    draft.blocks.findIndex((b) => b.sources.some((s) => Number(s.sentenceId) === sentence));
  return lists.filter((items) => {
    const posts = items.map(postOf).filter((p) => p >= 0);
    if (posts.length < 2) return false;
    const together = posts.every((p) => p === posts[0]);
    const apart = posts.every((p, i) => i === 0 || p > posts[i - 1]!);
    return !together && !apart;
  }).length;
}

/** Carousel slides past the cover whose first words are a person the slide does not name. */
function leaningSlides(draft: Draft): string[] {
  if (draft.format !== 'carousel') return [];
  return draft.blocks
    .slice(1)
    .map((b) => b.text)
    .filter((text) => PERSON_PRONOUN_AT_START.test(text));
}

/** The draft's voice score with each block's words as said and where they came from. */
export function draftScore(draft: Draft, note: SourceNote, profile: VoiceProfile): number | null {
  const texts = note.sentences.map((s) => s.text);
  const scored = scoreDraftFidelity(
    draft.blocks.map((b) => {
      const positions = b.sources.map((ref) => Number(ref.sentenceId));
      return {
        text: b.text,
        origin: ['title', 'heading', 'meta', 'keywords'].includes(b.kind) ? ('echo' as const) : b.origin,
        said: b.said ?? positions.map((i) => texts[i] ?? '').join(' '),
        positions,
      };
    }),
    profile,
    'spoken',
  );
  return scored ? Math.round(scored.score) : null;
}

/** Numbers a draft says in words where the written form would give a figure ("forty-two runners"). */
function spokenNumbersIn(text: string): number {
  const figures = (t: string) => (t.match(/\d[\d,.:]*/g) ?? []).length;
  return Math.max(0, figures(writtenForm(text)) - figures(text));
}
