import { auc, excerptOf } from '../bench/studio-fidelity.ts';
import type { Draft, Format } from '../src/server/features/studio/engine/extractive/index.ts';
import { generateExtractive, type SourceNote } from '../src/server/features/studio/engine/formats/index.ts';
import { buildProfile, noteStats } from '../src/server/features/studio/engine/style/index.ts';
import { splitSentences } from '../src/server/features/studio/engine/text/index.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { draftScore, FORMATS, type Source } from './studio-draft-checks.ts';
import { printTable } from './table.ts';

/**
 * The voice across several hands (`npm run eval`): the notes of one hand and five presidents'
 * State of the Union excerpts; every draft of each creator's note scored against that creator's
 * profile of their other notes (own) and against every other creator's profile (other).
 */
export function printVoiceEval(oneHand: Source[]): void {
  const VOICES = ['Ronald Reagan', 'William J Clinton', 'George W Bush', 'Barack Obama', 'Donald J Trump'];
  const NOTES_PER_VOICE = 4;
  interface Creator {
    name: string;
    notes: Source[];
  }
  const addresses = loadSotu();
  const creators: Creator[] = [
    { name: 'the notes above (one hand)', notes: oneHand },
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
  printTable(voiceHeader, voiceTable);
}
