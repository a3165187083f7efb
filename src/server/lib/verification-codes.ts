import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { verificationCodes } from '../db/schema/auth.ts';
import { sha256 } from './crypto.ts';

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

/** A 6-digit code from the CSPRNG (leading zeros kept). */
export const generateCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

const hashCode = (id: string, code: string) => sha256(`${id}:${code}`);

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
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.email, email),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
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
 * Checks a code for (purpose, e-mail): single use, expiring, at most 5 wrong tries. A correct
 * code is consumed atomically, so two concurrent verifications cannot both succeed.
 */
export async function verifyCode(
  db: DbOrTx,
  purpose: string,
  email: string,
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.email, email),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) return 'invalid';
  if (latest.expiresAt <= now) return 'expired';
  if (latest.attempts >= CODE_MAX_ATTEMPTS) return 'too_many_attempts';
  const expected = Buffer.from(latest.codeHash);
  const actual = Buffer.from(hashCode(latest.id, /^\d{6}$/.test(code) ? code : 'x'));
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    const consumed = await db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.id, latest.id),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .returning({ id: verificationCodes.id });
    return consumed.length ? 'ok' : 'invalid';
  }
  const [after] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, latest.id))
    .returning({ attempts: verificationCodes.attempts });
  return after && after.attempts >= CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'invalid';
}
