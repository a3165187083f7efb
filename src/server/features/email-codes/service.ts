import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { enforceRateLimit, hitRateLimit } from '../../lib/rate-limit.ts';
import {
  consumeCode,
  consumeOpenCodes,
  countEvaluation,
  findLatestOpenCode,
  insertCode,
} from './repository.ts';

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
/** Wrong tries per (e-mail, client) and code: a stranger's guesses never lock the owner out. */
export const CODE_MAX_ATTEMPTS = 5;
/** Evaluations of one code from all clients together (bounds guessing from many client IPs). */
export const CODE_MAX_EVALUATIONS = 20;
/** Code requests per (e-mail, client) and per client, and checks per client, in the window. */
export const CODE_REQUESTS_PER_EMAIL = 3;
export const CODE_REQUESTS_PER_CLIENT = 10;
export const CODE_CHECKS_PER_CLIENT = 30;
export const CODE_WINDOW_SECONDS = 10 * 60;

export const CODE_INVALID_MESSAGE = 'Invalid verification code';
export const CODE_EXPIRED_MESSAGE = 'This code has expired. Please request a new one.';
export const CODE_LOCKED_MESSAGE = 'Too many wrong attempts. Please request a new code.';

/** A 6-digit code from the CSPRNG (leading zeros kept). */
export const generateCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

const hashCode = (id: string, code: string) => sha256(`${id}:${code}`);

/** Who is checking: the client IP (per-client limits and lockouts). */
export interface CodeClient {
  client?: string;
  now?: Date;
}

/**
 * Throttles code requests before one is issued: per (e-mail, client), so a stranger cannot use
 * up someone else's allowance, and per client whatever the e-mail. Throws 429 (`rate_limited`).
 */
export async function throttleCodeRequests(
  db: DbOrTx,
  purpose: string,
  email: string,
  client: string,
  limits: { perEmail?: number; perClient?: number; windowSeconds?: number } = {},
): Promise<void> {
  const window = limits.windowSeconds ?? CODE_WINDOW_SECONDS;
  await enforceRateLimit(
    db,
    `code-request-ip:${purpose}:${client}`,
    limits.perClient ?? CODE_REQUESTS_PER_CLIENT,
    window,
  );
  await enforceRateLimit(
    db,
    `code-request:${purpose}:${email}:${client}`,
    limits.perEmail ?? CODE_REQUESTS_PER_EMAIL,
    window,
  );
}

/**
 * Issues a new code for (purpose, e-mail) and returns it so the caller can e-mail it (in the same
 * transaction). Earlier unused codes for the pair stop working.
 */
export async function issueCode(
  db: DbOrTx,
  purpose: string,
  email: string,
  now = new Date(),
): Promise<string> {
  const code = generateCode();
  const id = randomUUID();
  await consumeOpenCodes(db, purpose, email, now);
  await insertCode(db, {
    id,
    purpose,
    email,
    codeHash: hashCode(id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts';

/**
 * Checks a code for (purpose, e-mail) without throwing: single use, expiring, at most
 * CODE_MAX_ATTEMPTS tries per (e-mail, client) and CODE_MAX_EVALUATIONS for all clients.
 * Each try is counted atomically BEFORE the comparison, so parallel guesses cannot pass the cap;
 * an e-mail without a code counts tries the same way. A correct code is consumed atomically,
 * so two concurrent verifications cannot both succeed.
 */
export async function checkCode(
  db: DbOrTx,
  purpose: string,
  email: string,
  code: string,
  options: CodeClient = {},
): Promise<CodeCheck> {
  const now = options.now ?? new Date();
  const latest = await findLatestOpenCode(db, purpose, email);
  const key = `code-attempts:${purpose}:${email}:${options.client ?? ''}:${latest?.id ?? 'none'}`;
  const { count } = await hitRateLimit(db, key, CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES * 60);
  if (count > CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  const lastTry = count >= CODE_MAX_ATTEMPTS;
  if (!latest) return lastTry ? 'too_many_attempts' : 'invalid';
  if (latest.expiresAt <= now) return 'expired';
  if (!(await countEvaluation(db, latest.id, CODE_MAX_EVALUATIONS))) return 'too_many_attempts';
  const expected = Buffer.from(latest.codeHash);
  const actual = Buffer.from(hashCode(latest.id, /^\d{6}$/.test(code) ? code : 'x'));
  if (expected.length === actual.length && timingSafeEqual(expected, actual))
    return (await consumeCode(db, latest.id, now)) ? 'ok' : 'invalid';
  return lastTry ? 'too_many_attempts' : 'invalid';
}

/** The one answer for each failed check, the same in every feature. */
export function codeError(check: Exclude<CodeCheck, 'ok'>): AppError {
  if (check === 'expired') return badRequest(CODE_EXPIRED_MESSAGE, 'code_expired');
  if (check === 'too_many_attempts') return new AppError('code_locked', CODE_LOCKED_MESSAGE);
  return badRequest(CODE_INVALID_MESSAGE, 'code_invalid');
}

/**
 * Checks a code and throws the one mapped error unless it is right: `code_invalid` 400,
 * `code_expired` 400, `code_locked` 429. Checks are also limited per client (429 `rate_limited`).
 */
export async function verifyCodeOrThrow(
  db: DbOrTx,
  purpose: string,
  email: string,
  code: string,
  options: CodeClient & { client: string },
): Promise<void> {
  await enforceRateLimit(
    db,
    `code-check-ip:${purpose}:${options.client}`,
    CODE_CHECKS_PER_CLIENT,
    CODE_WINDOW_SECONDS,
  );
  const check = await checkCode(db, purpose, email, code, options);
  if (check !== 'ok') throw codeError(check);
}
