import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PublishAccount } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { boundOf, holdOf, holds } from '#tests/support/event-loop.ts';
import type { ReceivedRequest } from '#tests/support/fake-openai.ts';
import { quarterStems } from '#tests/support/hostile-text.ts';
import { eventually } from '#tests/support/studio.ts';
import {
  bsky,
  call,
  draftsOf,
  hostile,
  jobBaseline,
  llm,
  MAX,
  ordinary,
  SOLO_FORMATS,
  setUpWorstCase,
  textOf,
  timed,
  timedNote,
  timedNoteId,
} from '#tests/support/worst-case.ts';
import { BODY_LIMIT_BYTES } from '../../app.ts';
import { generateExtractive } from './engine/index.ts';

/** No hostile text stalls a note's drafts written by the job (offline or by a language model), a draft's captions exported or its publish preview (the rule and its bound: tests/support/worst-case.ts). */

setUpWorstCase();

describe('no text stalls the Studio', () => {
  it("exports a long note's captions without holding the event loop", async () => {
    const clipsOf = async (text: string) => {
      const note = await timedNote(text);
      const made = await call('POST', '/api/studio/drafts', {
        note_ids: [note.id],
        formats: ['clips'],
        engine: 'extractive',
      });
      expect(made.statusCode, made.body).toBe(202);
      const id = made.json().drafts[0].id as string;
      const draft = await eventually(async () => {
        const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
        return d.status !== 'waiting' && d.status !== 'generating' && d;
      }, 120_000);
      expect(draft.status).toBe('ready');
      return draft;
    };
    const plain = await clipsOf(ordinary.slice(0, 120_000));
    const bound = boundOf(await holdOf(() => call('GET', `/api/studio/drafts/${plain.id}/export?as=vtt`)));
    const draft = await clipsOf(quarterStems(120_000));
    const id = draft.id;
    const clips = draft.blocks.filter((b) => b.kind === 'clip').length;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('srt', 'vtt'),
        fc.option(fc.integer({ min: 1, max: clips }), { nil: undefined }),
        async (as, clip) => {
          const url = `/api/studio/drafts/${id}/export?as=${as}${clip ? `&clip=${clip}` : ''}`;
          const res = await holds(`exporting ${as} captions`, bound, () => call('GET', url));
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        },
      ),
      { numRuns: 6, seed: 33 },
    );
  }, 240_000);

  it("writes a long note's drafts in the job without holding the event loop", async () => {
    const plain = await timedNote(ordinary);
    // What the offline writer costs on this machine now: one draft of the note written here, on the
    // test's loop (a job that writes it on the loop holds the loop at least that long).
    const source = [
      {
        id: plain.id,
        sentences: plain.sentences.map((s) => ({
          id: s.id,
          text: s.text,
          filler: s.filler,
          fillers: s.fillers,
          ...(s.start_ms != null && s.end_ms != null ? { startMs: s.start_ms, endMs: s.end_ms } : {}),
        })),
      },
    ];
    const started = performance.now();
    generateExtractive(source, ['blog']);
    const writerMs = performance.now() - started;
    const drafts = await holds('writing the drafts of ordinary English', writerMs / 2, () =>
      draftsOf(plain.id, SOLO_FORMATS),
    );
    expect(drafts.map((d) => d.status)).toEqual(SOLO_FORMATS.map(() => 'ready'));
  }, 600_000);

  it("writes hostile notes' drafts in the job without holding the event loop", async () => {
    // The baseline: the drafts of ordinary English of the longest length, every format, as here.
    const plainId = await timedNoteId(ordinary);
    const measureBound = async () => boundOf(await jobBaseline(() => draftsOf(plainId, SOLO_FORMATS)));
    const bound = await measureBound();
    await fc.assert(
      fc.asyncProperty(hostile(MAX), async (shape) => {
        const created = await call('POST', '/api/studio/notes', { text: textOf(shape) });
        expect([201, 400, 413], created.body.slice(0, 200)).toContain(created.statusCode);
        if (created.statusCode !== 201) return;
        const id = await timed(created.json() as NoteDetail);
        const drafts = await holds(
          "writing a hostile note's drafts",
          bound,
          () => draftsOf(id, SOLO_FORMATS),
          measureBound,
        );
        for (const d of drafts) expect(['ready', 'failed'], d.error ?? '').toContain(d.status);
      }),
      { numRuns: 4, seed: 33 },
    );
  }, 600_000);

  it("writes a language model's drafts of hostile notes without holding the event loop", async () => {
    // The model answers a thread of the first three sentences it was given, as they were said.
    llm.chatReply = (request: ReceivedRequest) => {
      const { messages } = request.json as { messages: { content: string }[] };
      const given = messages.at(-1)!.content.split('Source sentences:\n')[1] ?? '';
      const posts = [...given.matchAll(/^(\d+)\. (.{1,250})$/gm)].slice(0, 3);
      return JSON.stringify({
        blocks: posts.map(([, n, text]) => ({ kind: 'post', text, sources: [Number(n)] })),
      });
    };
    const plainId = await timedNoteId(ordinary);
    const measureBound = async () => boundOf(await jobBaseline(() => draftsOf(plainId, ['thread'], 'llm')));
    const bound = await measureBound();
    await fc.assert(
      fc.asyncProperty(hostile(MAX), async (shape) => {
        const created = await call('POST', '/api/studio/notes', { text: textOf(shape) });
        expect([201, 400, 413], created.body.slice(0, 200)).toContain(created.statusCode);
        if (created.statusCode !== 201) return;
        const id = (created.json() as NoteDetail).id;
        const drafts = await holds(
          "writing a model's draft of a hostile note",
          bound,
          () => draftsOf(id, ['thread'], 'llm'),
          measureBound,
        );
        for (const d of drafts) expect(['ready', 'failed'], d.error ?? '').toContain(d.status);
      }),
      { numRuns: 4, seed: 33 },
    );
  }, 600_000);

  it("previews a long note's drafts for publishing without holding the event loop", async () => {
    // The longest texts a preview takes: 25 parts of up to 10,000 characters, within the body limit.
    const PART_MAX = 10_000;
    const fitted = (parts: string[]) => {
      let length = PART_MAX;
      let cut = parts;
      while (Buffer.byteLength(JSON.stringify(cut)) > BODY_LIMIT_BYTES - 2_000) {
        length = Math.floor(length * 0.9);
        cut = parts.map((p) => p.slice(0, length));
      }
      return cut;
    };
    bsky.addAccount('hostile.test', 'aaaa-bbbb-cccc-dddd');
    const connected = await call('POST', '/api/publishing/accounts/bluesky', {
      handle: 'hostile.test',
      app_password: 'aaaa-bbbb-cccc-dddd',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const account = connected.json() as PublishAccount;
    const previewed = (draftId: string, texts?: string[]) =>
      call(
        'POST',
        '/api/publishing/preview',
        JSON.stringify({
          draft_id: draftId,
          account_ids: [account.id],
          ...(texts ? { texts: { [account.id]: texts } } : {}),
        }),
      );
    const formats = ['thread', 'carousel'] as const;
    const plainDrafts = await draftsOf((await timedNote(ordinary)).id, formats);
    const ordinaryParts = fitted(
      Array.from({ length: 25 }, (_, i) => ordinary.slice(i * 10_000, (i + 1) * 10_000)),
    );
    let baseline = 0;
    for (const d of plainDrafts) {
      baseline = Math.max(baseline, await holdOf(() => previewed(d.id)));
      baseline = Math.max(baseline, await holdOf(() => previewed(d.id, ordinaryParts)));
    }
    const bound = boundOf(baseline);
    const drafts = await draftsOf((await timedNote(quarterStems(MAX))).id, formats);
    for (const d of drafts) expect(d.status).toBe('ready');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...drafts),
        fc.option(hostile(PART_MAX), { nil: undefined }),
        async (draft, shape) => {
          const parts = shape && fitted(Array.from({ length: 25 }, () => textOf(shape)));
          const res = await holds(`previewing a ${draft.format} draft`, bound, () =>
            previewed(draft.id, parts),
          );
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        },
      ),
      { numRuns: 6, seed: 33 },
    );
  }, 600_000);
});
