import type { IdeasResponse } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { ideasView } from '../engine/index.ts';
import { ideasFingerprint, readyNotePhrases } from './voice.repository.ts';

/** Themes shown on the Ideas tab. */
export const IDEAS_LIMIT = 30;

const slug = (label: string) =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'idea';

/** Owners whose Ideas this process keeps (least recently used dropped first). */
export const IDEAS_CACHE_SIZE = 500;
const cache = new Map<string, { fingerprint: string; ideas: IdeasResponse }>();

/**
 * The themes the owner keeps coming back to: the stored key phrases of its ready notes, grouped
 * and ranked across the whole corpus by the text engine, each with the notes that mention it. An
 * Idea is a theme found in two or more notes; until then the answer says so (`message`), and a
 * library of one note gets at most three topics of that note, labelled as such.
 * Computed again only when the notes changed, not on each request from every note.
 */
export async function listIdeas(ctx: AppContext, owner: string): Promise<IdeasResponse> {
  const fingerprint = await ideasFingerprint(ctx.database.db, owner);
  const kept = cache.get(owner);
  cache.delete(owner);
  if (kept?.fingerprint === fingerprint) {
    cache.set(owner, kept);
    return kept.ideas;
  }
  const ideas = await computeIdeas(ctx, owner);
  cache.set(owner, { fingerprint, ideas });
  if (cache.size > IDEAS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return ideas;
}

async function computeIdeas(ctx: AppContext, owner: string): Promise<IdeasResponse> {
  const rows = await readyNotePhrases(ctx.database.db, owner);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const view = ideasView(
    rows.map((row) => ({ id: row.id, phrases: row.keyPhrases })),
    { limit: IDEAS_LIMIT },
  );
  const used = new Set<string>();
  return {
    based_on_notes: rows.length,
    message: view.message,
    note_topics: view.noteTopics && {
      note_id: view.noteTopics.noteId,
      label: view.noteTopics.label,
      topics: view.noteTopics.topics,
    },
    ideas: view.ideas.map((idea) => {
      let id = slug(idea.label);
      for (let i = 2; used.has(id); i++) id = `${slug(idea.label)}-${i}`;
      used.add(id);
      return {
        id,
        label: idea.label,
        phrases: idea.phrases,
        note_count: idea.notes,
        notes: idea.noteIds.map((noteId) => {
          const note = byId.get(noteId)!;
          return { id: note.id, title: note.title, created_at: note.createdAt.toISOString() };
        }),
        score: idea.score,
      };
    }),
  };
}
