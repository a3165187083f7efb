import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Draft,
  type Format,
  linkForPlatform,
  type SourceNote,
  takeOutBanned,
} from '../extractive/index.ts';
import { splitSentences } from '../text/index.ts';
import { type ExtractiveOptions, flattenDraft, generateExtractive } from './generate.ts';

const NOTES = path.join(import.meta.dirname, '../../../../../../tests/fixtures/studio/notes');
const fixture = (name: string) => readFileSync(path.join(NOTES, `${name}.txt`), 'utf8');
const noteOf = (text: string): SourceNote => ({
  id: 'n',
  sentences: splitSentences(text).map((s, i) => ({ ...s, id: i })),
});
const FORMATS: Format[] = ['blog', 'linkedin', 'thread', 'carousel'];
function drafts(text: string, options: ExtractiveOptions = {}): Record<string, Draft> {
  return Object.fromEntries(
    generateExtractive([noteOf(text)], FORMATS, options).map((r) => {
      if (!r.ok) throw new Error(r.message);
      return [r.format, r];
    }),
  );
}
const textOf = (draft: Draft) => draft.blocks.map((b) => b.text).join('\n');

describe('calls to action fit the platform', () => {
  it('moves "link in bio" to where each platform puts a link, keeping the call to action', () => {
    expect(linkForPlatform("Book a session, link's in my bio.", 'linkedin')).toBe(
      'Book a session, link in the first comment.',
    );
    expect(linkForPlatform('The link is in my bio if you want it.', 'thread')).toBe(
      'Link in the reply below if you want it.',
    );
    expect(linkForPlatform('Grab the template, link in bio.', 'blog')).toBe('Grab the template, link below.');
    expect(linkForPlatform("Book a session, link's in my bio.", 'carousel')).toBeUndefined();
    expect(linkForPlatform('Reply and tell me what you cut.', 'linkedin')).toBeUndefined();
  });

  it('keeps the bio on Instagram, and what was said, and says where the link goes', () => {
    const all = drafts(fixture('lead-physio-knee'));
    expect(textOf(all.carousel!)).toContain("Book a session, link's in my bio.");
    for (const format of ['blog', 'linkedin', 'thread'] as const) {
      const draft = all[format]!;
      expect(textOf(draft), format).not.toMatch(/\bbio\b/);
      expect(textOf(draft), format).toMatch(
        /Book a session, link (?:in the first comment|in the reply below|below)\./,
      );
      const row = flattenDraft(draft).find((r) => r.text.startsWith('Book a session'))!;
      expect(row.said, format).toBe("Book a session, link's in my bio.");
      expect(row.origin, format).toBe('user');
    }
    expect(all.linkedin!.meta.link_goes).toBe('first comment');
    expect(all.linkedin!.blocks.at(-1)!.text).toBe('Book a session, link in the first comment.');
  });
});

describe('the LinkedIn post keeps its promise', () => {
  it("ends on the user's own question or lesson when the note has one", () => {
    const linkedin = drafts(fixture('lead-coach-salary')).linkedin!;
    const last = linkedin.blocks.at(-1)!;
    expect(last.text).toBe('What would change for you if you paid yourself like an employee?');
    expect(last.origin).toBe('user');
    expect(linkedin.meta.closing).toBeUndefined();
  });

  it('adds no question of Echo\'s after the user\'s own advice ("Work out…", "See if anyone misses it. Nobody missed mine.")', () => {
    for (const name of ['story-agency-client', 'howto-budget-three-accounts', 'story-bookshop-events']) {
      const linkedin = drafts(fixture(name)).linkedin!;
      expect(linkedin.blocks.at(-1)!.origin, name).toBe('user');
      expect(linkedin.meta.closing, name).toBeUndefined();
    }
    const note = [
      'My team has one meeting a week, on Monday, and it lasts thirty minutes.',
      'Everything else is written, and people read it before nine.',
      'When I took over the team we had eleven hours of meetings a week per person.',
      'What I cut were the status meetings, where people read out what they could have written.',
      'In a remote team your writing is how people meet you.',
      'Cut one meeting this week and write it instead. See if anyone misses it. Nobody missed mine.',
    ].join(' ');
    const [linkedin] = generateExtractive([noteOf(note)], ['linkedin']) as Draft[];
    expect(linkedin!.blocks.at(-1)!.text).toBe('Nobody missed mine.');
    expect(linkedin!.meta.closing).toBeUndefined();
  });

  it("offers Echo's question, marked as Echo's, when the note has none", () => {
    const note = [
      'We moved the studio to the old fire station on Mill Street in June.',
      'The new room has north light all day and space for twelve wheels instead of six.',
      'The kiln sits in its own room now, so classes are quieter and the glaze shelves stay cool.',
      'Parking is behind the building, and the bus stops right outside the front door.',
      'The evening classes start at seven and the Saturday ones at ten.',
      'Members keep their shelf, their tools and their glazes, and the price stays the same.',
    ].join(' ');
    const [linkedin] = generateExtractive([noteOf(note)], ['linkedin']) as Draft[];
    if (!linkedin) throw new Error('no post');
    const last = linkedin.blocks.at(-1)!;
    expect(last.kind).toBe('closing');
    expect(last.origin).toBe('echo');
    expect(last.sources).toEqual([]);
    expect(last.text).toBe('What would you add?');
    expect(linkedin.meta.closing).toBe('echo');
  });
});

describe('a banned word leaves, the sentence stays when it reads', () => {
  it('takes out the word with the filler around it', () => {
    expect(
      takeOutBanned('I ran Boston in 3:52, and honestly, the plan I used is the same.', ['honestly']),
    ).toEqual({ text: 'I ran Boston in 3:52, and the plan I used is the same.', cuts: ['honestly,'] });
    expect(takeOutBanned("Honestly, it's almost never the knee.", ['honestly'])?.text).toBe(
      "It's almost never the knee.",
    );
    expect(takeOutBanned('So the biggest client was actually our worst client.', ['actually'])?.text).toBe(
      'So the biggest client was our worst client.',
    );
    expect(takeOutBanned('The plan was, frankly, a mess.', ['frankly'])?.text).toBe('The plan was a mess.');
    expect(takeOutBanned('Launch something, honestly, launch it early.', ['honestly'])?.text).toBe(
      'Launch something, launch it early.',
    );
  });

  it('leaves a sentence that needs the word', () => {
    expect(takeOutBanned("I'm not saying meetings are evil.", ['evil'])).toBeUndefined();
    expect(takeOutBanned('We thought a binge would help.', ['binge'])).toBeUndefined();
  });

  it('keeps the hook with the word taken out, and says what left and why', () => {
    const all = drafts(fixture('lead-agency-client'), { bans: ['actually'] });
    for (const draft of Object.values(all)) {
      expect(textOf(draft), draft.format).not.toMatch(/\bactually\b/i);
      expect(draft.meta.warnings, draft.format).toBeUndefined();
    }
    expect(textOf(all.linkedin!)).toContain('the biggest client was our worst client.');
    const meetings = drafts(fixture('howto-meetings-steps'), { bans: ['evil', 'just'] });
    for (const draft of Object.values(meetings)) {
      expect(draft.meta.warnings, draft.format).toEqual([
        'Left out "I\'m not saying meetings are evil.": it uses "evil", which your settings ban.',
      ]);
      expect(textOf(draft), draft.format).not.toMatch(/\bjust\b|\bevil\b/i);
    }
    expect(textOf(meetings.linkedin!)).toContain(
      'a meeting without a decision is an expensive way to feel busy.',
    );
  });
});
