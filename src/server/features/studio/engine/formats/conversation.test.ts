import { describe, expect, it } from 'vitest';
import {
  CONVERSATIONS,
  type Conversation,
  conversationNote,
  INTERVIEW,
  PANEL,
} from '#tests/fixtures/studio/conversations.ts';
import type { Draft, Format, SourceNote } from '../extractive/index.ts';
import { flattenDraft, generateExtractive } from './generate.ts';
import { NOT_A_CONVERSATION } from './shownotes.ts';
import { conversationOf } from './speakers.ts';

const FORMATS: Format[] = ['linkedin', 'thread', 'blog', 'carousel', 'clips', 'shownotes'];

function drafts(note: SourceNote): Draft[] {
  return generateExtractive([note], FORMATS, { byline: 'Sam Rivera' }).filter((d): d is Draft => d.ok);
}

/** Every block's cited speakers, by block. */
function speakersOf(note: SourceNote, draft: Draft) {
  const by = new Map(note.sentences.map((s) => [s.id, s.speaker!]));
  return draft.blocks.map((block) => ({
    block,
    speakers: [...new Set(block.sources.map((s) => by.get(String(s.sentenceId))!))],
  }));
}

describe.each(CONVERSATIONS.map((c) => [c.name, c] as [string, Conversation]))(
  '%s',
  (_name, conversation) => {
    const note = conversationNote(conversation);
    const all = drafts(note);

    it('writes every format, each saying who it speaks as', () => {
      expect(all.map((d) => d.format).sort()).toEqual([...FORMATS].sort());
      for (const draft of all) expect(draft.meta.conversation).toMatchObject({ speaks_as: conversation.me });
    });

    it("never puts a guest's words in the owner's mouth: user blocks cite only the owner", () => {
      for (const draft of all)
        for (const { block, speakers } of speakersOf(note, draft)) {
          if (block.origin === 'user')
            expect(
              speakers.every((s) => s.me),
              `${draft.format}: "${block.text}"`,
            ).toBe(true);
          if (block.origin === 'echo') expect(block.sources).toEqual([]);
        }
    });

    it('names the speaker of every guest block, in its text', () => {
      let guests = 0;
      for (const draft of all)
        for (const { block, speakers } of speakersOf(note, draft)) {
          if (block.origin !== 'guest') continue;
          guests++;
          expect(speakers).toHaveLength(1);
          expect(speakers[0]!.me).toBe(false);
          expect(block.speaker).toBe(speakers[0]!.name);
          expect(block.text).toContain(speakers[0]!.name);
          expect(block.text).toMatch(/“.+”/);
        }
      expect(guests).toBeGreaterThan(0);
    });

    it('keeps the attribution when flattened for the store', () => {
      for (const draft of all) {
        const rows = flattenDraft(draft);
        const guests = rows.filter((r) => r.origin === 'guest');
        for (const row of guests) expect(row.text).toContain(row.speaker!);
        expect(guests.map((r) => r.text)).toEqual(
          draft.blocks.filter((b) => b.origin === 'guest').map((b) => b.text),
        );
      }
    });
  },
);

describe('an interview (host Sam, guest Priya)', () => {
  const note = conversationNote(INTERVIEW);
  const priya = note.sentences.filter((s) => s.speaker!.name === 'Priya' && s.text.split(' ').length >= 4);

  it("never makes Priya's first-person answers the owner's", () => {
    for (const draft of drafts(note)) {
      const own = draft.blocks.filter((b) => b.origin === 'user');
      for (const block of own)
        for (const sentence of priya)
          expect(block.text.toLowerCase()).not.toContain(sentence.text.toLowerCase().replace(/\.$/, ''));
      // "I was a project manager", "I hired friends": only ever inside a quote of hers.
      for (const block of draft.blocks.filter((b) => /\bI (?:was|hired|knew)\b/.test(b.text)))
        expect(block.origin, block.text).toBe('guest');
    }
  });

  it('names the one guest in Echo’s introduction, never "they"', () => {
    const texts = drafts(conversationNote(INTERVIEW)).flatMap((d) =>
      d.blocks.filter((b) => b.origin === 'echo').map((b) => b.text),
    );
    expect(texts.join('\n')).toContain('in Priya’s words');
    expect(texts.join('\n')).toContain('Here is what Priya said, word for word.');
    expect(texts.join('\n')).not.toMatch(/\bthey said|their words/);
  });

  it('is an interview post when the host mostly asked: Echo introduces the guest', () => {
    const [linkedin] = generateExtractive([note], ['linkedin']);
    expect(linkedin!.ok).toBe(true);
    const post = linkedin as Draft;
    expect(post.blocks[0]).toMatchObject({ origin: 'echo', kind: 'hook' });
    expect(post.blocks[0]!.text).toContain('Priya');
    expect(post.blocks.filter((b) => b.origin === 'guest').length).toBeGreaterThanOrEqual(2);
    expect(post.blocks.some((b) => b.text.startsWith('As Priya put it: “'))).toBe(true);
  });

  it('makes show notes: the guest line, a summary, chapters with times and quotes with speaker and time', () => {
    const [result] = generateExtractive([note], ['shownotes']);
    const notes = result as Draft;
    const texts = notes.blocks.map((b) => b.text);
    expect(texts).toContain('Guest: Priya · Host: Sam');
    expect(texts.find((t) => t.startsWith('Sam talks with Priya'))).toBeTruthy();
    const chapters = notes.meta.chapters as Array<{ blockId: string; startMs?: number; title: string }>;
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    expect(chapters[0]!.startMs).toBe(0);
    for (const chapter of chapters) {
      const block = notes.blocks.find((b) => b.id === chapter.blockId)!;
      expect(block.text).toMatch(/^\d\d:\d\d /);
      // A chapter starts where a turn starts: its sentence is the first of its speaker's turn.
      const at = note.sentences.findIndex((s) => s.startMs === chapter.startMs);
      expect(at === 0 || note.sentences[at - 1]!.speaker!.name !== note.sentences[at]!.speaker!.name).toBe(
        true,
      );
    }
    const quotes = notes.blocks.filter((b) => b.kind === 'quote');
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    expect(quotes.length).toBeLessThanOrEqual(5);
    for (const quote of quotes) expect(quote.text).toMatch(/^“.+” — (?:Priya|Sam), \d\d:\d\d$/);
    // The chapter lines carry their time to the store.
    const rows = flattenDraft(notes);
    expect(rows.filter((r) => r.startMs !== undefined).length).toBeGreaterThanOrEqual(chapters.length);
  });

  it('makes chapters without times from a transcript without them', () => {
    const [result] = generateExtractive([conversationNote(INTERVIEW, { timed: false })], ['shownotes']);
    const notes = result as Draft;
    const chapters = notes.meta.chapters as Array<{ startMs?: number }>;
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    expect(chapters.every((c) => c.startMs === undefined)).toBe(true);
    for (const quote of notes.blocks.filter((b) => b.kind === 'quote'))
      expect(quote.text).not.toMatch(/\d\d:\d\d/);
  });

  it('names the speaker of a clip whose hook is a guest line', () => {
    const [result] = generateExtractive([note], ['clips']);
    for (const block of (result as Draft).blocks) {
      const speaker = note.sentences.find((s) => s.id === block.sources[0]!.sentenceId)!.speaker!;
      if (!speaker.me) expect(block).toMatchObject({ origin: 'guest', speaker: speaker.name });
      else expect(block.origin).toBe('user');
    }
  });

  it('quotes everyone when nobody is marked as the owner yet', () => {
    const unanswered = conversationNote(INTERVIEW, { me: null });
    for (const draft of drafts(unanswered)) expect(draft.blocks.every((b) => b.origin !== 'user')).toBe(true);
  });
});

describe('a panel of three (Ana is the owner)', () => {
  it("leaves out of Ana's post the lines that only answer the turn before, and those that move on", () => {
    const note = conversationNote(CONVERSATIONS.find((c) => c.name === 'panel of three')!);
    const own = drafts(note)
      .filter((d) => ['linkedin', 'thread', 'blog', 'carousel'].includes(d.format))
      .flatMap((d) => d.blocks.filter((b) => b.origin === 'user').map((b) => b.text))
      .join('\n');
    // After Kofi's "…every morning for fifteen minutes" and his paid half-day project.
    expect(own).not.toMatch(/15 minutes is fine|Fifteen minutes is fine/);
    expect(own).not.toContain('I do the same');
    // Her own statements stay.
    expect(own).toContain('In a remote team your writing is how people meet you.');
  });

  it('keeps a short line of the owner that opens a turn on something new', () => {
    const turns: Array<[string, string]> = [
      ['Lee', 'How many meetings do you have?'],
      ['Kofi', 'We meet every morning for fifteen minutes.'],
      ['Ana', 'Fifteen minutes is fine.'],
      ['Ana', 'Good. One more thing.'],
      ['Kofi', 'Deadlines slip.'],
      ['Ana', 'Budgets decide everything here.'],
    ];
    const note: SourceNote = {
      id: 'n',
      sentences: turns.map(([name, text], i) => ({
        id: String(i),
        text,
        filler: false,
        fillers: [],
        speaker: { name, me: name === 'Ana' },
      })),
    };
    const own = conversationOf([note])!.own[0]!.sentences.map((s) => s.text);
    expect(own).toEqual(['Good. One more thing.', 'Budgets decide everything here.']);
  });
});

describe('a host with two guests', () => {
  it('quotes each guest by name', () => {
    const [notes] = generateExtractive([conversationNote(PANEL)], ['shownotes']);
    const quoted = new Set((notes as Draft).blocks.filter((b) => b.origin === 'guest').map((b) => b.speaker));
    expect(quoted).toEqual(new Set(['Priya', 'Dev']));
    expect((notes as Draft).blocks.map((b) => b.text)).toContain('Guests: Priya and Dev · Host: Sam');
  });
});

describe('a solo note', () => {
  it('has no show notes and drafts as before', () => {
    const solo: SourceNote = {
      id: 'solo',
      sentences: conversationNote(INTERVIEW).sentences.map(({ speaker: _s, ...s }) => s),
    };
    const [shownotes, linkedin] = generateExtractive([solo], ['shownotes', 'linkedin']);
    expect(shownotes).toEqual({ ok: false, format: 'shownotes', message: NOT_A_CONVERSATION });
    expect(linkedin!.ok).toBe(true);
    expect((linkedin as Draft).meta.conversation).toBeUndefined();
    expect((linkedin as Draft).blocks.every((b) => b.origin !== 'guest')).toBe(true);
  });
});
