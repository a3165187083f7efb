import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccessResponse,
  type ContentResult,
  DASHBOARD_REFRESH_MS,
  type SubmitContentInput,
  type WebhookDryRunResponse,
} from '#contract/content-results.ts';
import type { Capabilities } from '#contract/system.ts';
import { apiRequest, errorCode } from '#web/lib/api.ts';

const json = async <T>(res: Response) => (await res.json()) as T;

export const resultsKey = (email: string) => ['/api/content-results/access', email] as const;

export function useSubmitContent() {
  return useMutation({
    mutationFn: async (input: SubmitContentInput) =>
      json<{ success: true; id: string }>(await apiRequest('POST', '/api/reaction-video/submit', input)),
  });
}

/** Fetches the owner's results; null when the browser holds no session for it (401). */
export async function fetchResults(email: string): Promise<ContentResult[] | null> {
  try {
    return (await json<AccessResponse>(await apiRequest('POST', '/api/content-results/access', { email })))
      .results;
  } catch (error) {
    if (errorCode(error) === 'unauthorized') return null;
    throw error;
  }
}

const isBusy = (results: ContentResult[] | null | undefined) =>
  !!results?.some((r) => r.status === 'pending' || r.status === 'processing');

/** docs/spec/product-spec.md §9: refetched every 10 s while any result is pending or processing. */
export function useContentResults(email: string | null) {
  return useQuery({
    queryKey: resultsKey(email ?? ''),
    queryFn: () => fetchResults(email!),
    enabled: !!email,
    refetchInterval: (query) => (isBusy(query.state.data) ? DASHBOARD_REFRESH_MS : false),
  });
}

/** The cached results of the owner: forget them (signed out) or fetch them again (a new submission). */
export function useContentResultsCache(email: string) {
  const queryClient = useQueryClient();
  return {
    forget: () => queryClient.removeQueries({ queryKey: resultsKey(email) }),
    refresh: () => queryClient.invalidateQueries({ queryKey: resultsKey(email) }),
  };
}

export function useDeleteContent(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/content-results/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsKey(email) }),
  });
}

export interface WebhookTestAnswer {
  message: string;
  webhookUrl: string;
  signature: string;
  toleranceSeconds: number;
}

/** The webhook test endpoint could not be reached at all. */
export class WebhookConnectError extends Error {}

export async function runWebhookTests(): Promise<{ test: WebhookTestAnswer; dryRun: WebhookDryRunResponse }> {
  let testRes: Response;
  try {
    testRes = await apiRequest('GET', '/api/webhook/test');
  } catch (error) {
    throw new WebhookConnectError('connect', { cause: error });
  }
  const test = await json<WebhookTestAnswer>(testRes);
  const dryRun = await json<WebhookDryRunResponse>(await apiRequest('POST', '/api/webhook/test/dry-run'));
  return { test, dryRun };
}

/** GET /api/capabilities: whether only videos with captions can be transcribed (no STT server). */
export function useCapabilities() {
  return useQuery({
    queryKey: ['/api/capabilities'],
    queryFn: async () => json<Capabilities>(await apiRequest('GET', '/api/capabilities')),
    staleTime: 5 * 60_000,
  });
}
