import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistCount, WaitlistSignupInput, WaitlistSignupResponse } from '#contract/waitlist.ts';
import { apiRequest } from '#web/lib/api.ts';

export const WAITLIST_COUNT_KEY = ['/api/waitlist/count'] as const;

/** The live waitlist count for the stats strip. */
export function useWaitlistCount() {
  return useQuery<WaitlistCount>({ queryKey: WAITLIST_COUNT_KEY });
}

/** Joins the waitlist; the count is refetched afterwards. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WaitlistSignupInput) =>
      (await (await apiRequest('POST', '/api/waitlist', input)).json()) as WaitlistSignupResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WAITLIST_COUNT_KEY }),
  });
}
