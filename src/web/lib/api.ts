import type { QueryFunction } from '@tanstack/react-query';
import type { ApiError, ErrorCode } from '#contract/api.ts';

/** An answer the server gave with a non-OK status; its message reads "STATUS: body" (docs/spec/product-spec.md §7). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** docs/spec/product-spec.md §7: a non-OK response raises "STATUS: body" (the status text when the body is empty). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new HttpError(res.status, (await res.text()) || res.statusText);
}

/** True when the server answered (with an error status), false for network failures and the like. */
export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

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

/** The server's JSON error body of an API error, or null (network failures, other bodies). */
function errorBody(error: unknown): Partial<ApiError> | null {
  if (!isHttpError(error)) return null;
  try {
    const body = JSON.parse(error.body) as unknown;
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
