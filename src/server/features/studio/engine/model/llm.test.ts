import { describe, expect, it } from 'vitest';
import { CAROUSEL_MAX_SLIDES } from '#contract/studio-drafts.ts';
import {
  buildLlmMessages,
  type EngineInput,
  fitToPrompt,
  LLM_PROMPT_MAX_CHARS,
  llmAnswerSchema,
  toEngineDraft,
} from './llm.ts';

const input = (format: EngineInput['format']): EngineInput => ({
  format,
  author: 'Dana Lee',
  sentences: [
    {
      id: 's1',
      noteId: 'n1',
      text: 'Most freelancers never ask what the result is worth.',
      startMs: 0,
      endMs: 4000,
    },
    {
      id: 's2',
      noteId: 'n1',
      text: 'I raised my prices twice last year and lost one client.',
      startMs: 4000,
      endMs: 9000,
    },
    { id: 's3', noteId: 'n1', text: 'Pricing is a conversation, not a number.', startMs: 9000, endMs: 21000 },
  ],
  voice: {
    meanSentenceWords: 11,
    signaturePhrases: ['here is the thing'],
    pinned: [],
    banned: ['synergy'],
    habits: [],
  },
  samples: ['Here is the thing: nobody reads your rate card.'],
});
const parse = (value: unknown) => llmAnswerSchema.parse(value);

describe('LLM engine: attribute first, then check', () => {
  it('numbers the sources and states the voice, the bans and the format in a lean prompt', () => {
    const [system, user] = buildLlmMessages(input('linkedin'));
    expect(system!.content).toContain('Never use these words: synergy.');
    expect(system!.content).toContain('average 11 words');
    expect(system!.content).toContain('Write numbers as a reader expects');
    expect(user!.content).toContain('1. Most freelancers never ask');
    expect(user!.content).toContain('3. Pricing is a conversation');
    expect(user!.content).toContain('Samples of their writing');
  });

  it('keeps supported claims, marks an invented sentence unsupported and drops kinds of other formats', () => {
    const draft = toEngineDraft(
      parse({
        blocks: [
          { kind: 'hook', text: 'Most freelancers never ask what the result is worth.', sources: [1] },
          { kind: 'sentence', text: 'We closed a ten million dollar round in Berlin.', sources: [2] },
          {
            kind: 'sentence',
            text: 'I raised prices twice last year and lost one client.',
            sources: [2, 99],
          },
          { kind: 'slide', text: 'Not a LinkedIn kind', sources: [1] },
          { kind: 'cta', text: 'What is your result worth?', sources: [] },
        ],
      }),
      input('linkedin'),
    );
    expect(draft.blocks.map((b) => [b.kind, b.supported, b.sourceIds])).toEqual([
      ['hook', true, ['s1']],
      ['sentence', false, ['s2']],
      ['sentence', true, ['s2']],
      ['cta', false, []],
    ]);
  });

  it('writes the numbers a model spelt out as the offline drafts write them', () => {
    const draft = toEngineDraft(
      parse({
        blocks: [
          { kind: 'hook', text: 'I raised my prices twice last year.', sources: [2] },
          {
            kind: 'sentence',
            text: 'Forty-two clients paid eighty-five dollars an hour, one of them for three hours fifty-two.',
            sources: [2],
          },
        ],
      }),
      input('linkedin'),
    );
    expect(draft.blocks[1]!.text).toBe('42 clients paid $85 an hour, one of them for 3:52.');
  });

  it('keeps a carousel to its most slides, its closing slide last', () => {
    const slides = Array.from({ length: 40 }, (_, i) => ({
      kind: 'slide',
      text: `Slide ${i + 1}`,
      sources: [1],
    }));
    const draft = toEngineDraft(parse({ blocks: slides }), input('carousel'));
    expect(draft.blocks).toHaveLength(CAROUSEL_MAX_SLIDES);
    expect(draft.blocks[0]!.text).toBe('Slide 1');
    expect(draft.blocks.at(-1)!.text).toBe('Slide 40');
  });

  it('keeps thread posts within 280 characters, cut at a word boundary', () => {
    const long = `${'pricing conversation '.repeat(20)}end`;
    const draft = toEngineDraft(
      parse({ blocks: [{ kind: 'post', text: long, sources: [3] }] }),
      input('thread'),
    );
    const text = draft.blocks[0]!.text;
    expect(text.length).toBeLessThanOrEqual(280);
    expect(text.endsWith('…')).toBe(true);
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
    expect(text.slice(0, -1).endsWith(' ')).toBe(false);
  });

  it('times a clip from the sentences it cites', () => {
    const draft = toEngineDraft(
      parse({ blocks: [{ kind: 'clip', text: 'Pricing is a conversation.', sources: [2, 3] }] }),
      input('clips'),
    );
    expect(draft.blocks[0]).toMatchObject({ startMs: 4000, endMs: 21000, supported: true });
  });

  it('refuses an answer with no block of the format (the caller falls back)', () => {
    expect(() =>
      toEngineDraft(parse({ blocks: [{ kind: 'slide', text: 'x', sources: [1] }] }), input('thread')),
    ).toThrow(/no block/);
  });
});

describe('LLM engine: a bounded prompt', () => {
  it('keeps the best-ranked sources that fit, in their order, and leaves a short note whole', () => {
    const long = (n: number) => `Sentence ${n} ${'of a long note, '.repeat(60)}`;
    const many: EngineInput = {
      ...input('linkedin'),
      // Ranked from the last: the best are at the end of the note.
      sentences: Array.from({ length: 120 }, (_, i) => ({
        id: `s${i}`,
        noteId: 'n1',
        text: long(i),
        rank: 119 - i,
      })),
    };
    const fitted = fitToPrompt(many);
    const chars = buildLlmMessages(fitted).reduce((n, m) => n + m.content.length, 0);
    expect(chars).toBeLessThanOrEqual(LLM_PROMPT_MAX_CHARS);
    expect(fitted.sentences.length).toBeGreaterThan(10);
    expect(fitted.sentences.length).toBeLessThan(120);
    expect(fitted.sentences.map((s) => s.id)).toEqual(
      Array.from({ length: fitted.sentences.length }, (_, i) => `s${120 - fitted.sentences.length + i}`),
    );
    expect(fitToPrompt(input('linkedin')).sentences).toHaveLength(3);
  });
});
