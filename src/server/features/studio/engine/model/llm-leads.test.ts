import { describe, expect, it } from 'vitest';
import { analyse } from '../extractive/index.ts';
import type { EngineBlock, EngineDraft } from './llm.ts';
import { leadProblem, withPlatformLinks, withSlidesNamed } from './llm-leads.ts';

const block = (kind: EngineBlock['kind'], text: string): EngineBlock => ({
  kind,
  text,
  group: 0,
  sourceIds: ['1'],
  supported: true,
});
const draftOf = (...blocks: EngineBlock[]): EngineDraft => ({ blocks, meta: {} });

describe("the model's draft keeps the lead rules", () => {
  it('asks again when the lead is a list item or points back, or a slide opens on a pronoun', () => {
    expect(
      leadProblem(draftOf(block('title', 'Three, paying yourself a salary'), block('sentence', 'x')), 'blog'),
    ).toMatch(/list item or a line that leans/);
    expect(
      leadProblem(draftOf(block('hook', 'So the biggest client was our worst client.')), 'linkedin'),
    ).toMatch(/main claim/);
    expect(
      leadProblem(
        draftOf(
          block('slide', 'It is almost never the knee'),
          block('slide', 'They spend $60-70 on a brace.'),
        ),
        'carousel',
      ),
    ).toMatch(/opens on a pronoun: name who it is/);
    expect(
      leadProblem(
        draftOf(
          block('slide', 'The real problem is a weak hip'),
          block('slide', 'Runners spend $60-70 on a brace.'),
        ),
        'carousel',
      ),
    ).toBeUndefined();
  });

  it('moves "link in bio" where the platform puts links, keeping what was said', () => {
    const linkedin = withPlatformLinks(
      draftOf(block('cta', "Book a session, link's in my bio.")),
      'linkedin',
    );
    expect(linkedin.blocks[0]).toMatchObject({
      text: 'Book a session, link in the first comment.',
      said: "Book a session, link's in my bio.",
    });
    const carousel = draftOf(block('slide', "Book a session, link's in my bio."));
    expect(withPlatformLinks(carousel, 'carousel')).toBe(carousel);
  });

  it('names who a slide opening on "They" means, from the sentence that names them, without asking again', () => {
    const note = [
      'Nine times out of ten the real problem is a weak hip.',
      'When a runner comes in with knee pain, the first thing they want is a brace.',
      'They spend sixty, seventy dollars on a brace.',
    ];
    const analysis = analyse([
      { id: 'n', sentences: note.map((text, i) => ({ id: `s${i}`, text, filler: false, fillers: [] })) },
    ]);
    const slide = (text: string, id: string): EngineBlock => ({ ...block('slide', text), sourceIds: [id] });
    const named = withSlidesNamed(
      draftOf(slide('The real problem is a weak hip.', 's0'), slide('They spend $60-70 on a brace.', 's2')),
      analysis,
    )!;
    expect(named.blocks[1]).toMatchObject({
      text: 'Runners spend $60-70 on a brace.',
      sourceIds: ['s2', 's1'],
      said: 'They spend sixty, seventy dollars on a brace.',
    });
    expect(leadProblem(named, 'carousel')).toBeUndefined();
    // The cover and slides that name their person are left as they are.
    expect(withSlidesNamed(draftOf(slide('They spend $60-70 on a brace.', 's2')), analysis)).toBeUndefined();
  });
});
