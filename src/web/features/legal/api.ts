import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';

/** Confirms the unsubscribe link of a campaign e-mail (its token). */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => apiRequest('POST', '/api/unsubscribe', { token }) });
}
