import { describe, expect, it } from 'vitest';
import { buildLlmMessages, type EngineInput, toEngineDraft } from './llm.ts';

/** An interview: Sam (the owner) asks, Priya answers in the first person. */
const input = (format: EngineInput['format']): EngineInput => ({
  format,
  author: 'Sam',
  sentences: [
    {
      id: 's1',
      noteId: 'n1',
      text: 'What was the hardest part of the first shop?',
      speaker: { name: 'Sam', me: true },
    },
    {
      id: 's2',
      noteId: 'n1',
      text: 'I hired friends first and that was a mistake.',
      speaker: { name: 'Priya', me: false },
    },
    {
      id: 's3',
      noteId: 'n1',
      text: 'I think every new owner should hire for the Saturday rush.',
      speaker: { name: 'Sam', me: true },
    },
  ],
  voice: { meanSentenceWords: 12, signaturePhrases: [], pinned: [], banned: [], habits: [] },
  samples: [],
});

describe('the model in a conversation', () => {
  it("marks whose each sentence is in the prompt, and says a guest's words are only quoted", () => {
    const [system, user] = buildLlmMessages(input('linkedin'));
    expect(user!.content).toContain('2. [Priya] I hired friends first');
    expect(user!.content).toContain('3. I think every new owner');
    expect(system!.content).toContain('never write them as Sam');
  });

  it("makes a block of a guest's words theirs, named, even when the model wrote it as the owner's", () => {
    const draft = toEngineDraft(
      { blocks: [{ kind: 'sentence', text: 'I hired friends first and that was a mistake.', sources: [2] }] },
      input('linkedin'),
    );
    expect(draft.blocks[0]).toMatchObject({
      origin: 'guest',
      speaker: 'Priya',
      text: 'As Priya put it: “I hired friends first and that was a mistake.”',
      supported: true,
      sourceIds: ['s2'],
    });
  });

  it('keeps an attribution the model wrote, and names the speaker on a slide', () => {
    const draft = toEngineDraft(
      {
        blocks: [
          { kind: 'slide', text: 'Title', sources: [] },
          { kind: 'slide', text: 'I hired friends first and that was a mistake.', sources: [2] },
        ],
      },
      input('carousel'),
    );
    expect(draft.blocks[1]).toMatchObject({
      origin: 'guest',
      text: '“I hired friends first and that was a mistake.” — Priya',
    });
  });

  it("never lets a guest's words pass as the owner's in a mixed block", () => {
    const draft = toEngineDraft(
      {
        blocks: [
          // The owner's words carried by their own sentence: kept, citing only it.
          { kind: 'sentence', text: 'Every new owner should hire for the Saturday rush.', sources: [2, 3] },
          // The guest's words claimed with the owner's sentence beside them: dropped.
          { kind: 'sentence', text: 'I hired friends first and that was a mistake.', sources: [2, 3] },
        ],
      },
      input('linkedin'),
    );
    expect(draft.blocks).toHaveLength(1);
    expect(draft.blocks[0]).toMatchObject({ origin: 'user', sourceIds: ['s3'] });
  });
});
