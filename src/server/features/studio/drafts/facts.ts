import {
  DRAFT_FACTS_KEY,
  type DraftFact,
  type DraftFormat,
  FACT_CHECKED_FORMATS,
} from '#contract/studio-drafts.ts';
import type { Config } from '../../../config.ts';
import { factsOffThread } from '../engine/index.ts';
import type { SourceSentenceRow, StoredBlock } from './repository.ts';

/**
 * A draft's fact checklist (`meta.facts`, contract `draftFactSchema`): the notes' facts, each kept
 * or left out by the draft's text, made on the analysis threads (it reads the whole note) when the
 * draft is written (either engine) and again whenever its blocks change (a save, a restore, a fact
 * put back: facts.service.ts).
 */

/** Blocks a reader of the draft sees (a blog's meta description and keywords are not its text). */
const readTexts = (blocks: readonly Pick<StoredBlock, 'kind' | 'text'>[]) =>
  blocks.filter((b) => b.kind !== 'meta' && b.kind !== 'keywords').map((b) => b.text);

/** The draft's checklist, or undefined for a format that carries none (clip hooks). */
export async function checklistOf(
  config: Config,
  format: DraftFormat,
  sentences: readonly Pick<SourceSentenceRow, 'id' | 'text' | 'filler'>[],
  blocks: readonly Pick<StoredBlock, 'kind' | 'text'>[],
): Promise<DraftFact[] | undefined> {
  if (!FACT_CHECKED_FORMATS.includes(format)) return undefined;
  const checked = await factsOffThread(config.studio.analysis, {
    sentences: sentences.map((s) => ({ id: s.id, text: s.text, filler: s.filler })),
    texts: readTexts(blocks),
  });
  return checked.map((f) => ({
    id: f.id,
    kind: f.kind,
    text: f.text,
    kept: f.kept,
    sentence_ids: f.sentenceIds,
  }));
}

/** The meta with the checklist in it (or without one, for a format that carries none). */
export function withFacts(
  meta: Record<string, unknown>,
  facts: DraftFact[] | undefined,
): Record<string, unknown> {
  const { [DRAFT_FACTS_KEY]: _old, ...rest } = meta;
  return facts ? { ...rest, [DRAFT_FACTS_KEY]: facts } : rest;
}
