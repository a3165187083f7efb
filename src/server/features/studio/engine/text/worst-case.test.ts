/**
 * The text analysis is linear in the length of the text: the longest note Studio takes
 * (STUDIO_LIMITS.textMaxChars) is analysed within a fixed budget whatever its shape — one letter
 * repeated, spaces between two letters, dots, long tokens, unicode, fillers, mixed. Before the fix
 * a 200,000-character note of one letter took 126 s and one of spaces 88 s (quadratic regular
 * expressions in wink-nlp's abbreviation test and in the filler clean-up). The budget is 3 s of CPU,
 * or 5 times what ordinary English of the same length takes on a slower machine (about 0.6 s).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import { loadSotu } from '#tests/support/sotu.ts';
import { noteStats } from '../style/index.ts';
import { RootIndex } from './containment.ts';
import { ideasOf, keyPhrases } from './keyphrases.ts';
import { splitSentences, type TranscriptSegment } from './sentences.ts';
import { countWords, hash32 } from './tokens.ts';

const MAX = STUDIO_LIMITS.textMaxChars;
/** CPU time one note of MAX characters may take through the whole analysis, at least. */
const MIN_BUDGET_MS = 3_000;
/** ...or this many times the time of ordinary English of MAX characters, on a slower machine. */
const ORDINARY_FACTOR = 5;
let budgetMs = MIN_BUDGET_MS;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** What a note's analysis runs (analyseText in the studio feature): every text-engine entry point. */
function analyse(text: string, segments?: TranscriptSegment[]) {
  const sentences = splitSentences(text, segments);
  noteStats(text, segments ? 'spoken' : 'written');
  keyPhrases(sentences, 12);
  countWords(text);
  return sentences;
}

/** CPU milliseconds of one analysis. */
function timed(text: string, segments?: TranscriptSegment[]): number {
  const started = cpuMs();
  analyse(text, segments);
  return cpuMs() - started;
}

/** `unit` repeated to exactly `length` characters (surrogate pairs may be cut at the end: fine). */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Segments of about `words` words each, as speech-to-text returns them. */
function segmentsOf(text: string, words: number): TranscriptSegment[] {
  const all = text.split(/(?<=\s)(?=\S)/);
  const out: TranscriptSegment[] = [];
  for (let i = 0; i < all.length; i += words) {
    out.push({ startMs: i * 400, endMs: (i + words) * 400, text: all.slice(i, i + words).join('') });
  }
  return out;
}

const ADVERSARIAL: Record<string, string> = {
  'one letter': fill('a', MAX),
  'spaces between two letters': `a${' '.repeat(MAX - 2)}b`,
  'spaces then a comma': `a${' '.repeat(MAX - 3)},b`,
  dots: fill('.', MAX),
  'letter and dot': fill('a.', MAX),
  'letter, dot, space': fill('a. ', MAX),
  'capitalised short words': fill('Yeah. ', MAX),
  'hyphenated token': fill('ab1-', MAX),
  'apostrophes in a token': fill("a'", MAX),
  'dashes and spaces': fill(' -', MAX),
  'commas and spaces': fill(', ', MAX),
  'line breaks': `a${'\n'.repeat(MAX - 2)}b`,
  'blank paragraphs': fill('\n \n', MAX),
  'tabs and non-breaking spaces': fill('\t\u00a0', MAX),
  'ideographic spaces': fill('a\u3000', MAX),
  'accented letters': fill('é', MAX),
  emoji: fill('😀', MAX),
  'question marks and quotes': fill('?"', MAX),
  'one long word then text': `${fill('x', MAX / 2)} ${fill('the pricing page works. ', MAX / 2 - 1)}`,
  fillers: fill('um, you know, like, I mean, the the ', MAX),
  'words without punctuation': fill('so we ship the pricing page ', MAX),
  'long urls': fill(`https://example.com/${'a'.repeat(200)} `, MAX),
};

describe('text analysis worst case', () => {
  beforeAll(() => {
    // Loads the part-of-speech model and compiles once, outside the measured runs.
    const ordinary = loadSotu()
      .map((address) => address.text)
      .join('\n\n')
      .slice(0, MAX);
    const ordinaryMs = Math.min(timed(ordinary), timed(ordinary));
    budgetMs = Math.max(MIN_BUDGET_MS, ORDINARY_FACTOR * ordinaryMs);
  }, 60_000);

  for (const [name, text] of Object.entries(ADVERSARIAL)) {
    it(`${name}: ${text.length.toLocaleString('en')} characters within the budget`, () => {
      expect(text.length).toBeLessThanOrEqual(MAX);
      expect(timed(text)).toBeLessThan(budgetMs);
    });
  }

  it('a transcript of that shape with speech-to-text segments stays within the budget', () => {
    const text = fill('um so the the pricing page, you know ', MAX);
    expect(timed(text, segmentsOf(text, 5))).toBeLessThan(budgetMs);
  });

  it('random mixes of dangerous pieces up to the size limit stay within the budget', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'a',
        ' ',
        '  ',
        '.',
        'a.',
        ', ',
        "'",
        '-',
        '—',
        '…',
        '...',
        '\n',
        '\t',
        '?',
        '!',
        '"',
        '(',
        ')',
        'é',
        'ﬁ',
        '😀',
        '\u00a0',
        '\u2028',
        'um ',
        'you know ',
        'like, ',
        'I mean ',
        'the ',
        'Mr. ',
        'Aa. ',
        'a-',
        "a'",
        '#a',
        '@a',
        'http://a.b/',
        '1.5',
        'A',
      ),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
    );
    const note = fc.record({
      pieces: fc.array(piece, { minLength: 1, maxLength: 4 }),
      length: fc.oneof(fc.constant(MAX), fc.integer({ min: 1, max: MAX })),
      interleave: fc.boolean(),
      segmented: fc.boolean(),
    });
    fc.assert(
      fc.property(note, ({ pieces, length, interleave, segmented }) => {
        const units = pieces.map((p) => (p.length > 0 ? p : 'a'));
        const text = interleave
          ? fill(units.join(''), length)
          : units
              .map((unit) => fill(unit, Math.ceil(length / units.length)))
              .join('')
              .slice(0, length);
        const ms = timed(text, segmented ? segmentsOf(text, 7) : undefined);
        expect(ms, `${JSON.stringify(units)} x ${length}`).toBeLessThan(budgetMs);
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});

describe('ideas over a large corpus', () => {
  it('13,000 notes of 12 key phrases each are grouped within the budget', () => {
    // Key phrases of 1-4 words over 4,000 made-up words: about 150,000 distinct themes.
    const word = (n: number) => `w${(hash32(String(n)) % 4000).toString(36)}`;
    const notes = Array.from({ length: 13_000 }, (_, id) => ({
      id,
      phrases: Array.from({ length: 12 }, (_, k) => {
        const seed = id * 12 + k;
        const length = 1 + (hash32(`l${seed}`) % 4);
        const words = Array.from({ length }, (_, w) => word(seed * 4 + w));
        return { phrase: words.join(' '), score: 1 + (seed % 7) };
      }),
    }));
    const started = cpuMs();
    const ideas = ideasOf(notes);
    expect(cpuMs() - started).toBeLessThan(MIN_BUDGET_MS);
    expect(ideas.length).toBeGreaterThan(0);
  });

  it('finds the same parent as comparing a group with every root', () => {
    type G = { key: string[]; notes: { size: number } };
    const group = fc.record({
      key: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1, maxLength: 5 }),
      notes: fc.record({ size: fc.integer({ min: 1, max: 4 }) }),
    });
    fc.assert(
      fc.property(
        fc.array(group, { maxLength: 40 }),
        fc.array(group, { minLength: 1, maxLength: 10 }),
        (roots, groups) => {
          const index = new RootIndex<G>();
          for (const root of roots) index.add(root);
          for (const g of groups) {
            let expected: G | undefined;
            for (const root of roots) {
              if (root.key.length >= g.key.length) continue;
              if (!root.key.every((s) => g.key.includes(s))) continue;
              if (root.notes.size < g.notes.size) continue;
              if (!expected || root.notes.size > expected.notes.size) expected = root;
            }
            expect(index.parentOf(g)).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
