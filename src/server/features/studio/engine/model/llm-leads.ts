/**
 * The model's draft held to the lead rules the offline writer keeps (extractive/lead.ts, named.ts,
 * cta.ts): it opens on a line that stands alone (never a list item nor one that points back), no
 * carousel slide opens on a person it does not name, and "link in bio" stays on Instagram. A link
 * is moved where the platform puts it and a slide opening on "They", "He" or "She" names them as
 * the offline writer does; a lead that still breaks a rule becomes an instruction for the second try.
 */
import type { DraftFormat } from '#contract/studio-drafts.ts';
import {
  type Analysis,
  leadsBadly,
  linkForPlatform,
  namedOpening,
  PERSON_PRONOUN_AT_START,
} from '../extractive/index.ts';
import type { EngineDraft } from './types.ts';

const LEAD_KINDS = new Set(['title', 'hook']);

/** What the model's lead and slides broke, as an instruction for a second try; undefined: nothing. */
export function leadProblem(draft: EngineDraft, format: DraftFormat): string | undefined {
  const first = draft.blocks[0];
  const leads = draft.blocks.filter(
    (b) => LEAD_KINDS.has(b.kind) || (b === first && (b.kind === 'post' || b.kind === 'slide')),
  );
  const problems: string[] = [];
  const bad = leads.find((b) => leadsBadly(b.text));
  if (bad)
    problems.push(
      `the last draft opened on "${bad.text.slice(0, 80)}", a list item or a line that leans on what came before: open on their main claim or most surprising fact`,
    );
  if (format === 'carousel') {
    const leaning = draft.blocks.slice(1).find((b) => PERSON_PRONOUN_AT_START.test(b.text));
    if (leaning)
      problems.push(
        `the slide "${leaning.text.slice(0, 60)}" opens on a pronoun: name who it is, each slide is read alone`,
      );
  }
  return problems.length ? problems.join('; ') : undefined;
}

/** The draft with "link in bio" said where the format's platform puts a link (the words as said kept). */
export function withPlatformLinks(draft: EngineDraft, format: DraftFormat): EngineDraft {
  let changed = false;
  const blocks = draft.blocks.map((block) => {
    const text = linkForPlatform(block.text, format);
    if (text === undefined) return block;
    changed = true;
    return { ...block, text, said: block.said ?? block.text };
  });
  return changed ? { ...draft, blocks } : draft;
}

/**
 * A carousel's slides after the cover, each opening on "They", "He" or "She" named from the
 * sentence before it that names them (extractive/named.ts), citing that sentence too; undefined
 * when no slide changed. A slide no earlier sentence names is left for the lead check.
 */
export function withSlidesNamed(draft: EngineDraft, analysis: Analysis): EngineDraft | undefined {
  const byId = new Map(analysis.units.map((u) => [String(u.ref.sentenceId), u]));
  let changed = false;
  const blocks = draft.blocks.map((block, i) => {
    if (i === 0 || block.kind !== 'slide' || block.origin === 'guest') return block;
    if (!PERSON_PRONOUN_AT_START.test(block.text)) return block;
    const cited = block.sourceIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const first = cited.reduce<(typeof cited)[number] | undefined>(
      (a, u) => (a === undefined || u.index < a.index ? u : a),
      undefined,
    );
    if (!first) return block;
    const part = namedOpening(
      {
        text: block.text,
        sources: cited.map((u) => u.ref),
        supported: block.supported,
        ...(block.said !== undefined ? { said: block.said } : {}),
      },
      first,
      analysis,
    );
    if (part.text === block.text) return block;
    changed = true;
    return {
      ...block,
      text: part.text,
      sourceIds: part.sources.map((ref) => String(ref.sentenceId)),
      ...(part.said !== undefined ? { said: part.said } : {}),
    };
  });
  return changed ? { ...draft, blocks } : undefined;
}
