import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalysisInput } from './normalize.ts';
import { analyseWithTemplate, detectFormat, moreTwistsWithTemplate, topicOf } from './template-engine.ts';
import { VIDEO_FORMATS } from './video-formats.ts';

const input = (over: Partial<AnalysisInput> = {}): AnalysisInput => ({
  platform: 'tiktok',
  title: null,
  description: null,
  hashtags: [],
  duration: null,
  author: null,
  audio: null,
  ...over,
});

describe('template engine', () => {
  it('has at least 12 distinct formats, each with enough twists and four beats', () => {
    expect(VIDEO_FORMATS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(VIDEO_FORMATS.map((f) => f.name)).size).toBe(VIDEO_FORMATS.length);
    for (const format of VIDEO_FORMATS) {
      expect(format.twists.length).toBeGreaterThanOrEqual(5);
      expect(format.beats.map((b) => b.name)).toEqual(['Hook', 'Setup', 'Payoff', 'Call to action']);
      expect(format.beats.reduce((sum, b) => sum + b.weight, 0)).toBeCloseTo(1, 5);
    }
  });

  it.each([
    [{ title: 'POV: your coffee order is a personality test' }, 'POV'],
    [{ description: 'Top 5 reasons to wake up early' }, 'List / countdown'],
    [{ hashtags: ['glowup', 'beforeandafter'] }, 'Before / after'],
    [{ title: 'How to fold a fitted sheet', description: 'step by step' }, 'Tutorial steps'],
    [{ title: 'Storytime: the worst date ever' }, 'Storytime'],
    [{ hashtags: ['grwm'], description: 'get ready with me for my first day' }, 'Get ready with me'],
    [{ title: 'My reaction to the new iPhone', hashtags: ['reaction'] }, 'Reaction'],
    [{ title: 'I tried the 75 hard challenge' }, 'Challenge'],
    [{ title: 'Skincare myths you still believe' }, 'Myth-busting'],
    [{ title: 'A day in the life of a nurse', hashtags: ['dayinthelife'] }, 'Day in the life'],
    [{ title: 'Wait for it... the dog did WHAT', hashtags: ['waitforit'] }, '"Wait for it" reveal'],
    [{ title: 'My 1 year transformation', hashtags: ['transformation'] }, 'Transformation'],
    [{ title: 'When your boss says one more thing', hashtags: ['skit', 'comedy'] }, 'Comedy skit'],
    [{ title: 'sunset over the sea' }, 'Talking-head tip'],
  ])('recognises %o as %s', (over, name) => {
    expect(detectFormat(input(over)).name).toBe(name);
  });

  it('does not match keywords inside other words ("repovision" is not POV)', () => {
    expect(detectFormat(input({ title: 'repovision update' })).name).toBe('Talking-head tip');
  });

  it('writes numbered beats with time ranges when the duration is known', () => {
    const result = analyseWithTemplate(
      input({ title: 'POV: your coffee order is a personality test', duration: 24 }),
    );
    expect(result.engine).toBe('template');
    expect(result.format).toBe('POV');
    const lines = result.skeleton.split('\n');
    expect(lines[0]).toBe('Format: POV');
    expect(
      lines.slice(1).map((l) => /^(\d)\. (\w[\w ]*) \((\d:\d\d)-(\d:\d\d)\):/.exec(l)?.slice(1)),
    ).toEqual([
      ['1', 'Hook', '0:00', '0:04'],
      ['2', 'Setup', '0:04', '0:12'],
      ['3', 'Payoff', '0:12', '0:20'],
      ['4', 'Call to action', '0:20', '0:24'],
    ]);
    expect(result.skeleton).toContain('your coffee order is a personality test');
  });

  it('leaves time ranges out when the duration is unknown', () => {
    const result = analyseWithTemplate(input({ title: 'How to make cold brew' }));
    expect(result.skeleton.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^1\. Hook: /),
      expect.stringMatching(/^2\. Setup: /),
      expect.stringMatching(/^3\. Payoff: /),
      expect.stringMatching(/^4\. Call to action: /),
    ]);
  });

  it('gives at least 5 distinct twists, and More Ideas only adds new ones', () => {
    const base = input({ title: 'Top 3 budgeting tips', hashtags: ['money'] });
    const result = analyseWithTemplate(base);
    expect(new Set(result.twistIdeas).size).toBe(result.twistIdeas.length);
    expect(result.twistIdeas.length).toBeGreaterThanOrEqual(5);
    let ideas = [...result.twistIdeas];
    for (let round = 0; round < 20; round++) {
      const more = moreTwistsWithTemplate(base, ideas);
      expect(more.length).toBe(3);
      for (const idea of more) expect(ideas.map((i) => i.toLowerCase())).not.toContain(idea.toLowerCase());
      ideas = [...ideas, ...more];
    }
    expect(new Set(ideas).size).toBe(ideas.length);
  });

  it('is deterministic and never throws on arbitrary metadata', () => {
    fc.assert(
      fc.property(
        fc.record({
          title: fc.option(fc.string(), { nil: null }),
          description: fc.option(fc.string(), { nil: null }),
          hashtags: fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
          duration: fc.option(fc.integer({ min: 1, max: 3600 }), { nil: null }),
        }),
        (over) => {
          const a = analyseWithTemplate(input(over));
          expect(analyseWithTemplate(input(over))).toEqual(a);
          expect(a.twistIdeas.length).toBeGreaterThanOrEqual(5);
          expect(a.skeleton.split('\n')).toHaveLength(5);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes the topic from the title without hashtags, mentions or links', () => {
    expect(topicOf(input({ title: 'POV: you finally quit #fyp @friend https://x.y/z' }))).toBe(
      'you finally quit',
    );
    expect(topicOf(input({ title: '#fyp #viral', hashtags: ['fyp', 'viral', 'sourdough'] }))).toBe(
      'sourdough',
    );
    expect(topicOf(input())).toBe('this trend');
  });
});

describe('topics', () => {
  it('skips generic Instagram titles and format prefixes', () => {
    expect(
      topicOf(
        input({
          title: 'Video by glowwithnina',
          description: 'Before and after: 3 months of consistent skincare ✨ #glowup',
        }),
      ),
    ).toBe('3 months of consistent skincare');
    expect(topicOf(input({ title: 'Storytime: my landlord called. Then it got weird' }))).toBe(
      'my landlord called',
    );
  });
});
