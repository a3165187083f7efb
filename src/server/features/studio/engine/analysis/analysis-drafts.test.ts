import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSotu } from '#tests/support/sotu.ts';
import { FORMATS } from '../extractive/index.ts';
import { offlineDraft, type SourceNote } from '../formats/index.ts';
import { splitSentences } from '../text/index.ts';
import { ANALYSIS_TOO_LONG_MESSAGE, AnalysisPool } from './analysis-pool.ts';

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
});
