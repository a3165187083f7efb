import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NoteDetail, STUDIO_API } from '#contract/studio.ts';
import { type AskResponse, STUDIO_ASK_NOTES_PATH, STUDIO_ASK_PATH } from '#contract/studio-ask.ts';
import { apiRequest } from '#web/lib/api.ts';
import { json, studioKeys } from '../api.ts';

export const askKeys = { answer: (question: string) => [STUDIO_API, 'ask', question] as const };

/**
 * The answer to a question asked of the notes (an empty question asks nothing). Kept for the page's
 * life, so going back from a cited note shows the same answer without asking again.
 */
export function useAnswer(question: string) {
  const asked = question.trim();
  return useQuery({
    queryKey: askKeys.answer(asked),
    enabled: asked.length > 0,
    queryFn: async () =>
      json<AskResponse>(await apiRequest('POST', STUDIO_ASK_PATH, { question: asked, engine: 'auto' })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Where the note an answer was kept as is remembered, by question (so it is kept once). */
const savedKey = (question: string) => [STUDIO_API, 'ask-saved', question.trim()] as const;

/**
 * Keeps an answer as a note (POST /ask/notes with the ids of the sentences it shows). The note is
 * remembered for the page's life, so "Write a LinkedIn post from this" after "Save as a note" (or
 * twice) starts from the same note. The library and usage follow; the answer is not asked again.
 */
export function useSaveAnswer(question: string) {
  const queryClient = useQueryClient();
  const saved = queryClient.getQueryData<NoteDetail>(savedKey(question)) ?? null;
  const mutation = useMutation({
    mutationFn: async (sentenceIds: string[]) =>
      json<NoteDetail>(
        await apiRequest('POST', STUDIO_ASK_NOTES_PATH, { question, sentence_ids: sentenceIds }),
      ),
    onSuccess: (note) => {
      queryClient.setQueryData(savedKey(question), note);
      queryClient.setQueryData(studioKeys.note(note.id), note);
      for (const queryKey of [studioKeys.notes, studioKeys.ideas, studioKeys.usage])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  return { saved: mutation.data ?? saved, mutation };
}
