import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export type Logger = FastifyBaseLogger;

export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid } }) as unknown as Logger;
}
