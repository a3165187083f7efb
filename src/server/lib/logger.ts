import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { requestPath } from './request-path.ts';

export type Logger = FastifyBaseLogger;

/**
 * Never written to a log: credentials (authorization headers, cookies, passwords) and e-mailed
 * verification codes, wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'code',
  'body.code',
  'req.body.code',
  'verificationCode',
  '*.verificationCode',
];

/**
 * The fields of an error a log keeps: what tells where and why it failed, never what it carried.
 * Everything else is left out, whoever made the error: pg's `detail` ("Failing row contains (...)",
 * "Key (email)=(...)"), `where` and `internalQuery`, drizzle's `query` and `params`, an HTTP
 * client's request `body` or `parameters`.
 */
const KEPT_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
] as const;

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g;
const isSqlState = (code: unknown) => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * An error's message as a log may hold it: drizzle writes the query and its parameters into its
 * message (everything from "params:" is cut), PostgreSQL quotes the value it refused (`invalid input
 * syntax for type uuid: "..."`; its quoted parts are cut), and no e-mail address is kept.
 */
export function safeErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  let message = raw.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (isSqlState((error as { code?: unknown } | null)?.code))
    message = message.replace(/"[^"]*"/g, '"[redacted]"');
  return message.replace(EMAIL, '[e-mail]');
}

/**
 * The one way an error is written to the log (pino's serializer for `err` and `error`, so every
 * logged error goes through it): its type, safe message, stack (with the safe message), the
 * fields that say what failed, and its cause the same way. Strings are scrubbed as messages.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return safeErrorMessage(error);
  if (typeof error !== 'object' || error === null) return error;
  const message = safeErrorMessage(error);
  const out: Record<string, unknown> = {
    type: (error as Error).name ?? error.constructor?.name ?? 'Error',
    message,
  };
  const stack = (error as Error).stack;
  if (typeof stack === 'string') {
    const frames = stack.indexOf('\n    at ');
    out.stack = `${out.type}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`;
  }
  for (const field of KEPT_ERROR_FIELDS) {
    const value = (error as Record<string, unknown>)[field];
    if (value !== undefined && value !== null && typeof value !== 'object') out[field] = value;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 4) out.cause = serializeError(cause, depth + 1);
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && depth < 4)
    out.errors = errors.slice(0, 10).map((e) => serializeError(e, depth + 1));
  return out;
}

/**
 * A request as a log holds it (Fastify's `incoming request` line, at debug and trace): what Fastify
 * writes, but its target as a path alone. A query string carries what the user searched for, a
 * sign-in or unsubscribe token, an address; none is needed to tell which route was asked.
 */
export function serializeRequest(req: unknown): Record<string, unknown> {
  const r = (req ?? {}) as {
    method?: unknown;
    url?: unknown;
    host?: unknown;
    ip?: unknown;
    socket?: { remotePort?: unknown };
  };
  return {
    method: r.method,
    url: typeof r.url === 'string' ? requestPath(r.url) : undefined,
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as Logger;
}
