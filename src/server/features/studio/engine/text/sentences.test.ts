import { describe, expect, it } from 'vitest';
import { segmentsOf, TRANSCRIPT } from '../__fixtures__/transcript.ts';
import { markFillers, splitSentences, withoutFillers } from './sentences.ts';

const fillerWords = (text: string) =>
  markFillers(text).fillers.map((span) => text.slice(span.start, span.end));

describe('splitSentences', () => {
  it('keeps abbreviations, decimals, e-mails and URLs inside their sentences, with exact offsets', () => {
    const text =
      'Dr. Smith paid $3.50 at 5 p.m. today.  Email me at john.doe@example.com or see https://example.com/a.b?c=1. ' +
      "It's fine!\nIs it? I met Mr. J. R. Tolkien in the U.S. last year.";
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.text)).toEqual([
      'Dr. Smith paid $3.50 at 5 p.m. today.',
      'Email me at john.doe@example.com or see https://example.com/a.b?c=1.',
      "It's fine!",
      'Is it?',
      'I met Mr. J. R. Tolkien in the U.S. last year.',
    ]);
    for (const s of sentences) expect(text.slice(s.startChar, s.endChar)).toBe(s.text);
  });

  it('keeps a time zone after "a.m." in its sentence', () => {
    expect(
      splitSentences('It opens at 9 a.m. Eastern. I woke at 6 a.m. Then I ran.').map((s) => s.text),
    ).toEqual(['It opens at 9 a.m. Eastern.', 'I woke at 6 a.m.', 'Then I ran.']);
  });

  it('splits after short one-word sentences that sbd takes for abbreviations', () => {
    expect(
      splitSentences('Um. Yeah. So we built it. I met Mr. Smith. No. It is not.').map((s) => s.text),
    ).toEqual(['Um.', 'Yeah.', 'So we built it.', 'I met Mr. Smith.', 'No.', 'It is not.']);
  });

  it('takes a note of symbols alone that sbd throws on (found by the worst-case property test)', () => {
    for (const text of ['****', '  ****  ', '****\n****'])
      for (const s of splitSentences(text)) expect(text.slice(s.startChar, s.endChar)).toBe(s.text);
    expect(splitSentences('****').map((s) => s.text)).toEqual(['****']);
  });

  it('keeps odd whitespace of the original intact inside a sentence', () => {
    const text = '  First   sentence\there.   Second one!  ';
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.text)).toEqual(['First   sentence\there.', 'Second one!']);
    expect(sentences[0]!.startChar).toBe(2);
    for (const s of sentences) expect(text.slice(s.startChar, s.endChar)).toBe(s.text);
  });

  it('splits a long unpunctuated run into pieces of sensible length at discourse words', () => {
    const run =
      'so I started the company in my kitchen with almost no money and no plan at all and the first year was ' +
      'really hard because nobody knew who we were but then we found our first ten customers through a tiny ' +
      'newsletter and that changed everything for us so now we spend most of our time writing for that list ' +
      'and talking to the people who read it every week';
    const sentences = splitSentences(run);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    for (const s of sentences) {
      const words = s.text.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(5);
      expect(words).toBeLessThanOrEqual(30);
      expect(s.text).not.toMatch(/\b(?:the|a|to|of|and)$/);
      expect(run.slice(s.startChar, s.endChar)).toBe(s.text);
    }
    // Cut before a discourse word, not in the middle of a phrase.
    expect(sentences.slice(1).every((s) => /^(so|but|and|then|because|now|i|we)\b/.test(s.text))).toBe(true);
  });

  it('cuts an unpunctuated run with segments into timed pieces that do not end on "the" or "to"', () => {
    const a = 'we tried paid ads for a whole quarter and honestly it never paid back the money we put in';
    const b = 'what worked was writing one useful post every single week for the people we wanted to reach';
    const text = `${a} ${b}`;
    const sentences = splitSentences(text, [
      { startMs: 0, endMs: 6000, text: a },
      { startMs: 6000, endMs: 12_000, text: b },
    ]);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    for (const s of sentences) {
      expect(s.text.split(' ').length).toBeGreaterThanOrEqual(5);
      expect(s.text).not.toMatch(/\b(?:the|to|a|for|and)$/);
    }
    expect(sentences[0]!.startMs).toBe(0);
    expect(sentences.at(-1)!.endMs).toBe(12_000);
    expect(sentences.map((s) => s.text).join(' ')).toBe(text);
  });

  it('maps times from segments by character position, interpolating inside a segment', () => {
    const text = 'Hello there. This is a test. And here is the last one.';
    const sentences = splitSentences(text, [
      { startMs: 0, endMs: 2000, text: ' Hello there. This is a test.' },
      { startMs: 2500, endMs: 5000, text: ' And here is the last one.' },
    ]);
    expect(sentences).toHaveLength(3);
    expect(sentences[0]!.startMs).toBe(0);
    expect(sentences[0]!.endMs).toBeGreaterThan(500);
    expect(sentences[0]!.endMs).toBeLessThan(1200);
    expect(sentences[1]!.startMs).toBeGreaterThanOrEqual(sentences[0]!.endMs!);
    expect(sentences[1]!.endMs).toBe(2000);
    expect(sentences[2]).toMatchObject({ startMs: 2500, endMs: 5000 });
  });

  it('still times sentences when segment text differs from the transcript (proportional fallback)', () => {
    const text = 'Completely edited text. Nothing matches.';
    const sentences = splitSentences(text, [{ startMs: 1000, endMs: 3000, text: 'zzz qqq' }]);
    expect(sentences[0]!.startMs).toBe(1000);
    expect(sentences[1]!.endMs).toBe(3000);
  });

  it('splits a real transcript with offsets and monotonic times from its segments', () => {
    const segments = segmentsOf(TRANSCRIPT);
    const sentences = splitSentences(TRANSCRIPT, segments);
    expect(sentences.length).toBeGreaterThan(40);
    let last = -1;
    for (const s of sentences) {
      expect(TRANSCRIPT.slice(s.startChar, s.endChar)).toBe(s.text);
      expect(s.startMs).toBeGreaterThanOrEqual(last);
      expect(s.endMs).toBeGreaterThanOrEqual(s.startMs!);
      last = s.startMs!;
    }
    expect(sentences.at(-1)!.endMs).toBe(segments.at(-1)!.endMs);
    expect(sentences.filter((s) => s.filler).map((s) => s.text)).toEqual(['Um.', 'Yeah.']);
  });

  it('has no times without segments and handles empty text', () => {
    expect(splitSentences('One. Two.')[0]!.startMs).toBeUndefined();
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n  ')).toEqual([]);
  });
});

describe('filler marking', () => {
  it('marks um, uh, erm and immediate repeats without touching the text', () => {
    const text = 'So um I think the the main thing is, uh, pricing erm yes.';
    expect(fillerWords(text)).toEqual(['um', 'the ', 'uh', 'erm']);
    const [sentence] = splitSentences(text);
    expect(sentence!.text).toBe(text);
    expect(sentence!.filler).toBe(false);
  });

  it('marks "you know" and "I mean" only as fillers, not as verbs', () => {
    expect(fillerWords('And, you know, it worked.')).toEqual(['you know']);
    expect(fillerWords('It worked, you know?')).toEqual(['you know']);
    expect(fillerWords('You know what I did next?')).toEqual([]);
    expect(fillerWords('Do you know the answer?')).toEqual([]);
    expect(fillerWords('I mean, it was fine.')).toEqual(['I mean']);
    expect(fillerWords('I mean it when I say that.')).toEqual([]);
    expect(fillerWords("That's not what I mean.")).toEqual([]);
  });

  it('marks "like" only in filler positions', () => {
    expect(fillerWords('It was, like, five hours.')).toEqual(['like']);
    expect(fillerWords('Like, nobody told us.')).toEqual(['Like']);
    expect(fillerWords('I like this plan.')).toEqual([]);
    expect(fillerWords('It works like a charm.')).toEqual([]);
    expect(fillerWords('The things I like, honestly, are small.')).toEqual([]);
  });

  it('marks a repeated pair and keeps legitimate repeats', () => {
    expect(fillerWords('I was I was going to call you.')).toEqual(['I was ']);
    expect(fillerWords('She had had enough.')).toEqual([]);
    expect(fillerWords('It is very very good.')).toEqual([]);
  });

  it('flags sentences that are nothing but filler or an abandoned start', () => {
    expect(markFillers('Um, uh.').filler).toBe(true);
    expect(markFillers('Yeah. ').filler).toBe(true);
    expect(markFillers('So, you know.').filler).toBe(true);
    expect(markFillers('And then we—').filler).toBe(true);
    expect(markFillers('We shipped it on Friday.').filler).toBe(false);
    expect(markFillers('No.').filler).toBe(false);
  });

  it('withoutFillers gives readable text', () => {
    const text = 'So, um, I think the the main thing is, you know, pricing.';
    expect(withoutFillers({ text, fillers: markFillers(text).fillers })).toBe(
      'So, I think the main thing is, pricing.',
    );
    const text3 = 'If um, we agree, the uh, way it works is fine.';
    expect(withoutFillers({ text: text3, fillers: markFillers(text3).fillers })).toBe(
      'If we agree, the way it works is fine.',
    );
    const text2 = 'Um, we shipped it.';
    expect(withoutFillers({ text: text2, fillers: markFillers(text2).fillers })).toBe('We shipped it.');
  });
});
