import { useMutation } from '@tanstack/react-query';
import type { AccessOrigin } from '#contract/content-results.ts';
import { apiRequest, isHttpError } from '#web/lib/api.ts';

// The visitor's session (the dashboard's, also the Studio's: docs/spec/decisions.md): its sign-in
// code, its verification, the owner and signing out.

const json = async <T>(res: Response) => (await res.json()) as T;

/** E-mails a 6-digit sign-in code to the e-mail typed; the message names the page it was asked on. */
export const requestAccess = async (email: string, from: AccessOrigin) =>
  json<{ message: string }>(await apiRequest('POST', '/api/content-results/request-access', { email, from }));

export function useRequestAccess(from: AccessOrigin) {
  return useMutation({ mutationFn: (email: string) => requestAccess(email, from) });
}

export function useVerifyAccess() {
  return useMutation({
    mutationFn: async (input: { email: string; code: string }) =>
      json<{ message: string }>(await apiRequest('POST', '/api/content-results/verify-access', input)),
  });
}

/** The owner (their e-mail), or null without a session. */
export async function fetchSessionEmail(): Promise<string | null> {
  try {
    return (await json<{ email: string | null }>(await apiRequest('GET', '/api/content-results/session')))
      .email;
  } catch (error) {
    if (isHttpError(error)) return null;
    throw error;
  }
}

export const signOut = () => apiRequest('POST', '/api/content-results/sign-out');
