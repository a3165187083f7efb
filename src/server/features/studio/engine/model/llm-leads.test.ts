import { describe, expect, it } from 'vitest';
import type { EngineBlock, EngineDraft } from './llm.ts';
import { leadProblem, withPlatformLinks } from './llm-leads.ts';

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
});
