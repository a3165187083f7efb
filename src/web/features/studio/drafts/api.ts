import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteDetail } from '#contract/studio.ts';
import { STUDIO_API } from '#contract/studio.ts';
import type { DraftVersion, UpdateDraft } from '#contract/studio-draft-edits.ts';
import { type CreateDrafts, DRAFT_REFRESH_MS, type Draft, type ExportType } from '#contract/studio-drafts.ts';
import type { Capabilities } from '#contract/system.ts';
import { apiRequest } from '#web/lib/api.ts';
import { get, json, SignedOutError, studioKeys } from '../api.ts';

export type CreateDraftsInput = Pick<CreateDrafts, 'note_ids' | 'formats'> & {
  engine?: CreateDrafts['engine'];
};

export const draftKeys = {
  ofNote: (noteId: string) => [STUDIO_API, 'drafts', 'note', noteId] as const,
  draft: (id: string) => [STUDIO_API, 'draft', id] as const,
  versions: (id: string) => [STUDIO_API, 'draft', id, 'versions'] as const,
};
export const isWriting = (draft: Pick<Draft, 'status'>) =>
  draft.status === 'waiting' || draft.status === 'generating';
/** A draft as a file; with `clip` (from 1), that clip's captions alone, timed from its start. */
export const draftExportUrl = (id: string, as: ExportType, clip?: number, numbered = true) =>
  `${STUDIO_API}/drafts/${id}/export?as=${as}${clip ? `&clip=${clip}` : ''}${numbered ? '' : '&numbers=no'}`;
/** Clip n (from 1) of a clip-hooks draft, cut from its note's recording by the server. */
export const draftClipUrl = (id: string, n: number) => `${STUDIO_API}/drafts/${id}/clips/${n}`;

export function useDraftsOfNote(noteId: string) {
  return useQuery({
    queryKey: draftKeys.ofNote(noteId),
    queryFn: () => get<{ drafts: Draft[] }>(`${STUDIO_API}/drafts?note_id=${encodeURIComponent(noteId)}`),
    refetchInterval: (query) => (query.state.data?.drafts.some(isWriting) ? DRAFT_REFRESH_MS : false),
  });
}

export function useDraft(id: string) {
  return useQuery({
    queryKey: draftKeys.draft(id),
    queryFn: () => get<Draft>(`${STUDIO_API}/drafts/${id}`),
    refetchInterval: (query) => (query.state.data && isWriting(query.state.data) ? DRAFT_REFRESH_MS : false),
    retry: (count, error) => !(error instanceof SignedOutError) && count < 2,
  });
}

/** The notes a draft was made from (its sources), each with its sentences. */
export function useSourceNotes(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: studioKeys.note(id),
      queryFn: () => get<NoteDetail>(`${STUDIO_API}/notes/${id}`),
      retry: false,
    })),
  });
}

export function useCreateDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateDraftsInput) =>
      json<{ drafts: Draft[] }>(await apiRequest('POST', `${STUDIO_API}/drafts`, input)),
    onSuccess: (_data, input) => {
      for (const id of input.note_ids) queryClient.invalidateQueries({ queryKey: draftKeys.ofNote(id) });
    },
  });
}

function useDraftMutation<T>(request: (input: T) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => json<Draft>(await request(input)),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftKeys.draft(draft.id), draft);
      // Every save, regeneration and restore keeps the draft as it was.
      queryClient.invalidateQueries({ queryKey: draftKeys.versions(draft.id) });
      for (const id of draft.note_ids) queryClient.invalidateQueries({ queryKey: draftKeys.ofNote(id) });
      // A saved edit can become a written sample of the voice.
      queryClient.invalidateQueries({ queryKey: studioKeys.notes });
      queryClient.invalidateQueries({ queryKey: studioKeys.voice });
    },
  });
}

export const useSaveDraft = (id: string) =>
  useDraftMutation((input: UpdateDraft) => apiRequest('PUT', `${STUDIO_API}/drafts/${id}`, input));

export const useRegenerateDraft = (id: string) =>
  useDraftMutation((blockId: string | undefined) =>
    apiRequest('POST', `${STUDIO_API}/drafts/${id}/regenerate`, blockId ? { block_id: blockId } : {}),
  );

/** GET /api/capabilities (shared with the other forms): whether a language model is configured. */
export function useDraftEngines() {
  return useQuery({
    queryKey: ['/api/capabilities'],
    queryFn: async () => json<Capabilities>(await apiRequest('GET', '/api/capabilities')),
    staleTime: 5 * 60_000,
  });
}

/** The draft's earlier versions, newest first (fetched when the history is open). */
export function useDraftVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: draftKeys.versions(id),
    queryFn: () => get<{ versions: DraftVersion[] }>(`${STUDIO_API}/drafts/${id}/versions`),
    enabled,
  });
}

export const useRestoreVersion = (id: string) =>
  useDraftMutation((versionId: string) =>
    apiRequest('POST', `${STUDIO_API}/drafts/${id}/versions/${versionId}/restore`),
  );

/** The draft as plain text (for copying), as the server formats it. */
export async function fetchDraftText(id: string, numbered = true): Promise<string> {
  return (await apiRequest('GET', draftExportUrl(id, 'txt', undefined, numbered))).text();
}

/** Puts a fact the draft left out back (its sentence as a block citing it); keeps a version. */
export const usePutBackFact = (id: string) =>
  useDraftMutation((factId: string) =>
    apiRequest('POST', `${STUDIO_API}/drafts/${id}/facts/${encodeURIComponent(factId)}/put-back`),
  );
