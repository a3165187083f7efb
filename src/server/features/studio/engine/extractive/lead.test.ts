import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ExtractiveOptions, generateExtractive } from '../formats/index.ts';
import { splitSentences } from '../text/index.ts';
import { analyse, partOf, type Unit } from './analyse.ts';
import { leadFault, leadsBadly, PERSON_PRONOUN_AT_START, pointWeight } from './lead.ts';
import { namedOpening } from './named.ts';
import { atomsFor } from './plan.ts';
import type { Draft, Format, SourceNote } from './types.ts';

const NOTES = path.join(import.meta.dirname, '../../../../../../tests/fixtures/studio/notes');
const fixture = (name: string) => readFileSync(path.join(NOTES, `${name}.txt`), 'utf8');
const noteOf = (text: string): SourceNote => ({
  id: 'n',
  sentences: splitSentences(text).map((s, i) => ({ ...s, id: i })),
});
const FORMATS: Format[] = ['blog', 'linkedin', 'thread', 'carousel'];
function drafts(text: string, options: ExtractiveOptions = {}): Draft[] {
  return generateExtractive([noteOf(text)], FORMATS, options).map((r) => {
    if (!r.ok) throw new Error(r.message);
    return r;
  });
}
const unitStarting = (units: readonly Unit[], start: string) =>
  units.find((u) => u.original.startsWith(start))!;
/** What a reader reads first: a title (a blog's, a carousel's cover), a hook, a thread's first post. */
const leadOf = (draft: Draft) => draft.blocks[0]!.text;

// The physiotherapist's note without its closing advice: the point is the hip, the knee brace the myth.
const PHYSIO = fixture('lead-physio-knee')
  .replace(' So before you buy another brace, test your hips.', '')
  .replace(" Book a session, link's in my bio.", '');

describe('the point leads', () => {
  it('never a list item, a line that points back, a filler, talk about the talk, a label or a question', () => {
    const coach = analyse([noteOf(fixture('lead-coach-salary'))]).units;
    expect(leadFault(unitStarting(coach, 'Three, paying yourself'))).toBe('list item');
    expect(leadFault(unitStarting(coach, 'One, open'))).toBe('list item');
    expect(leadFault(unitStarting(coach, 'So here are the three habits'))).toBe('announces a list');
    expect(leadFault(unitStarting(coach, 'Okay so quick one today'))).toBe('about the talk');
    expect(leadFault(unitStarting(coach, 'That last one sounds boring'))).toBe('points back');
    expect(leadFault(unitStarting(coach, 'What would change for you'))).toBe('question');
    expect(leadFault(unitStarting(coach, 'Most freelancers I coach'))).toBeUndefined();
    const agency = analyse([noteOf(fixture('lead-agency-client'))]).units;
    expect(leadFault(unitStarting(agency, 'So the biggest client was'))).toBe('points back');
    expect(leadFault(unitStarting(agency, "That's when we decided"))).toBe('points back');
    expect(leadFault(unitStarting(agency, 'They took about half'))).toBe('points back');
    const labelled = analyse([
      noteOf('Coach: we moved every session to the morning and attendance doubled.'),
    ]);
    expect(leadFault(labelled.units[0]!)).toBe('speaker label');
    // A time is not something said before.
    const season = analyse([noteOf('This season forty-two runners signed up for the programme.')]);
    expect(leadFault(season.units[0]!)).toBeUndefined();
  });

  it('the claim that knocks a belief down weighs more than the belief (the hip, not the knee brace)', () => {
    const units = analyse([noteOf(PHYSIO)]).units;
    const belief = unitStarting(units, 'Everyone goes straight for the knee brace');
    const claim = unitStarting(units, 'Nine times out of ten the real problem is a weak hip');
    expect(pointWeight(claim)).toBeGreaterThan(pointWeight(belief));
    for (const draft of drafts(PHYSIO)) {
      expect(leadOf(draft), draft.format).not.toMatch(/^Everyone goes straight/);
      expect(leadsBadly(leadOf(draft)), draft.format).toBe(false);
    }
    const [blog, , , carousel] = drafts(PHYSIO);
    expect(blog!.blocks[0]!.text).toBe('Nine times out of ten the real problem is a weak hip');
    expect(carousel!.blocks[0]!.text).toBe('Nine times out of ten the real problem is a weak hip');
  });

  it('talk about the story ("This is about the client…") leads neither a hook nor a first post', () => {
    const units = analyse([noteOf(fixture('story-agency-client'))]).units;
    expect(leadFault(units[0]!)).toBe('about the talk');
    const [blog, linkedin, thread, carousel] = drafts(fixture('story-agency-client'));
    expect(linkedin!.blocks[0]!.text).toMatch(/^For six years our biggest client/);
    expect(thread!.blocks[0]!.text).toMatch(/^For six years our biggest client/);
    // As a title its rest names the story.
    expect(blog!.blocks[0]!.text).toBe('The client I almost kept forever');
    expect(carousel!.blocks[0]!.text).toBe('The client I almost kept forever');
  });

  it('a title never ends on a pointer to the line before ("do that one")', () => {
    const [blog] = drafts(fixture('howto-sleep-routine'));
    expect(blog!.blocks[0]!.text).toBe('Start with the wake-up time');
    // "…and sell that" points at its own sentence's advice.
    const [coach] = drafts(fixture('story-coach-group-program'));
    expect(coach!.blocks[0]!.text).toBe('Write down the advice you keep repeating and sell that');
  });

  it('a title does without the words before a lesson ("The point is that…")', () => {
    const [budget] = drafts(fixture('howto-budget-three-accounts'));
    expect(budget!.blocks[0]!.text).toBe('A steady salary is a decision, not a kind of job');
    const [calls] = drafts(fixture('rant-free-discovery-calls'));
    expect(calls!.blocks[0]!.text).toBe('Free calls attract people who want free things');
  });

  it('"There are three plans" says what exists; it points back to nothing', () => {
    const units = analyse([noteOf(fixture('announcement-launch-waitlist'))]).units;
    expect(unitStarting(units, 'There are three plans').roles.pointsBack).toBe(false);
  });

  it('titles, covers, hooks and first posts of every fixture note lead with a line that stands', () => {
    for (const name of [
      'lead-coach-salary',
      'lead-agency-client',
      'lead-physio-knee',
      'howto-meetings-steps',
      'story-agency-client',
      'story-newsletter-price',
      'announcement-launch-waitlist',
      'announcement-workshop-series',
    ]) {
      for (const draft of drafts(fixture(name))) {
        const lead = leadOf(draft);
        expect(leadsBadly(lead), `${name} ${draft.format}: ${lead}`).toBe(false);
        expect(lead, `${name} ${draft.format}`).not.toMatch(/^(?:quick one|three,|okay)/i);
      }
    }
  });
});

describe('every carousel slide stands alone', () => {
  it('names who "They" are from the sentence that names them, citing it', () => {
    const analysis = analyse([noteOf(fixture('lead-physio-knee'))]);
    const they = unitStarting(analysis.units, 'They spend');
    const part = namedOpening(partOf(they, false), they, analysis);
    expect(part.text).toBe(
      'Runners spend $60-70 on a brace, they wear it for a month, and the pain comes right back.',
    );
    const naming = unitStarting(analysis.units, 'Honestly, when a runner comes in');
    expect(part.sources).toEqual([they.ref, naming.ref]);
    expect(part.said).toBe(they.original);
  });

  it('names a person ("He told me" -> "Jamal told me") and a group told of in the past', () => {
    const coach = analyse([noteOf(fixture('lead-coach-salary'))]);
    const he = unitStarting(coach.units, 'He told me');
    expect(namedOpening(partOf(he, false), he, coach).text).toMatch(/^Jamal told me it was the first time/);
    const agency = analyse([noteOf(fixture('lead-agency-client'))]);
    const took = unitStarting(agency.units, 'They took about half');
    expect(namedOpening(partOf(took, false), took, agency).text).toBe(
      "Our biggest client took about half of our team's time.",
    );
    const hire = analyse([noteOf(fixture('story-first-hire'))]);
    const rui = unitStarting(hire.units, "He'd never worked");
    expect(namedOpening(partOf(rui, false), rui, hire).text).toMatch(
      /^Rui had never worked at a big company/,
    );
    const meetings = analyse([noteOf(fixture('howto-meetings-steps'))]);
    const cut = unitStarting(meetings.units, 'They cut nine meetings');
    expect(namedOpening(partOf(cut, false), cut, meetings).text).toMatch(
      /^The design team cut nine meetings/,
    );
  });

  it('names the person a story goes on with ("Three weeks later she ran" -> "...Maria ran")', () => {
    const analysis = analyse([noteOf(fixture('lead-physio-knee'))]);
    const later = unitStarting(analysis.units, 'Three weeks later');
    expect(namedOpening(partOf(later, false), later, analysis).text).toBe(
      'Three weeks later Maria ran pain-free, and she finished Boston in 3:52.',
    );
  });

  it('keeps the words that say which group ("the hospital\'s IT team", "Tired people", "Most teams")', () => {
    const opening = (name: string, start: string) => {
      const analysis = analyse([noteOf(fixture(name))]);
      const unit = unitStarting(analysis.units, start);
      return namedOpening(partOf(unit, false), unit, analysis).text;
    };
    expect(opening('interview-career-change', 'They offered me a job')).toMatch(
      /^The hospital's IT team offered me a job/,
    );
    expect(opening('rant-hustle-culture', "They don't notice")).toMatch(/^Tired people don't notice/);
    expect(opening('howto-meetings-steps', "They don't.")).toBe("Most teams don't.");
  });

  it('leaves a slide alone when nobody is named before it', () => {
    const analysis = analyse([
      noteOf('They told us the launch would slip. We shipped it anyway, two weeks late.'),
    ]);
    const part = partOf(analysis.units[0]!, false);
    expect(namedOpening(part, analysis.units[0]!, analysis)).toBe(part);
  });

  it('no slide of the fixture notes opens on a person it does not name', () => {
    for (const name of ['lead-physio-knee', 'lead-agency-client', 'lead-coach-salary', 'story-first-hire']) {
      const carousel = drafts(fixture(name)).find((d) => d.format === 'carousel')!;
      for (const slide of carousel.blocks.slice(1))
        expect(PERSON_PRONOUN_AT_START.test(slide.text), `${name}: ${slide.text}`).toBe(false);
    }
  });
});

describe('threads split at ideas', () => {
  it("a person's story stays in one post, and the advice after it opens the next", () => {
    const thread = drafts(fixture('lead-physio-knee')).find((d) => d.format === 'thread')!;
    const posts = thread.blocks.map((b) => b.text);
    const maria = posts.find((p) => p.includes('I had one client, Maria'))!;
    expect(maria).toMatch(/^I had one client, Maria/);
    expect(maria).toContain('Three weeks later she ran pain-free');
    expect(maria).not.toContain('test your hips');
    const hire = drafts(fixture('story-first-hire')).find((d) => d.format === 'thread')!;
    expect(hire.blocks.map((b) => b.text)).toContain(
      "The mistake wasn't hiring someone from Google. The mistake was hiring for a company we weren't yet.",
    );
  });

  it("a list's items each open their own post, in order, never item one beside the intro", () => {
    const thread = drafts(fixture('lead-coach-salary')).find((d) => d.format === 'thread')!;
    const posts = thread.blocks.map((b) => b.text);
    const at = (item: string) => posts.findIndex((p) => p.includes(item));
    const [one, two, three] = [at('One, open'), at('Two, send'), at('Three, paying')];
    expect(one).toBeGreaterThan(0);
    // Each item its own post (the list does not fit whole in one), in order.
    expect([two, three]).toEqual([one + 1, one + 2]);
    expect(posts[one]).toMatch(/^One, open/);
    expect(posts[one - 1]).toContain('here are the three habits');
  });

  it('named kinds ("The free plan…, The solo plan…") and "Session one…" are lists: items lead nothing', () => {
    for (const [name, first, items] of [
      ['announcement-launch-waitlist', 'The free plan', ['The free plan', 'The solo plan', 'the team plan']],
      [
        'announcement-workshop-series',
        'Session one',
        ['Session one', 'Session two', 'Session three', 'ession four'],
      ],
    ] as const) {
      const analysis = analyse([noteOf(fixture(name))]);
      const inLists = new Set(
        atomsFor(analysis)
          .filter((a) => a.list)
          .flatMap((a) => a.list!.items.flat()),
      );
      expect(leadFault(unitStarting(analysis.units, first), inLists), name).toBe('list item');
      const all = drafts(fixture(name));
      for (const draft of all)
        expect(leadOf(draft), `${name} ${draft.format}`).not.toMatch(/^(?:The free plan|Session one)/);
      const posts = all[2]!.blocks.map((b) => b.text);
      const at = items.map((item) => posts.findIndex((p) => p.includes(item)));
      expect(at.every((p) => p === at[0]) || at.every((p, i) => i === 0 || p === at[i - 1]! + 1), name).toBe(
        true,
      );
    }
  });

  it('a list that fits in one post stays in one post', () => {
    const note = readFileSync(
      path.join(import.meta.dirname, '../../../../../../tests/fixtures/numbers-voice-note.txt'),
      'utf8',
    );
    const thread = drafts(note).find((d) => d.format === 'thread')!;
    const post = thread.blocks.find((b) => b.text.includes('Three things I learned.'))!;
    expect(post.text).toMatch(/^Three things I learned\. One, .* Two, .* Three, /);
  });

  it('keeps the steps of a how-to whole or one a post', () => {
    const thread = drafts(fixture('howto-meetings-steps'), {
      bans: ['evil'],
      pins: ["here's the thing"],
    }).find((d) => d.format === 'thread')!;
    const posts = thread.blocks.map((b) => b.text);
    for (const step of ['Step one', 'Step two', 'Step three'])
      expect(
        posts.filter((p) => p.includes(step)),
        step,
      ).toHaveLength(1);
    const stepPosts = ['Step one', 'Step two', 'Step three'].map((s) =>
      posts.findIndex((p) => p.includes(s)),
    );
    expect(
      new Set(stepPosts).size === 1 || stepPosts.every((p, i) => i === 0 || p === stepPosts[i - 1]! + 1),
    ).toBe(true);
  });
});
