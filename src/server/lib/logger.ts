import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

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

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as Logger;
}
