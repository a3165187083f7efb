import { ERROR_STATUS, type ErrorCode } from '#contract/api.ts';

/**
 * The one application error: a machine-readable code (contract/api.ts; it decides the status) and
 * a message that is safe to show a person.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, code: ErrorCode = 'validation_failed') =>
  new AppError(code, message);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string, code: 'conflict' | 'already_exists' = 'conflict') =>
  new AppError(code, message);
export const unavailable = (message: string) => new AppError('unavailable', message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests. Please try again later.',
  code: 'rate_limited' | 'code_locked' = 'rate_limited',
) =>
  new AppError(code, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/**
 * Errors that mean the database cannot be reached right now (answered with 503, not 500). Looks
 * through `cause` too: drizzle wraps driver errors (DrizzleQueryError) with the pg error as cause.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (e.cause !== undefined && depth < 5 && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08001',
    '08003',
    '08006',
  ];
  if (e.code && codes.includes(e.code)) return true;
  const message = e.message ?? '';
  return /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    message,
  );
}
