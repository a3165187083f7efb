import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DRAFT_FORMATS } from '#contract/studio-drafts.ts';
import { splitSentences } from '../text/sentences.ts';
import { generateExtractive, TooShortError } from './extractive.ts';
import { readable, type SourceSentence } from './ranking.ts';

/** A real-sounding 3-minute voice note (with fillers and restarts), timed at 2.6 words a second. */
const transcript = readFileSync(
  new URL('../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);
function sentencesOf(text: string, timed = true): SourceSentence[] {
  let t = 0;
  return splitSentences(text).map((s, i) => {
    const startMs = t;
    t += Math.round((s.text.split(/\s+/).length / 2.6) * 1000);
    return {
      id: `s${i}`,
      noteId: 'n1',
      text: s.text,
      filler: s.filler,
      fillers: s.fillers,
      ...(timed ? { startMs, endMs: t } : {}),
    };
  });
}
const sentences = sentencesOf(transcript);
const byId = new Map(sentences.map((s) => [s.id, s]));
const keyPhrases = ['pricing', 'clients', 'proposal', 'result'];
const make = (format: (typeof DRAFT_FORMATS)[number], from = sentences) =>
  generateExtractive({ format, sentences: from, keyPhrases, author: 'Dana Lee' });

describe('extractive engine', () => {
  it('cleans spoken sentences for reading: fillers, leading markers and restarts out, words kept', () => {
    const at = (text: string) => readable({ text, fillers: splitSentences(text)[0]!.fillers });
    expect(at('Okay so, um, I want to talk about pricing today.')).toBe(
      'I want to talk about pricing today.',
    );
    expect(at('They just, you know, they look at what other people charge.')).toBe(
      'They look at what other people charge.',
    );
    expect(at('Look at your last three proposals.')).toBe('Look at your last three proposals.');
    expect(at('Once they tell me that, the the price almost sets itself')).toBe(
      'Once they tell me that, the price almost sets itself.',
    );
  });

  it('traces every sentence block to the source sentence whose words it keeps', () => {
    for (const format of ['blog', 'linkedin', 'thread', 'carousel'] as const) {
      for (const block of make(format).blocks) {
        if (!['sentence', 'quote', 'hook', 'slide', 'post'].includes(block.kind)) continue;
        expect(block.sourceIds.length, `${format} ${block.kind}: ${block.text}`).toBeGreaterThan(0);
        const source = block.sourceIds.map((id) => readable(byId.get(id)!)).join(' ');
        const norm = (s: string) =>
          s
            .toLowerCase()
            .replace(/[^a-z0-9 ]/g, '')
            .replace(/^and /, '');
        for (const word of norm(block.text).split(' ').filter(Boolean))
          expect(norm(source), `${format}: "${word}" of "${block.text}"`).toContain(word);
      }
    }
  });

  it('writes a blog post with a title, a slug, a meta description of at most 160 characters, keywords and H2 sections', () => {
    const draft = make('blog');
    const kinds = draft.blocks.map((b) => b.kind);
    expect(kinds[0]).toBe('title');
    expect(draft.blocks.find((b) => b.kind === 'meta')!.text.length).toBeLessThanOrEqual(160);
    expect(draft.blocks.find((b) => b.kind === 'keywords')!.text).toBe('pricing, clients, proposal, result');
    expect(kinds.filter((k) => k === 'heading').length).toBeGreaterThanOrEqual(2);
    expect(kinds).toContain('quote');
    expect(draft.meta.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(draft.meta.words).toBeGreaterThan(400);
  });

  it('keeps a LinkedIn hook within 210 characters, the post within 3,000, and closes with a question', () => {
    const draft = make('linkedin');
    expect(draft.blocks[0]!.kind).toBe('hook');
    expect(draft.blocks[0]!.text.length).toBeLessThanOrEqual(210);
    expect(draft.blocks.at(-1)!.kind).toBe('cta');
    expect(draft.blocks.at(-1)!.text.endsWith('?')).toBe(true);
    expect(draft.blocks.map((b) => b.text).join('\n\n').length).toBeLessThanOrEqual(3000);
  });

  it('splits a thread into posts of at most 280 characters with their numbers, at sentence boundaries', () => {
    const posts = make('thread').blocks;
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const [i, post] of posts.entries()) {
      expect(`${i + 1}/${posts.length} ${post.text}`.length).toBeLessThanOrEqual(280);
      expect(post.text).toMatch(/[.!?]$/);
    }
    // One over-long sentence is cut at a clause or a word boundary, never mid-word.
    const long = `${'We talked about the pricing page and the onboarding flow and the proposal template, '.repeat(5)}and that was it.`;
    const cut = make('thread', sentencesOf(`${long} ${transcript}`)).blocks;
    for (const post of cut) expect(post.text.length).toBeLessThanOrEqual(274);
    expect(cut.map((p) => p.text).join(' ')).not.toMatch(/\b\w+-\w*\s/);
  });

  it('makes 5-10 carousel slides of at most 30 words: a title slide, ideas and a closing slide', () => {
    const slides = make('carousel').blocks;
    expect(slides.length).toBeGreaterThanOrEqual(5);
    expect(slides.length).toBeLessThanOrEqual(10);
    for (const slide of slides) expect(slide.text.split(/\s+/).length).toBeLessThanOrEqual(30);
  });

  it('finds 3-5 clips of 15-60 seconds that do not overlap, with a hook line each', () => {
    const clips = make('clips').blocks;
    expect(clips.length).toBeGreaterThanOrEqual(3);
    expect(clips.length).toBeLessThanOrEqual(5);
    for (const [i, clip] of clips.entries()) {
      const seconds = (clip.endMs! - clip.startMs!) / 1000;
      expect(seconds).toBeGreaterThanOrEqual(15);
      expect(seconds).toBeLessThanOrEqual(60);
      if (i > 0) expect(clip.startMs!).toBeGreaterThanOrEqual(clips[i - 1]!.endMs!);
      expect(clip.text.length).toBeGreaterThan(10);
    }
  });

  it('says how much a format needs instead of padding a short note, and is deterministic', () => {
    const short = sentencesOf('Pricing is a conversation, not a number. I raised my prices twice last year.');
    expect(() => make('blog', short)).toThrow(
      new TooShortError('needs about 150 words for a blog post; this note has 14'),
    );
    expect(() => make('clips', sentencesOf(transcript, false))).toThrow(/needs at least 15 seconds/);
    expect(make('blog')).toEqual(make('blog'));
  });
});
