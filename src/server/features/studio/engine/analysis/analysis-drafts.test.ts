import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAFT_BLOCKS_MAX } from '#contract/studio-draft-edits.ts';
import { loadSotu } from '#tests/support/sotu.ts';
import { FORMATS } from '../extractive/index.ts';
import { offlineDraft, type SourceNote } from '../formats/index.ts';
import { modelCheck, modelSources } from '../model/index.ts';
import { buildProfile, fidelityFor, noteStats } from '../style/index.ts';
import { splitSentences } from '../text/index.ts';
import { ANALYSIS_TOO_LONG_MESSAGE, AnalysisPool } from './analysis-pool.ts';
import { packNotes, unpackNotes } from './notes-transfer.ts';

/**
 * Drafts written offline on the analysis threads are the drafts the writer makes in-process, byte
 * for byte: a short voice note and a long State of the Union note, every format, with the owner's
 * settings (byline, ideas, bans, pins) and sentence times.
 */
const noteOf = (id: string, text: string, timed: boolean): SourceNote => ({
  id,
  sentences: splitSentences(text).map((s, i) => ({
    id: `${id}-${i}`,
    text: s.text,
    filler: s.filler,
    fillers: s.fillers,
    ...(timed ? { startMs: i * 1500, endMs: i * 1500 + 1400 } : {}),
  })),
});

const VOICE = readFileSync(
  new URL('../../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);
const SOTU = loadSotu()
  .map((address) => address.text)
  .join('\n\n')
  .slice(0, 200_000);

const pool = new AnalysisPool({ threads: 1, timeoutMs: 120_000 });
afterAll(() => pool.close());

describe('drafts written on the analysis threads', () => {
  it.each<[string, SourceNote[]]>([
    ['a voice note', [noteOf('voice', VOICE, true)]],
    ['a long note', [noteOf('sotu', SOTU, false)]],
  ])(
    'are the drafts written in-process, byte for byte, for %s',
    async (_name, notes) => {
      const options = {
        byline: 'Dana',
        ideas: ['pricing', 'the economy'],
        bans: ['honestly'],
        pins: ['value'],
      };
      for (const format of FORMATS) {
        const request = { notes, format, options };
        const thread = await pool.draft(request);
        const local = offlineDraft(request);
        expect(JSON.stringify(thread)).toBe(JSON.stringify(local));
        expect(thread).toStrictEqual(local);
      }
    },
    120_000,
  );

  it('fail with the time budget when they run past it', async () => {
    const tight = new AnalysisPool({ threads: 1, timeoutMs: 1 });
    try {
      await expect(
        tight.draft({ notes: [noteOf('sotu', SOTU, false)], format: 'blog', options: {} }),
      ).rejects.toMatchObject({ code: 'payload_too_large', message: ANALYSIS_TOO_LONG_MESSAGE });
    } finally {
      await tight.close();
    }
  }, 60_000);

  it("score a draft and do a model draft's text work as in-process", async () => {
    const notes = [noteOf('voice', VOICE, true), noteOf('sotu', SOTU.slice(0, 40_000), false)];
    const profile = buildProfile([noteStats(SOTU, 'written'), noteStats(VOICE, 'spoken')]);
    const settings = { notes, ideas: ['pricing'], bans: ['honestly'], pins: ['value'] };
    const sources = await pool.modelSources({ ...settings, limit: 120 });
    expect(sources).toStrictEqual(modelSources({ ...settings, limit: 120 }));
    expect(sources.length).toBe(120);
    const written = offlineDraft({ notes, format: 'linkedin', options: {} });
    if (!written.ok) throw new Error(written.message);
    const draft = { blocks: written.blocks, meta: {} };
    expect(await pool.modelCheck({ ...settings, draft })).toStrictEqual(modelCheck({ ...settings, draft }));
    const blocks = written.blocks.map((b) => ({ text: b.text, origin: b.origin, said: b.said ?? b.text }));
    for (const request of [
      { profile, register: 'spoken' as const, blocks },
      { profile, register: 'written' as const, text: blocks.map((b) => b.text).join(' ') },
    ])
      expect(await pool.fidelity(request)).toStrictEqual(fidelityFor(request));
  }, 120_000);

  it('send notes to the thread in columns that read back as sent', () => {
    const notes: SourceNote[] = [
      noteOf('voice', VOICE, true),
      {
        id: 7,
        sentences: [
          {
            id: 1,
            text: 'Um, we did it.',
            filler: false,
            fillers: [{ start: 0, end: 3 }],
            startMs: 0,
            endMs: 900,
          },
          { id: 2, text: 'Uh.', filler: true, fillers: [], speaker: { name: 'Sam', me: false } },
        ],
      },
      { id: 'empty', sentences: [] },
    ];
    expect(JSON.stringify(unpackNotes(structuredClone(packNotes(notes))))).toBe(JSON.stringify(notes));
  });

  it('stop at the blocks a draft may hold, whatever the note', async () => {
    // Thousands of sentences that each lean on the one before: the planner keeps them as one.
    const note = noteOf('hostile', 'ab. a-b\n'.repeat(25_000), false);
    const draft = await pool.draft({ notes: [note], format: 'blog', options: {} });
    if (!draft.ok) throw new Error(draft.message);
    expect(draft.blocks.length).toBeLessThanOrEqual(DRAFT_BLOCKS_MAX);
    expect((draft.meta.warnings as string[]).at(-1)).toMatch(/cut at 500 sentences/);
  }, 120_000);
});
