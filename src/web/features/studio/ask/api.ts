import { useQuery } from '@tanstack/react-query';
import { STUDIO_API } from '#contract/studio.ts';
import { type AskResponse, STUDIO_ASK_PATH } from '#contract/studio-ask.ts';
import { apiRequest } from '#web/lib/api.ts';
import { json } from '../api.ts';

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
