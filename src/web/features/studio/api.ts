import { useQueryClient } from '@tanstack/react-query';
import type { NoteListItem } from '#contract/studio.ts';
import { STUDIO_API } from '#contract/studio.ts';

// What the Studio's rooms (capture/, notes/, drafts/, each with its own api.ts) share: the query
// keys, the signed-out answer, and the page's hold on the cache.
// The Studio uses the visitor session of the dashboard (docs/spec/decisions.md): its sign-in and
// frame are web/features/visitor-session.

export const json = async <T>(res: Response) => (await res.json()) as T;

export const studioKeys = {
  all: [STUDIO_API] as const,
  notes: [STUDIO_API, 'notes'] as const,
  note: (id: string) => [STUDIO_API, 'note', id] as const,
  search: (q: string) => [STUDIO_API, 'search', q] as const,
  ideas: [STUDIO_API, 'ideas'] as const,
  voice: [STUDIO_API, 'voice'] as const,
  usage: [STUDIO_API, 'usage'] as const,
};

/** Thrown when the dashboard session is gone (401): the page goes back to the sign-in steps. */
export class SignedOutError extends Error {}

export async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401) throw new SignedOutError('401: signed out');
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return json<T>(res);
}

/** An upload left unfinished this long (another tab, a closed browser) no longer keeps the page refreshing. */
const STALE_UPLOAD_MS = 10 * 60 * 1000;

/**
 * A note about to change: transcribing, uploading right now, or a recording just finished with no
 * engine to transcribe it, whose audio a worker is still putting together (it plays once `has_media`).
 */
export const isInProgress = (note: Pick<NoteListItem, 'status' | 'updated_at' | 'kind' | 'has_media'>) =>
  note.status === 'transcribing' ||
  (note.status === 'uploading' && Date.now() - Date.parse(note.updated_at) < STALE_UPLOAD_MS) ||
  (note.status === 'needs_stt' && note.kind === 'voice' && !note.has_media);

/**
 * The page's hold on the Studio cache: `refresh` after a capture that did not go through a
 * mutation here (a recording, an upload), `clear` on sign-out.
 */
export function useStudioCache() {
  const queryClient = useQueryClient();
  return {
    refresh: () => queryClient.invalidateQueries({ queryKey: studioKeys.all }),
    clear: () => queryClient.removeQueries({ queryKey: studioKeys.all }),
  };
}

/** After anything that adds, changes or removes notes: the library, ideas, voice and usage follow. */
export function useInvalidateStudio() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studioKeys.all });
}
