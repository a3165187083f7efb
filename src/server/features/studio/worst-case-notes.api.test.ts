import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type NoteDetail, STUDIO_LIMITS } from '#contract/studio.ts';
import { SENTENCE_MAX_CHARS } from '#contract/studio-corrections.ts';
import { boundOf, holdOf, holds } from '#tests/support/event-loop.ts';
import { quarterStems } from '#tests/support/hostile-text.ts';
import {
  call,
  fetched,
  hostile,
  MAX,
  ordinary,
  setUpWorstCase,
  textOf,
  timedNote,
} from '#tests/support/worst-case.ts';

/** No hostile text stalls a note created, read or corrected, or a file of posts imported (the rule and its bound: tests/support/worst-case.ts). */

setUpWorstCase();

describe('no text stalls the Studio', () => {
  it('creates notes of any shape up to the longest allowed without holding the event loop', async () => {
    const bound = boundOf(await holdOf(() => call('POST', '/api/studio/notes', { text: ordinary })));
    await fc.assert(
      fc.asyncProperty(hostile(MAX), async (shape) => {
        const text = textOf(shape);
        const res = await holds('creating a note', bound, () => call('POST', '/api/studio/notes', { text }));
        expect([201, 400, 413], res.body.slice(0, 200)).toContain(res.statusCode);
      }),
      { numRuns: 5, seed: 33 },
    );
  }, 180_000);

  it('reads notes of any shape up to the longest allowed without holding the event loop', async () => {
    // The answer holds every sentence: a hostile note has up to twenty times an ordinary one's.
    const plain = (await call('POST', '/api/studio/notes', { text: ordinary })).json() as NoteDetail;
    const bound = boundOf(await holdOf(() => fetched(`/api/studio/notes/${plain.id}`)));
    await fc.assert(
      fc.asyncProperty(hostile(MAX), async (shape) => {
        const created = await call('POST', '/api/studio/notes', { text: textOf(shape) });
        if (created.statusCode !== 201) return;
        const { id, sentences } = created.json() as NoteDetail;
        const res = await holds('reading a note', bound, () => fetched(`/api/studio/notes/${id}`));
        const text = res.body.toString('utf8');
        expect(res.statusCode, text.slice(0, 200)).toBe(200);
        expect((JSON.parse(text) as NoteDetail).sentences).toHaveLength(sentences.length);
      }),
      { numRuns: 5, seed: 33 },
    );
  }, 180_000);

  it('corrects a sentence of a long note without holding the event loop, refused or kept', async () => {
    const plain = await timedNote(ordinary);
    const middle = plain.sentences[Math.floor(plain.sentences.length / 2)]!;
    const bound = boundOf(
      await holdOf(() =>
        call('PATCH', `/api/studio/notes/${plain.id}/sentences/${middle.id}`, {
          text: 'We said this instead.',
        }),
      ),
    );
    const note = await timedNote(quarterStems(MAX));
    await fc.assert(
      fc.asyncProperty(
        hostile(SENTENCE_MAX_CHARS),
        fc.nat({ max: note.sentences.length - 1 }),
        async (shape, at) => {
          const text = textOf(shape);
          const sentence = note.sentences[at]!;
          const res = await holds('correcting a sentence', bound, () =>
            call('PATCH', `/api/studio/notes/${note.id}/sentences/${sentence.id}`, {
              text: text.trim() || 'Empty.',
            }),
          );
          expect([200, 400], res.body.slice(0, 200)).toContain(res.statusCode);
        },
      ),
      { numRuns: 5, seed: 33 },
    );
  }, 180_000);

  it('imports files of posts of any shape up to the largest allowed without holding the event loop', async () => {
    // Ordinary paragraphs up to the largest file: Fastify parses a JSON body in one go, a cost of the
    // body's size that any file of that size has.
    const max = STUDIO_LIMITS.importFileMaxBytes;
    const paragraphs = ordinary.repeat(Math.ceil(max / ordinary.length)).slice(0, max);
    const body = (filename: string, content: string) => JSON.stringify({ type: 'file', filename, content });
    const plain = body('speeches.md', paragraphs);
    const bound = boundOf(await holdOf(() => call('POST', '/api/studio/imports', plain)));
    const FILES = ['posts.csv', 'Shares.csv', 'tweets.js', 'posts.txt', 'posts.md'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostile(max),
          fc.record({
            unit: fc.constantFrom('a\n', '"a",b\n', 'a\n\n', '"', ',', 'window.YTD.tweets.part0 = [{'),
            length: fc.integer({
              min: max / 4,
              max: max,
            }),
          }),
        ),
        fc.constantFrom(...FILES),
        async (shape, filename) => {
          const payload = body(filename, textOf(shape));
          const res = await holds(`importing ${filename}`, bound, () =>
            call('POST', '/api/studio/imports', payload),
          );
          expect([201, 400, 413], res.body.slice(0, 200)).toContain(res.statusCode);
        },
      ),
      { numRuns: 6, seed: 33 },
    );
  }, 600_000);
});
