import type { AdminLoginResponse } from '#contract/admin.ts';
import { apiRequest, errorCode } from '#web/lib/api.ts';
import { adminToken } from '#web/lib/token-store.ts';

// The admin token from POST /api/admin/login lives in the one token store (`admin_token`, docs/spec/decisions.md).
export const useAdminToken = adminToken.use;
export const readAdminToken = adminToken.read;
/** Forgets a token the server no longer accepts (the page falls back to the password gate). */
export const dropAdminToken = () => adminToken.write(null);

export async function signInAdmin(password: string): Promise<void> {
  const res = await apiRequest('POST', '/api/admin/login', { password });
  adminToken.write(((await res.json()) as AdminLoginResponse).token);
}

export async function signOutAdmin(): Promise<void> {
  const headers = adminToken.header();
  adminToken.write(null);
  if (headers.Authorization)
    await apiRequest('POST', '/api/admin/logout', undefined, headers).catch(() => {});
}

/**
 * An admin API call: the stored token as a Bearer header. An `unauthorized` answer clears the
 * token, so the page falls back to the password gate.
 */
export async function adminRequest(method: string, url: string, body?: unknown): Promise<Response> {
  try {
    return await apiRequest(method, url, body, adminToken.header());
  } catch (error) {
    if (errorCode(error) === 'unauthorized') adminToken.write(null);
    throw error;
  }
}

/** JSON from an admin GET, for TanStack queries: `queryFn: () => adminGet<T>(url)`. */
export async function adminGet<T>(url: string): Promise<T> {
  return (await (await adminRequest('GET', url)).json()) as T;
}
