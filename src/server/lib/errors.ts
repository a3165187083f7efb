/** The one application error: a status code and a message that is safe to show a person. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests. Please try again later.',
) =>
  new AppError(429, message, {
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
