import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/core.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

/** Inserts outbox rows (in the caller's transaction); returns their ids in order. */
export async function insertOutboxRows(db: Db, rows: NewOutboxRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(outbox).values(rows).returning({ id: outbox.id });
  return inserted.map((row) => row.id);
}

export async function findOutboxState(db: Db, id: number) {
  const [row] = await db
    .select({ channel: outbox.channel, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row;
}

/** 'queued' -> 'stored' (no provider for the channel); the row when this call changed it. */
export async function markStored(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'stored' })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')))
    .returning();
  return row;
}

/** 'queued' -> 'sending', counting the attempt; the row when this call claimed it. */
export async function claimForSending(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')))
    .returning();
  return row;
}

/** 'queued' -> 'sending' for many rows at once; the rows this call claimed. */
export function claimManyForSending(db: Db, ids: number[]): Promise<OutboxRow[]> {
  return db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'queued')))
    .returning();
}

/** 'queued' -> 'stored' for many rows (no provider); the rows this call changed. */
export function markManyStored(db: Db, ids: number[]): Promise<OutboxRow[]> {
  return db
    .update(outbox)
    .set({ status: 'stored' })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'queued')))
    .returning();
}

/** Many rows sent, each with its provider's id: one statement. */
export async function markManySent(db: Db, sent: { id: number; providerMessageId: string }[]) {
  if (!sent.length) return;
  // Per-row values in one update: a CASE over the ids (the builder has no UPDATE ... FROM VALUES).
  const providerIds = sql.join(
    sent.map((s) => sql`when ${s.id}::bigint then ${s.providerMessageId}`),
    sql` `,
  );
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      error: null,
      providerMessageId: sql`case ${outbox.id} ${providerIds} end`,
    })
    .where(
      inArray(
        outbox.id,
        sent.map((s) => s.id),
      ),
    );
}

export function findStates(db: Db, ids: number[]) {
  return db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
}

export async function markSent(db: Db, id: number, providerMessageId: string) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), providerMessageId, error: null })
    .where(eq(outbox.id, id));
}

/**
 * After a failed attempt: back to 'queued' for a retry, or 'failed' for good. A time-out is
 * recorded on the row (the provider may have accepted the message).
 */
export async function markAttemptFailed(db: Db, id: number, error: string, final: boolean, timedOut = false) {
  await db
    .update(outbox)
    .set({
      status: final ? 'failed' : 'queued',
      error: error.slice(0, 1000),
      ...(timedOut && { timedOutAt: new Date() }),
    })
    .where(eq(outbox.id, id));
}

/** Marks a row failed when it is still in one of `from` (idempotent); true when it changed. */
export async function markFailedIfIn(
  db: Db,
  id: number,
  from: OutboxRow['status'][],
  error: string,
): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set({ status: 'failed', error })
    .where(and(eq(outbox.id, id), inArray(outbox.status, from)))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

export function listRecent(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

export async function deleteByRecipient(db: Db, recipient: string): Promise<number> {
  const deleted = await db.delete(outbox).where(eq(outbox.recipient, recipient)).returning({ id: outbox.id });
  return deleted.length;
}

/** Deletes settled rows (sent, stored, failed) created before `cutoff`; queued or sending stay. */
export async function deleteSettledBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(and(lt(outbox.createdAt, cutoff), notInArray(outbox.status, ['queued', 'sending'])))
    .returning({ id: outbox.id });
  return deleted.length;
}
