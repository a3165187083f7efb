import { useSyncExternalStore } from 'react';
import type { AdminLoginResponse } from '#contract/admin.ts';
import { apiRequest } from '#web/lib/api.ts';

// The admin token from POST /api/admin/login, kept in local storage as `admin_token` (decisions.md).
const ADMIN_TOKEN_STORAGE_KEY = 'admin_token';
const listeners = new Set<() => void>();
export const readAdminToken = () => {
  try {
    return localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};
function write(token: string | null) {
  try {
    if (token) localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {}
  for (const listener of listeners) listener();
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAdminToken,
    () => null,
  );
}

export async function signInAdmin(password: string): Promise<void> {
  const res = await apiRequest('POST', '/api/admin/login', { password });
  write(((await res.json()) as AdminLoginResponse).token);
}

export async function signOutAdmin(): Promise<void> {
  const token = readAdminToken();
  write(null);
  if (token)
    await apiRequest('POST', '/api/admin/logout', undefined, { Authorization: `Bearer ${token}` }).catch(
      () => {},
    );
}

/** Forgets a token the server no longer accepts (expired or signed out elsewhere). */
export function dropAdminToken(): void {
  write(null);
}

/**
 * An admin API call: the stored token as a Bearer header. A 401 clears the token, so the page
 * falls back to the password gate.
 */
export async function adminRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const token = readAdminToken();
  try {
    return await apiRequest(method, url, body, token ? { Authorization: `Bearer ${token}` } : {});
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('401:')) write(null);
    throw error;
  }
}

/** JSON from an admin GET, for TanStack queries: `queryFn: () => adminGet<T>(url)`. */
export async function adminGet<T>(url: string): Promise<T> {
  return (await (await adminRequest('GET', url)).json()) as T;
}
