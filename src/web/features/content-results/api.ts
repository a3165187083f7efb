import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccessResponse,
  type ContentResult,
  DASHBOARD_REFRESH_MS,
  type SubmitContentInput,
  type WebhookDryRunResponse,
} from '#contract/content-results.ts';
import type { Capabilities } from '#contract/system.ts';
import { apiRequest } from '#web/lib/api.ts';

const json = async <T>(res: Response) => (await res.json()) as T;

export const resultsKey = (email: string) => ['/api/content-results/access', email] as const;

export function useSubmitContent() {
  return useMutation({
    mutationFn: async (input: SubmitContentInput) =>
      json<{ success: true; id: string }>(await apiRequest('POST', '/api/reaction-video/submit', input)),
  });
}

export function useRequestAccess() {
  return useMutation({
    mutationFn: async (email: string) =>
      json<{ message: string }>(await apiRequest('POST', '/api/content-results/request-access', { email })),
  });
}

export function useVerifyAccess() {
  return useMutation({
    mutationFn: async (input: { email: string; code: string }) =>
      json<{ message: string }>(await apiRequest('POST', '/api/content-results/verify-access', input)),
  });
}

/** Fetches the verified address's results; null when the browser holds no session for it (401). */
export async function fetchResults(email: string): Promise<ContentResult[] | null> {
  const res = await fetch('/api/content-results/access', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
    credentials: 'include',
  });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await json<AccessResponse>(res)).results;
}

const isBusy = (results: ContentResult[] | null | undefined) =>
  !!results?.some((r) => r.status === 'pending' || r.status === 'processing');

/** Spec §9: refetched every 10 s while any result is pending or processing. */
export function useContentResults(email: string | null) {
  return useQuery({
    queryKey: resultsKey(email ?? ''),
    queryFn: () => fetchResults(email!),
    enabled: !!email,
    refetchInterval: (query) => (isBusy(query.state.data) ? DASHBOARD_REFRESH_MS : false),
  });
}

export function useDeleteContent(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `/api/content-results/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsKey(email) }),
  });
}

export async function fetchSessionEmail(): Promise<string | null> {
  const res = await fetch('/api/content-results/session', { credentials: 'include' });
  if (!res.ok) return null;
  return (await json<{ email: string | null }>(res)).email;
}

export const signOut = () => apiRequest('POST', '/api/content-results/sign-out');

export interface WebhookTestAnswer {
  message: string;
  webhookUrl: string;
  signature: string;
  toleranceSeconds: number;
}

export async function runWebhookTests(): Promise<{ test: WebhookTestAnswer; dryRun: WebhookDryRunResponse }> {
  let testRes: Response;
  try {
    testRes = await apiRequest('GET', '/api/webhook/test');
  } catch (error) {
    throw Object.assign(new Error('connect'), { cause: error });
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
