import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ExtractiveOptions, flattenDraft, generateExtractive } from '../formats/index.ts';
import { markFillers, splitSentences, wordsOf, writtenForm } from '../text/index.ts';
import { factsOf } from './analyse.ts';
import { editSentence, shortenAtClause } from './edit.ts';
import { POINTS_BACK_AT_START } from './roles.ts';
import type { Draft, Format, SourceNote } from './types.ts';

const NOTES = path.join(import.meta.dirname, '../../../../../../tests/fixtures/studio/notes');
const fixture = (name: string) => readFileSync(path.join(NOTES, `${name}.txt`), 'utf8');
const noteOf = (text: string): SourceNote => ({
  id: 'n',
  sentences: splitSentences(text).map((s, i) => ({ ...s, id: i })),
});
const TEXT_FORMATS: Format[] = ['blog', 'linkedin', 'thread', 'carousel'];

function drafts(text: string, options: ExtractiveOptions = {}): Draft[] {
  return generateExtractive([noteOf(text)], TEXT_FORMATS, options).map((r) => {
    if (!r.ok) throw new Error(r.message);
    return r;
  });
}
const body = (draft: Draft) => draft.blocks.filter((b) => b.kind !== 'title');
const textOf = (draft: Draft) =>
  body(draft)
    .map((b) => b.text)
    .join('\n');
/** The source sentences a draft shows (the title aside), in the order it shows them. */
const shownIds = (draft: Draft) =>
  body(draft).flatMap((b) => b.parts.flatMap((p) => p.sources.map((s) => Number(s.sentenceId))));

// A small note written for these tests: a story with a list of three, figures and a lesson.
const STORY = [
  'So, um, I want to tell you how we fixed our onboarding, because it took us a year to see the problem.',
  'Our trial was fourteen days and only 6 percent of people ever paid.',
  'That looked normal at the time, right?',
  'But here is what we found when we called forty customers.',
  'Nobody had finished the setup.',
  'So we changed three things.',
  'The first thing was cutting the setup from nine steps to two.',
  'The second thing was a welcome call with Amara, our support lead, on day one.',
  'The third thing was an email on day three with one question in it.',
  'Within two months paid conversion went from 6 percent to 19 percent.',
  'Our revenue in Lisbon alone doubled.',
  'The support team spent far less time answering the same setup questions every single morning.',
  'If you run a trial, honestly, watch what people do on day one and fix that first.',
  'Tell me what your day one looks like.',
].join(' ');
const LIST = [5, 6, 7, 8];

describe('lists are units', () => {
  const all = drafts(STORY);

  it('keeps a list whole and in order, with its announcement, or leaves it out whole', () => {
    for (const draft of all) {
      const shown = shownIds(draft);
      const kept = LIST.filter((i) => shown.includes(i));
      expect(kept.length === 0 || kept.length === LIST.length, `${draft.format}: ${kept}`).toBe(true);
      if (kept.length > 0) {
        const positions = LIST.map((i) => shown.indexOf(i));
        expect(positions, draft.format).toEqual([...positions].sort((a, b) => a - b));
      }
    }
    // The blog, LinkedIn post and thread of a short note keep it.
    for (const draft of all.slice(0, 3)) expect(shownIds(draft)).toEqual(expect.arrayContaining(LIST));
  });

  it('never shows an announcement without what it announces', () => {
    const text =
      'So I made two mistakes. The first mistake was hiring too early. The second was pricing too low.';
    const padding =
      'We had a great first year with our customers in Leeds, and the team grew from three people to eleven. Sales doubled and we opened a second office. ';
    for (const draft of drafts(`${padding.repeat(3)}${text} ${padding.repeat(2)}`)) {
      const shown = new Set(shownIds(draft));
      const announcement = 6;
      if (shown.has(announcement))
        expect(
          [7, 8].every((i) => shown.has(i)),
          draft.format,
        ).toBe(true);
    }
  });

  it('treats parallel sentences after "What we did after that is simple." as one list', () => {
    const note = fixture('story-podcast-launch');
    const list = ['What we did after that', 'We re-recorded', 'We switched', 'And we asked every guest'];
    const sentences = noteOf(note).sentences;
    const ids = list.map((start) => sentences.findIndex((s) => s.text.startsWith(start)));
    for (const draft of drafts(note)) {
      const shown = shownIds(draft);
      const kept = ids.filter((i) => shown.includes(i));
      expect(kept.length === 0 || kept.length === ids.length, draft.format).toBe(true);
    }
  });
});

describe('roles, not salience', () => {
  const [blog, linkedin, thread, carousel] = drafts(STORY);

  it("opens on the note's own opening, never on a list item or a line that points back", () => {
    expect(linkedin!.blocks[0]!).toMatchObject({ kind: 'hook', origin: 'user' });
    expect(linkedin!.blocks[0]!.text).toBe(
      'I want to tell you how we fixed our onboarding, because it took us a year to see the problem.',
    );
    expect(thread!.blocks[0]!.text).toBe(linkedin!.blocks[0]!.text);
  });

  it("ends on the user's own call to action, never on Echo's question", () => {
    for (const draft of [linkedin!, thread!, carousel!]) {
      const last = draft.blocks.at(-1)!;
      expect(last.text, draft.format).toBe('Tell me what your day one looks like.');
      expect(last.origin).toBe('user');
    }
    for (const draft of [blog!, linkedin!, thread!, carousel!])
      expect(textOf(draft)).not.toMatch(/What do you think\?|What would you add\?/);
  });

  it('keeps the point of the story (its lesson) in every format', () => {
    for (const draft of [blog!, linkedin!, thread!])
      expect(textOf(draft), draft.format).toContain('watch what people do on day one and fix that first');
    // The carousel's title is the lesson.
    expect(carousel!.blocks[0]!.text).toBe('Watch what people do on day one and fix that first');
  });

  it("never shows a story's setup without its outcome, nor the outcome without its setup", () => {
    // "Last spring I worked with Priya ... They had twenty-two recurring meetings a week." is the
    // setup; "When we fixed it, ... They cut nine meetings ..." its outcome, which points back to it.
    const note = fixture('howto-meetings-steps');
    for (const draft of drafts(note)) {
      const text = textOf(draft);
      const setup = text.includes('Priya Natarajan');
      // A carousel slide names who "They" are ("The design team cut nine meetings", named.ts).
      const outcome = text.includes('cut nine meetings');
      expect(setup, `${draft.format}: setup ${setup}, outcome ${outcome}`).toBe(outcome);
    }
    // The rule underneath: an opening time clause on a pronoun leans on what came before.
    expect(POINTS_BACK_AT_START.test("When we fixed it, it wasn't with some fancy app.")).toBe(true);
    expect(POINTS_BACK_AT_START.test('Once I tried that, everything changed.')).toBe(true);
    expect(POINTS_BACK_AT_START.test('When we launched in 2020 we charged nine dollars.')).toBe(false);
    expect(POINTS_BACK_AT_START.test('When a client asks me what I charge, I ask.')).toBe(false);
  });

  it("condenses a carousel's long story to its opening and figures rather than dropping it", () => {
    // The meetings note's list takes four slides; the Priya story (80 words) does not fit whole
    // beside it. Condensed, it keeps who, the 22 meetings and the outcome, in the user's words (its
    // numbers in written form).
    const carousel = drafts(fixture('howto-meetings-steps')).find((d) => d.format === 'carousel')!;
    const text = textOf(carousel);
    for (const fact of ['Priya Natarajan', '14', '22', 'The design team cut nine meetings', 'six hours'])
      expect(text, fact).toContain(fact);
    // Left out between them: the spreadsheet aside, whose sentences lean on each other, not on "They".
    expect(text).not.toContain('When we fixed it');
    expect(text).not.toContain('It was a spreadsheet');
    // A passage whose figures cannot all be kept in two slides stays whole (the planner decides).
    const firstHire = drafts(fixture('story-first-hire')).find((d) => d.format === 'carousel')!;
    expect(textOf(firstHire)).toContain('€40,000');
    expect(factsOf('They had twenty-two meetings and forty-one calls, a one-off.')).toEqual([
      'twenty-two',
      'forty-one',
    ]);
  });

  it('keeps the figures and names a reader remembers', () => {
    for (const draft of [blog!, linkedin!, thread!]) {
      const text = textOf(draft);
      for (const fact of ['14', '6%', '19%', 'Amara', 'Lisbon', '40'])
        expect(text, `${draft.format}: ${fact}`).toContain(fact);
    }
  });

  it('does not bake "1/6" counters into thread posts (exports number them)', () => {
    for (const post of thread!.blocks) expect(post.text).not.toMatch(/\d+\/\d+\s*$/);
    expect(thread!.meta.posts).toBe(thread!.blocks.length);
  });
});

describe('light, traceable editing', () => {
  it('cuts fillers, markers, tag questions, asides and restarts, and records each cut', () => {
    const cases: [string, string, string[]][] = [
      ['So, um, I want to share what happened.', 'I want to share what happened.', ['um', 'So,']],
      ['That felt smart at the time, right?', 'That felt smart at the time.', [', right?']],
      [
        'If you are about to launch something, honestly, launch it early.',
        'If you are about to launch something, launch it early.',
        ['honestly,'],
      ],
      [
        'By episode five the first four just, they sounded stiff.',
        'By episode five the first four sounded stiff.',
        ['just, they'],
      ],
      ["But here's the thing, nobody tells you that.", 'Nobody tells you that.', ["But here's the thing,"]],
      ['Now, this is the part people skip.', 'This is the part people skip.', ['Now,']],
      ['They just, they look at the price.', 'They look at the price.', ['just, they']],
      ['We shipped late, we shipped broken.', 'We shipped late, we shipped broken.', []],
    ];
    for (const [said, written, cuts] of cases) {
      const edited = editSentence({ text: said, fillers: markFillers(said).fillers });
      expect(edited.text).toBe(written);
      expect(edited.cuts).toEqual(cuts);
    }
  });

  it('never adds a word, and keeps the sentence as said on every edited block', () => {
    for (const draft of drafts(fixture('story-podcast-launch'))) {
      for (const row of flattenDraft(draft)) {
        if (row.origin !== 'user' || row.kind === 'meta') continue;
        const said = row.said ?? row.text;
        // Numbers may be in written form ("$85" for "eighty-five dollars"): no other word is new.
        for (const word of wordsOf(row.text))
          expect(wordsOf(writtenForm(said)), `"${row.text}"`).toContain(word);
        if (row.said) expect(row.said).not.toBe(row.text);
      }
    }
    const [linkedin] = generateExtractive([noteOf(fixture('story-podcast-launch'))], ['linkedin']);
    const rows = flattenDraft(linkedin as Draft);
    expect(rows.find((r) => r.text.startsWith('Nobody tells you'))).toMatchObject({
      said: "But here's the thing, nobody tells you that the first episodes are practice.",
      origin: 'user',
    });
  });

  it('never cuts a pinned phrase', () => {
    const said = "Here's the thing, most teams think they have a time problem.";
    expect(editSentence({ text: said, fillers: [] }, { pins: ["here's the thing"] })).toEqual({
      text: said,
      cuts: [],
    });
  });

  it('does not take "fixed it, it wasn\'t" for a restart', () => {
    const said = "When we fixed it, it wasn't with some fancy productivity app.";
    expect(markFillers(said).fillers).toEqual([]);
    expect(editSentence({ text: said, fillers: markFillers(said).fillers }).text).toBe(said);
    // A real restart still goes: "we, we went".
    expect(markFillers('And then we, we went home.').fillers).toHaveLength(1);
  });

  it('shortens an over-long sentence at a clause boundary, recording the cut', () => {
    const long =
      'We recorded twelve episodes in a single month before anyone had heard one of them, which in hindsight was the whole problem with the launch plan we had written.';
    expect(shortenAtClause(long, 20)).toEqual({
      text: 'We recorded twelve episodes in a single month before anyone had heard one of them.',
      cuts: ['which in hindsight was the whole problem with the launch plan we had written.'],
    });
    expect(shortenAtClause('Short enough.', 20)).toEqual({ text: 'Short enough.', cuts: [] });
  });
});

describe("Echo's words and the user's settings", () => {
  it("marks Echo's blocks as Echo's (no sources) and reports their share", () => {
    for (const draft of drafts(fixture('howto-meetings-steps'))) {
      for (const block of draft.blocks) {
        if (block.origin === 'echo') expect(block.sources).toEqual([]);
        else expect(block.sources.length).toBeGreaterThan(0);
      }
      expect(draft.meta.echo_share).toBeLessThan(0.05);
    }
    const blog = flattenDraft(drafts(STORY)[0]!);
    expect(blog.find((r) => r.kind === 'keywords')).toMatchObject({ origin: 'echo', sourceIds: [] });
  });

  it('names nobody on the closing slide without a byline, and the byline when given', () => {
    // No call to action and no lesson at the end: the closing slide is Echo's.
    const text = STORY.slice(0, STORY.indexOf(' If you run a trial'));
    const closingOf = (options: ExtractiveOptions) =>
      (generateExtractive([noteOf(text)], ['carousel'], options)[0] as Draft).blocks.at(-1)!;
    expect(closingOf({})).toMatchObject({ origin: 'echo', text: 'Save this for later.', sources: [] });
    expect(closingOf({ byline: '@dana' }).text).toBe('Follow @dana for more.');
  });

  it('never shows a banned word, says what it left out, and prefers pinned phrases', () => {
    const note = fixture('howto-meetings-steps');
    const all = drafts(note, { bans: ['evil'], pins: ["here's the thing"] });
    for (const draft of all) {
      expect(draft.blocks.map((b) => b.text).join(' ')).not.toMatch(/\bevil\b/i);
      expect(draft.meta.warnings).toEqual([
        'Left out "I\'m not saying meetings are evil.": it uses "evil", which your settings ban.',
      ]);
    }
    expect(all.some((d) => /here's the thing/i.test(textOf(d)))).toBe(true);
    // Without the pin, the lead-in is cut as filler.
    expect(drafts(note).some((d) => /here's the thing/i.test(textOf(d)))).toBe(false);
  });

  it('leaves out a whole list when one of its items uses a banned word, and what leans on it', () => {
    for (const draft of drafts(fixture('story-podcast-launch'), { bans: ['binge'] })) {
      const text = draft.blocks.map((b) => b.text).join(' ');
      for (const gone of ['binge', 'I made two mistakes', 'The first mistake', "It didn't."])
        expect(text, draft.format).not.toContain(gone);
      expect(text, draft.format).toContain('downloads');
    }
  });

  it('keeps her own ending and her point, with steps in order', () => {
    const [blog, linkedin] = drafts(fixture('howto-meetings-steps'));
    expect(linkedin!.blocks.at(-1)!.text).toBe('Try it this week and tell me what you cut.');
    expect(textOf(linkedin!)).toContain('They have a decision problem.');
    const text = textOf(linkedin!);
    expect(text.indexOf('Step one')).toBeLessThan(text.indexOf('Step two'));
    expect(text.indexOf('Step two')).toBeLessThan(text.indexOf('Step three'));
    expect(linkedin!.blocks[0]!.text).not.toMatch(/^Step/);
    expect(blog!.blocks[0]!.text).not.toMatch(/^Step/);
    expect(textOf(blog!)).toContain("When we fixed it, it wasn't with some fancy productivity app.");
  });
});
