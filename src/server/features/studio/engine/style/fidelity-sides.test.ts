import { describe, expect, it } from 'vitest';
import { TRANSCRIPT } from '../__fixtures__/transcript.ts';
import { splitSentences } from '../text/index.ts';
import type { FidelityBlock } from './fidelity.ts';
import { scoreDraftFidelity, scoreFidelity } from './fidelity-score.ts';
import { fidelityFor, scoreFaithful } from './fidelity-sides.ts';
import { buildProfile, noteStats } from './profile.ts';

const sentences = splitSentences(TRANSCRIPT).map((s) => s.text);
const half = Math.floor(sentences.length / 2);
const profile = buildProfile([noteStats(sentences.slice(0, half).join(' '), 'spoken')]);
const others = buildProfile([noteStats(sentences.slice(half).join(' '), 'spoken')]);
const blocks: FidelityBlock[] = [
  { text: 'What this note is about', origin: 'echo' },
  ...sentences.slice(half, half + 6).map((said, i) => ({
    // Some blocks cut or added to, one moved, so every side has something to say.
    text: i % 2 ? said.split(' ').slice(1).join(' ') : `${said} Really.`,
    said,
    positions: [i === 3 ? 0 : i + 1],
  })),
];
const text = blocks
  .filter((b) => b.origin !== 'echo')
  .map((b) => b.text)
  .join(' ');

describe('a draft scored in its sides, the text read once', () => {
  it('answers as each side scored on its own', () => {
    // "sounds like you" against the score's own profile (the owner's other notes), and another.
    for (const voice of [others, profile]) {
      const scored = fidelityFor({ profile: others, register: 'spoken', blocks, others: voice });
      const both = scoreDraftFidelity(blocks, others, 'spoken')!;
      const alone = scoreFidelity(text, voice, 'spoken');
      expect(scored).toStrictEqual({
        score: Math.round(both.score),
        reasons: both.reasons,
        faithful: scoreFaithful(blocks),
        voice: { score: Math.round(alone.score), reasons: alone.reasons },
      });
    }
    const plain = fidelityFor({ profile, register: 'spoken', text, others: null });
    const alone = scoreFidelity(text, profile, 'spoken');
    expect(plain).toStrictEqual({ score: Math.round(alone.score), reasons: alone.reasons, voice: null });
  });
});
