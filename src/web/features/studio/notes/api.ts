import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type IdeasResponse,
  type NoteDetail,
  type NotesPage,
  type SearchResponse,
  STUDIO_API,
  STUDIO_REFRESH_MS,
  type Usage,
} from '#contract/studio.ts';
import type {
  AddSpeakerInput,
  AssignSpeakerInput,
  MergeSpeakerInput,
  UpdateSpeakerInput,
} from '#contract/studio-corrections.ts';
import type { UpdateVoiceInput, VoiceProfile } from '#contract/studio-voice.ts';
import { apiRequest } from '#web/lib/api.ts';
import { get, isInProgress, json, SignedOutError, studioKeys, useInvalidateStudio } from '../api.ts';

/** The library, newest first, a page at a time; refreshed while any note is in progress. */
export function useNotes(enabled = true) {
  return useInfiniteQuery({
    queryKey: studioKeys.notes,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      get<NotesPage>(`${STUDIO_API}/notes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.notes.some(isInProgress)) ? STUDIO_REFRESH_MS : false,
    retry: (count, error) => !(error instanceof SignedOutError) && count < 2,
  });
}

/** One note with its sentences; refreshed while it is in progress. */
export function useNote(id: string | null) {
  return useQuery({
    queryKey: studioKeys.note(id ?? ''),
    enabled: !!id,
    queryFn: () => get<NoteDetail>(`${STUDIO_API}/notes/${encodeURIComponent(id!)}`),
    refetchInterval: (query) =>
      query.state.data && isInProgress(query.state.data) ? STUDIO_REFRESH_MS : false,
    retry: false,
  });
}

/** Renames a note (PATCH /notes/{id} with its new title); the library and drafts follow. */
export function useRenameNote(noteId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (title: string) =>
      json<NoteDetail>(
        await apiRequest('PATCH', `${STUDIO_API}/notes/${encodeURIComponent(noteId)}`, { title }),
      ),
    onSuccess: (note) => {
      queryClient.setQueryData(studioKeys.note(noteId), note);
      return invalidate();
    },
  });
}

/** Retypes one sentence of a note's transcript (its times stay); the note and search follow. */
export function useCorrectSentence(noteId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async ({ sentenceId, text }: { sentenceId: string; text: string }) =>
      json<NoteDetail>(
        await apiRequest(
          'PATCH',
          `${STUDIO_API}/notes/${encodeURIComponent(noteId)}/sentences/${encodeURIComponent(sentenceId)}`,
          { text },
        ),
      ),
    onSuccess: (note) => {
      queryClient.setQueryData(studioKeys.note(noteId), note);
      return invalidate();
    },
  });
}

/**
 * Edits a note's whole text (PATCH /notes/{id} with `text`): sentences split, joined or retyped;
 * unchanged ones keep their times. The note, search and drafts follow.
 */
export function useEditNoteText(noteId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (text: string) =>
      json<NoteDetail>(
        await apiRequest('PATCH', `${STUDIO_API}/notes/${encodeURIComponent(noteId)}`, { text }),
      ),
    onSuccess: (note) => {
      queryClient.setQueryData(studioKeys.note(noteId), note);
      return invalidate();
    },
  });
}

/** The owner read a rough transcript and says it looks right (POST /notes/{id}/review). */
export function useReviewTranscript(noteId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async () =>
      json<NoteDetail>(await apiRequest('POST', `${STUDIO_API}/notes/${encodeURIComponent(noteId)}/review`)),
    onSuccess: (note) => {
      queryClient.setQueryData(studioKeys.note(noteId), note);
      return invalidate();
    },
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `${STUDIO_API}/notes/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      queryClient.removeQueries({ queryKey: studioKeys.note(id) });
      return invalidate();
    },
  });
}

/** Full-text search across every note (an empty query asks nothing). */
export function useSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: studioKeys.search(query),
    enabled: query.length > 0,
    queryFn: () => get<SearchResponse>(`${STUDIO_API}/search?q=${encodeURIComponent(query)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Themes across notes; refreshed with the library while notes are in progress. */
export function useIdeas(refreshing: boolean) {
  return useQuery({
    queryKey: studioKeys.ideas,
    queryFn: () => get<IdeasResponse>(`${STUDIO_API}/ideas`),
    refetchInterval: refreshing ? STUDIO_REFRESH_MS : false,
  });
}

export function useVoice(refreshing: boolean) {
  return useQuery({
    queryKey: studioKeys.voice,
    queryFn: () => get<VoiceProfile>(`${STUDIO_API}/voice`),
    refetchInterval: refreshing ? STUDIO_REFRESH_MS : false,
  });
}

export function useUsage() {
  return useQuery({ queryKey: studioKeys.usage, queryFn: () => get<Usage>(`${STUDIO_API}/usage`) });
}

/** Pins and bans: the answer is the whole profile, put straight into the cache. */
export function useUpdateVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateVoiceInput) =>
      json<VoiceProfile>(await apiRequest('PUT', `${STUDIO_API}/voice`, input)),
    onSuccess: (profile) => queryClient.setQueryData(studioKeys.voice, profile),
  });
}

/**
 * Who says what in a conversation note (decision 023): rename a speaker, "this is me", give a run
 * of sentences to a speaker (or to a new one), merge two. Each answers the note as it now is; the
 * voice profile, Ideas and drafts follow.
 */
export type SpeakerEdit =
  | { kind: 'update'; speakerId: string; body: UpdateSpeakerInput }
  | { kind: 'assign'; body: AssignSpeakerInput }
  | { kind: 'add'; body: AddSpeakerInput }
  | { kind: 'merge'; speakerId: string; body: MergeSpeakerInput };

export function useEditSpeakers(noteId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  const base = `${STUDIO_API}/notes/${encodeURIComponent(noteId)}/speakers`;
  return useMutation({
    mutationFn: async (edit: SpeakerEdit) => {
      const [method, url] =
        edit.kind === 'update'
          ? (['PATCH', `${base}/${encodeURIComponent(edit.speakerId)}`] as const)
          : edit.kind === 'assign'
            ? (['POST', `${base}/assign`] as const)
            : edit.kind === 'add'
              ? (['POST', base] as const)
              : (['POST', `${base}/${encodeURIComponent(edit.speakerId)}/merge`] as const);
      return json<NoteDetail>(await apiRequest(method, url, edit.body));
    },
    onSuccess: (note) => {
      queryClient.setQueryData(studioKeys.note(noteId), note);
      return invalidate();
    },
  });
}
