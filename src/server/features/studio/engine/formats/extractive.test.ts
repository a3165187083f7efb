import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSotu } from '#tests/support/sotu.ts';
import { segmentsOf, TRANSCRIPT } from '../__fixtures__/transcript.ts';
import type { BlogMeta, ClipMeta, Draft, Format, FormatResult, SourceNote } from '../extractive/index.ts';
import { cutAtWord, slugOf, splitToFit } from '../extractive/index.ts';
import { splitSentences, wordsOf, writtenForm } from '../text/index.ts';
import { flattenDraft, generateExtractive } from './generate.ts';

const timedNote: SourceNote = {
  id: 'n1',
  sentences: splitSentences(TRANSCRIPT, segmentsOf(TRANSCRIPT)).map((s, i) => ({ ...s, id: `s${i + 1}` })),
};
const byId = new Map(timedNote.sentences.map((s) => [s.id, s]));

function draft(format: Format, notes: SourceNote[] = [timedNote]): Draft {
  const [result] = generateExtractive(notes, [format], { byline: 'Sam Rivera' });
  if (!result!.ok) throw new Error(result!.message);
  return result as Draft;
}

function expectTraceable(result: Draft) {
  for (const block of result.blocks) {
    for (const part of block.parts) {
      if (!part.supported) {
        expect(part.sources).toEqual([]);
        continue;
      }
      if (block.kind === 'heading' && part.sources.length === 0) continue; // "Conclusion"
      expect(part.sources.length).toBeGreaterThan(0);
      // Every word of a supported part was said in its source sentences (numbers in written form).
      const said = new Set(
        part.sources.flatMap((ref) => wordsOf(writtenForm(byId.get(ref.sentenceId as string)!.text))),
      );
      for (const word of wordsOf(part.text)) expect(said, `"${word}" in "${part.text}"`).toContain(word);
    }
  }
}

describe('blog post', () => {
  const blog = draft('blog');
  const meta = blog.meta as unknown as BlogMeta;

  it('has a title, slug, meta description of at most 160 characters and keywords', () => {
    expect(blog.blocks[0]!.kind).toBe('title');
    expect(meta.title).toBe(blog.blocks[0]!.text);
    expect(meta.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(meta.slug.length).toBeLessThanOrEqual(60);
    expect(meta.description.length).toBeGreaterThan(40);
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.keywords.length).toBeGreaterThanOrEqual(3);
    expect(meta.keywords).toContain('pricing');
  });

  it('has an introduction, H2 sections, a verbatim quote and a conclusion', () => {
    const kinds = blog.blocks.map((b) => b.kind);
    expect(kinds[1]).toBe('paragraph');
    // Headings are the user's own lines or repeated key phrases: fewer, never invented.
    expect(kinds.filter((k) => k === 'heading').length).toBeGreaterThanOrEqual(2);
    expect(blog.blocks.filter((b) => b.kind === 'heading').at(-1)).toMatchObject({
      text: 'Conclusion',
      origin: 'echo',
      sources: [],
    });
    expect(kinds.at(-1)).toBe('paragraph');
    const quote = blog.blocks.find((b) => b.kind === 'quote')!;
    expect(timedNote.sentences.map((s) => s.text)).toContain(quote.text);
  });

  it("keeps the user's words, drops fillers and filler-only sentences, and traces every sentence", () => {
    const body = blog.blocks.map((b) => b.text).join('\n');
    expect(body).not.toMatch(/\b(?:um|uh|you know)\b/i);
    expect(body).not.toMatch(/\bthe the\b/);
    expect(body).not.toContain('Yeah.');
    expect(body).toContain('Pricing is a positioning problem');
    expectTraceable(blog);
    // Uses most of a short source (about 450 words) without padding it.
    expect(meta.words).toBeGreaterThan(250);
    expect(meta.words).toBeLessThanOrEqual(
      timedNote.sentences.reduce((n, s) => n + wordsOf(s.text).length, 0),
    );
  });

  it('says when a note is too short instead of padding it', () => {
    const sixty = Array.from(
      { length: 6 },
      (_, i) => `This sentence number ${i} has exactly ten words in it.`,
    ).join(' ');
    expect(wordsOf(sixty)).toHaveLength(60);
    const note = { id: 1, sentences: splitSentences(sixty).map((s, i) => ({ ...s, id: i })) };
    const [blogResult, thread] = generateExtractive([note], ['blog', 'thread']);
    expect(blogResult).toEqual({
      ok: false,
      format: 'blog',
      message: 'needs about 150 words for a blog post; this note has 60',
    });
    expect(thread!.ok).toBe(true);
    const [twoNotes] = generateExtractive([note, { ...note, id: 2 }], ['blog']);
    expect((twoNotes as { message: string }).message).toBe(
      'needs about 150 words for a blog post; these notes have 120',
    );
  });
});

describe('LinkedIn post', () => {
  const post = draft('linkedin');
  it('opens with a hook that fits before "see more", ends with the user\'s own question, within 3,000 characters', () => {
    expect(post.blocks[0]!.kind).toBe('hook');
    expect(post.blocks[0]!.text.length).toBeLessThanOrEqual(210);
    expect(post.blocks.at(-1)).toMatchObject({
      kind: 'closing',
      text: "What's the biggest pricing mistake you've made?",
      supported: true,
    });
    const text = post.blocks.map((b) => b.text).join('\n\n');
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(post.blocks.length).toBeGreaterThanOrEqual(5);
    expectTraceable(post);
  });
});

describe('X thread', () => {
  const thread = draft('thread');
  it('gives posts that fit in 280 characters with their number, split at sentence boundaries', () => {
    const n = thread.blocks.length;
    expect(n).toBeGreaterThanOrEqual(4);
    for (const block of thread.blocks) {
      expect(block.kind).toBe('post');
      // No counter in the text: the exports number the posts once ("1/8 ").
      expect(`${n}/${n} ${block.text}`.length).toBeLessThanOrEqual(280);
      expect(block.text).not.toMatch(/\d+\/\d+$/);
      expect(block.text).toMatch(/[.!?]$/);
    }
    expectTraceable(thread);
  });

  it('splits an over-long sentence at a clause or between words, never inside a word', () => {
    const long = `${'We tried everything that spring, '.repeat(6)}and in the end we simply listened to customers and wrote down exactly what they said about the product every single week.`;
    const pieces = splitToFit(long, 273);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(273);
    expect(pieces.join(' ').split(/\s+/)).toEqual(long.trim().split(/\s+/));
    const noSpaces = splitToFit('word '.repeat(100).trim(), 50);
    expect(noSpaces.every((p) => /^(?:word ?)+$/.test(p))).toBe(true);
  });
});

describe('carousel', () => {
  const slides = draft('carousel');
  it('has 5-10 slides: a title slide, one idea of at most 30 words per slide, a closing slide', () => {
    expect(slides.blocks.length).toBeGreaterThanOrEqual(5);
    expect(slides.blocks.length).toBeLessThanOrEqual(10);
    expect(slides.blocks[0]!.text).toBe(draft('blog').blocks[0]!.text);
    for (const block of slides.blocks) expect(wordsOf(block.text).length).toBeLessThanOrEqual(30);
    expect(slides.blocks.at(-1)!.kind).toBe('closing');
    expectTraceable(slides);
  });
});

describe('clip hooks', () => {
  const clips = draft('clips');
  const meta = (clips.meta as { clips: ClipMeta[] }).clips;

  it('finds 3-5 non-overlapping moments of 15-60 seconds with a hook line', () => {
    expect(meta.length).toBeGreaterThanOrEqual(3);
    expect(meta.length).toBeLessThanOrEqual(5);
    meta.forEach((clip, i) => {
      expect(clip.endMs - clip.startMs).toBeGreaterThanOrEqual(15_000);
      expect(clip.endMs - clip.startMs).toBeLessThanOrEqual(60_000);
      if (i > 0) expect(clip.startMs).toBeGreaterThanOrEqual(meta[i - 1]!.endMs);
      expect(clips.blocks.find((b) => b.id === clip.blockId)!.text).toBe(clip.hook);
    });
    expectTraceable(clips);
  });

  it('carries SRT and VTT captions timed from the clip start', () => {
    for (const clip of meta) {
      const duration = clip.endMs - clip.startMs;
      expect(clip.srt).toMatch(/^1\n00:00:00,000 --> 00:00:\d\d,\d{3}\n/);
      expect(clip.vtt.startsWith('WEBVTT\n\n00:00:00.000 --> ')).toBe(true);
      const stamps = [...clip.vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map(
        ([, h, m, s, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms),
      );
      for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThanOrEqual(stamps[i - 1]!);
      expect(stamps.at(-1)).toBeLessThanOrEqual(duration);
      expect(clip.srt.split('\n\n').length).toBe(clip.vtt.split('\n\n').length - 1);
      for (const line of clip.srt.split('\n').filter((l) => l && !/^\d+$/.test(l) && !l.includes('-->')))
        expect(line.length).toBeLessThanOrEqual(60);
    }
  });

  it('needs timings', () => {
    const untimed = {
      id: 'n2',
      sentences: timedNote.sentences.map(({ startMs: _s, endMs: _e, ...rest }) => rest),
    };
    const [result] = generateExtractive([untimed], ['clips']);
    expect(result).toEqual({
      ok: false,
      format: 'clips',
      message: 'clip hooks need a voice or video note with timings',
    });
  });
});

describe('the engine', () => {
  it('is deterministic and traces sources across several notes', () => {
    const half = Math.floor(timedNote.sentences.length / 2);
    const notes: SourceNote[] = [
      { id: 'a', sentences: timedNote.sentences.slice(0, half) },
      { id: 'b', sentences: timedNote.sentences.slice(half) },
    ];
    const first: FormatResult[] = generateExtractive(notes, [
      'blog',
      'linkedin',
      'thread',
      'carousel',
      'clips',
    ]);
    expect(generateExtractive(notes, ['blog', 'linkedin', 'thread', 'carousel', 'clips'])).toEqual(first);
    const blog = first[0] as Draft;
    const noteIds = new Set(blog.blocks.flatMap((b) => b.sources.map((s) => s.noteId)));
    expect(noteIds).toEqual(new Set(['a', 'b']));
  });

  it('cuts text and makes slugs safely', () => {
    expect(cutAtWord('a'.repeat(10), 160)).toBe('a'.repeat(10));
    const cut = cutAtWord('word '.repeat(60), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(slugOf("Pricing isn't a math problem — it's positioning!")).toBe(
      'pricing-isnt-a-math-problem-its-positioning',
    );
  });
});

describe('an unpunctuated transcript (auto captions)', () => {
  it('still gives sentences with capitals and full stops', () => {
    const raw = TRANSCRIPT.replace(/[.,!?:]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ');
    const note = {
      id: 'n3',
      sentences: splitSentences(raw, segmentsOf(raw)).map((s, i) => ({ ...s, id: i })),
    };
    const [blog, thread] = generateExtractive([note], ['blog', 'thread']);
    expect(blog!.ok && thread!.ok).toBe(true);
    for (const block of (blog as Draft).blocks.filter((b) => b.kind === 'paragraph')) {
      for (const part of block.parts) {
        expect(part.text).toMatch(/^[A-Z]/);
        expect(part.text).toMatch(/\.$/);
        expect(part.text).not.toMatch(/\bi\b/);
      }
    }
  });
});

describe('numbers in written form', () => {
  const note = readFileSync(
    new URL('../../../../../../tests/fixtures/numbers-voice-note.txt', import.meta.url),
    'utf8',
  );
  const source: SourceNote = {
    id: 'n1',
    sentences: splitSentences(note).map((s, i) => ({ ...s, id: `s${i + 1}` })),
  };
  const results = generateExtractive([source], ['blog', 'linkedin', 'thread', 'carousel'], {});

  it('every offline draft shows figures, and each edited sentence keeps what was said', () => {
    for (const result of results) {
      expect(result.ok, result.format).toBe(true);
      const rows = flattenDraft(result as Draft).filter((row) => row.origin === 'user');
      const text = rows.map((row) => row.text).join('\n');
      expect(text, result.format).toContain('42 runners');
      expect(text, result.format).not.toMatch(
        /forty-two|eighty-five dollars|three hours fifty-two|twenty twenty-six|seven thirty|sixty percent/i,
      );
      const runners = rows.find((row) => row.text.includes('42 runners'));
      expect(runners?.said, result.format).toContain('forty-two runners');
    }
  });

  it('leaves idioms as said', () => {
    const thread = (results.find((r) => r.format === 'thread') as Draft).blocks.map((b) => b.text).join(' ');
    expect(thread).toContain('Nine times out of ten');
    expect(thread).toContain('a hundred percent sure');
    expect(thread).toContain('One of them');
  });
});

describe('flattenDraft', () => {
  it('gives one row per sentence with its group and source ids', () => {
    const blog = draft('blog');
    const rows = flattenDraft(blog);
    expect(rows.slice(0, 3).map((r) => r.kind)).toEqual(['title', 'meta', 'keywords']);
    const sentences = rows.filter((r) => r.kind === 'sentence');
    const partCount = blog.blocks
      .filter((b) => b.kind === 'paragraph')
      .reduce((n, b) => n + b.parts.length, 0);
    expect(sentences).toHaveLength(partCount);
    for (const row of sentences) expect(row.sourceIds.length).toBeGreaterThan(0);
    const clipRows = flattenDraft(draft('clips'));
    for (const row of clipRows) expect(row.endMs! - row.startMs!).toBeGreaterThanOrEqual(15_000);
    expect(flattenDraft(draft('carousel')).every((r) => r.kind === 'slide')).toBe(true);
  });
});

describe('long real addresses (State of the Union texts)', () => {
  const addresses = loadSotu().filter((_, i) => i % 23 === 5);
  const notesOf = (text: string): SourceNote => ({
    id: 'n',
    sentences: splitSentences(text).map((s, i) => ({ ...s, id: i })),
  });
  const POINTING = /^(?:he|she|they|it|this|these|those|them)\b/i;

  it('never leaves a sentence that points back without the sentence it points to', () => {
    for (const { name, year, text } of addresses) {
      const note = notesOf(text);
      for (const result of generateExtractive([note], ['blog', 'linkedin'])) {
        if (!result.ok) continue;
        // The sentence it points to comes before it (a heading taken from the text counts).
        const seen = new Set<number>();
        for (const block of result.blocks) {
          for (const p of block.parts) {
            const index = Number(p.sources[0]?.sentenceId);
            if (block.kind === 'paragraph' && POINTING.test(p.text))
              expect(seen.has(index - 1), `${name} ${year} ${result.format}: "${p.text.slice(0, 60)}"`).toBe(
                true,
              );
            if (block.kind !== 'heading' || p.sources.length === 1)
              for (const ref of p.sources) seen.add(Number(ref.sentenceId));
          }
        }
      }
    }
  });

  it('gives titles that begin as sentences and headings that are phrases or lines, not verbs', () => {
    for (const { name, year, text } of addresses) {
      const [blog] = generateExtractive([notesOf(text)], ['blog']);
      if (!blog!.ok) continue;
      const title = blog.blocks.find((b) => b.kind === 'title')!.text;
      expect(title, `${name} ${year}`).toMatch(/^["'“‘(]?\p{Lu}/u);
      const keywords = (blog.meta as unknown as BlogMeta).keywords;
      for (const keyword of keywords)
        expect(keyword, `${name} ${year}`).not.toMatch(/\b(?:is|are|was|were|has|have)\b/);
    }
  });
});

describe('one analysis shared by the drafts of the same sentences', () => {
  it('writes each format the same whether its analysis is new or kept from the other formats', () => {
    // A note of its own (no other test analysed these sentences): the first format makes the analysis.
    const note: SourceNote = {
      id: 'shared',
      sentences: timedNote.sentences.map((s) => ({ ...s, id: `shared-${s.id}` })),
    };
    const formats: Format[] = ['blog', 'linkedin', 'thread', 'carousel', 'clips'];
    const alone = formats.map((format) =>
      JSON.stringify(generateExtractive([note], [format], { byline: 'Sam' })),
    );
    // Again, each after all the others used the kept analysis, and all five in one call.
    const again = formats.map((format) =>
      JSON.stringify(generateExtractive([note], [format], { byline: 'Sam' })),
    );
    expect(again).toEqual(alone);
    expect(
      generateExtractive([note], [...formats].reverse(), { byline: 'Sam' }).map((r) => JSON.stringify([r])),
    ).toEqual([...alone].reverse());
    // A banned word is part of what the analysis was made from: the kept one is not used for it.
    expect(alone[0]).toMatch(/\bpeople\b/i);
    const banned = generateExtractive([note], ['blog'], { byline: 'Sam', bans: ['people'] });
    expect(JSON.stringify(banned[0]!.ok && banned[0]!.blocks)).not.toMatch(/\bpeople\b/i);
  });
});
