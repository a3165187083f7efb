import type { QueryFunction } from '@tanstack/react-query';
import type { ApiError, ErrorCode } from '#contract/api.ts';

/** Spec §7: a non-OK response raises "STATUS: body" (the status text when the body is empty). */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Calls the API with cookies; a body is sent as JSON. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** The default query: the first element of the key is the URL; the answer is JSON. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The server's JSON error body of an API error ("STATUS: body"), or null (network failures, other bodies). */
function errorBody(error: unknown): Partial<ApiError> | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as unknown;
    return body && typeof body === 'object' ? (body as Partial<ApiError>) : null;
  } catch {
    return null;
  }
}

/**
 * The message to show a person for an API error: the server's JSON `message` when there is one,
 * otherwise the fallback (network failures and unexpected bodies).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The machine-readable `code` of an API error (contract/api.ts), for branching; never the message. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return errorBody(error)?.code;
}
