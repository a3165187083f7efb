import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TrendingData, TrendMetrics } from '#contract/trends.ts';
import type { DbOrTx } from '../../db/client.ts';
import { trends, trendTotals } from '../../db/schema/trends.ts';
import type { AnalysisInput } from './normalize.ts';

/** A trend as stored; `analysisInput` is what normalize.ts produced for the analyser. */
export type TrendRow = Omit<typeof trends.$inferSelect, 'analysisInput'> & {
  analysisInput: AnalysisInput | null;
};

const asTrendRow = (row: typeof trends.$inferSelect): TrendRow => row as TrendRow;

/** Keeps trend_totals in step with the table (call in the transaction that inserted or deleted). */
async function adjustTotal(db: DbOrTx, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insert(trendTotals)
    .values({ id: 1, count: Math.max(delta, 0) })
    .onConflictDoUpdate({ target: trendTotals.id, set: { count: sql`${trendTotals.count} + ${delta}` } });
}

/** Inserts a trend, or returns null when that source is already stored. Use in a transaction. */
export async function insertTrend(
  db: DbOrTx,
  values: Pick<typeof trends.$inferInsert, 'source' | 'platform' | 'browserHash' | 'createdBy'>,
): Promise<TrendRow | null> {
  const [row] = await db
    .insert(trends)
    .values(values)
    .onConflictDoNothing({ target: trends.source })
    .returning();
  if (row) await adjustTotal(db, 1);
  return row ? asTrendRow(row) : null;
}

export async function findTrendBySource(db: DbOrTx, source: string): Promise<TrendRow | null> {
  const [row] = await db.select().from(trends).where(eq(trends.source, source));
  return row ? asTrendRow(row) : null;
}

export async function findTrend(db: DbOrTx, id: string): Promise<TrendRow | null> {
  const [row] = await db.select().from(trends).where(eq(trends.id, id));
  return row ? asTrendRow(row) : null;
}

/** Newest first, keyset-paged on (created_at, id): every page costs the same however many trends exist. */
export async function listTrends(
  db: DbOrTx,
  options: { limit: number; after?: { createdAt: string; id: string } },
): Promise<TrendRow[]> {
  // A row comparison (the builder has none) so the (created_at desc, id desc) index serves the page.
  const after = options.after
    ? sql`(${trends.createdAt}, ${trends.id}) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  const rows = await db
    .select()
    .from(trends)
    .where(after)
    .orderBy(sql`${trends.createdAt} desc nulls last`, sql`${trends.id} desc nulls last`)
    .limit(options.limit);
  return rows.map(asTrendRow);
}

export async function countTrends(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: trendTotals.count }).from(trendTotals).where(eq(trendTotals.id, 1));
  return Number(row?.count ?? 0);
}

/**
 * Moves a trend to 'processing' unless it already is; returns the row when this call claimed it
 * (so exactly one analysis job is enqueued per run).
 */
export async function claimForProcessing(db: DbOrTx, id: string): Promise<TrendRow | null> {
  const [row] = await db
    .update(trends)
    .set({ status: 'processing', error: null, updatedAt: new Date() })
    .where(and(eq(trends.id, id), ne(trends.status, 'processing')))
    .returning();
  return row ? asTrendRow(row) : null;
}

const whileProcessing = (id: string) => and(eq(trends.id, id), eq(trends.status, 'processing'));

export async function saveAnalysis(
  db: DbOrTx,
  id: string,
  values: {
    skeleton: string;
    twistIdeas: string[];
    trendingData: TrendingData;
    metrics: TrendMetrics;
    input: AnalysisInput;
    format: string;
    engine: TrendRow['engine'];
  },
): Promise<boolean> {
  const updated = await db
    .update(trends)
    .set({
      status: 'processed',
      skeleton: values.skeleton,
      twistIdeas: values.twistIdeas,
      trendingData: values.trendingData,
      metrics: values.metrics,
      analysisInput: values.input,
      format: values.format,
      engine: values.engine,
      error: null,
      processedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(whileProcessing(id))
    .returning({ id: trends.id });
  return updated.length > 0;
}

/** Appends ideas (the caller has removed the ones already present). */
export async function appendIdeas(
  db: DbOrTx,
  id: string,
  ideas: string[],
  engine: TrendRow['engine'],
): Promise<boolean> {
  const updated = await db
    .update(trends)
    .set({
      status: 'processed',
      twistIdeas: sql`${trends.twistIdeas} || ${JSON.stringify(ideas)}::jsonb`,
      engine,
      error: null,
      processedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(whileProcessing(id))
    .returning({ id: trends.id });
  return updated.length > 0;
}

/** Ends a run: failed with a reason, or back to processed when an earlier analysis is kept. */
export async function markFailed(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(trends)
    .set({
      status: sql`case when ${trends.skeleton} is null then 'failed' else 'processed' end`,
      error: reason,
      updatedAt: new Date(),
    })
    .where(whileProcessing(id))
    .returning({ id: trends.id });
  return updated.length > 0;
}

async function deleteWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const deleted = await db.delete(trends).where(where).returning({ id: trends.id });
  await adjustTotal(db, -deleted.length);
  return deleted.length;
}

/** Deletes one trend; use in a transaction (the total changes too). */
export const deleteTrend = async (db: DbOrTx, id: string): Promise<boolean> =>
  (await deleteWhere(db, eq(trends.id, id))) > 0;

/** The trends the owner created, or this browser added without a session. */
export async function trendsCreatedBy(
  db: DbOrTx,
  owner: string,
  browserHash: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ id: trends.id })
    .from(trends)
    .where(
      or(
        eq(trends.createdBy, owner),
        browserHash ? and(isNull(trends.createdBy), eq(trends.browserHash, browserHash)) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** Deletes these trends (in a transaction); returns how many went. */
export const deleteTrends = (db: DbOrTx, ids: string[]) =>
  ids.length ? deleteWhere(db, inArray(trends.id, ids)) : Promise.resolve(0);

/** Forgets who created these trends (they stay for the people who filed them). */
export async function forgetCreator(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length)
    await db.update(trends).set({ createdBy: null, browserHash: null }).where(inArray(trends.id, ids));
}
