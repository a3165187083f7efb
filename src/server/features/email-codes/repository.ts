import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/auth.ts';

export type CodeRow = typeof verificationCodes.$inferSelect;

/** Ends every unused code of (purpose, e-mail): a new code replaces them. */
export async function consumeOpenCodes(db: DbOrTx, purpose: string, email: string, now: Date): Promise<void> {
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
}

export async function insertCode(
  db: DbOrTx,
  values: Pick<CodeRow, 'id' | 'purpose' | 'email' | 'codeHash' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** The newest unused code of (purpose, e-mail), expired or not. */
export async function findLatestOpenCode(
  db: DbOrTx,
  purpose: string,
  email: string,
): Promise<CodeRow | null> {
  const [row] = await db
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
  return row ?? null;
}

/**
 * Counts one evaluation of a code in one statement, only while it is unused and under `max`
 * evaluations: false when the code may not be evaluated (so parallel guesses cannot pass the cap).
 */
export async function countEvaluation(db: DbOrTx, id: string, max: number): Promise<boolean> {
  const counted = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, max),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return counted.length > 0;
}

/** Uses a code up: true for the one caller that consumed it while it was live. */
export async function consumeCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ id: verificationCodes.id });
  return consumed.length > 0;
}

/** Every code of the owner, whatever its purpose ('Delete my data'). */
export async function deleteCodesOf(db: DbOrTx, owner: string): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.email, owner));
}
