import { sql } from 'drizzle-orm';
import type { TrendStatus } from '#contract/trend-display.ts';
import type { Trend, TrendingData, TrendMetrics } from '#contract/trends.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AnalysisInput } from './normalize.ts';

export type TrendRow = {
  id: string;
  source: string;
  platform: Trend['platform'];
  status: TrendStatus;
  skeleton: string | null;
  twist_ideas: string[];
  trending_data: TrendingData | null;
  metrics: TrendMetrics | null;
  analysis_input: AnalysisInput | null;
  format: string | null;
  engine: Trend['engine'];
  error: string | null;
  owner_hash: string | null;
  created_at: Date;
};

const COLUMNS = sql`id, source, platform, status, skeleton, twist_ideas, trending_data, metrics, analysis_input,
  format, engine, error, owner_hash, created_at`;

/** Inserts a trend, or returns null when that source is already stored. Keeps the total in step. */
export async function insertTrend(
  db: DbOrTx,
  values: { source: string; platform: string; ownerHash: string },
): Promise<TrendRow | null> {
  const result = await db.execute<TrendRow>(sql`
    with inserted as (
      insert into trends (source, platform, owner_hash) values (${values.source}, ${values.platform}, ${values.ownerHash})
      on conflict (source) do nothing
      returning ${COLUMNS}
    ), counted as (
      insert into trend_totals (id, count) select 1, count(*) from inserted
      on conflict (id) do update set count = trend_totals.count + excluded.count
    )
    select * from inserted`);
  return result.rows[0] ?? null;
}

export async function findTrendBySource(db: DbOrTx, source: string): Promise<TrendRow | null> {
  const result = await db.execute<TrendRow>(sql`select ${COLUMNS} from trends where source = ${source}`);
  return result.rows[0] ?? null;
}

export async function findTrend(db: DbOrTx, id: string): Promise<TrendRow | null> {
  const result = await db.execute<TrendRow>(sql`select ${COLUMNS} from trends where id = ${id}`);
  return result.rows[0] ?? null;
}

/** Newest first, keyset-paged on (created_at, id): every page costs the same however many trends exist. */
export async function listTrends(
  db: DbOrTx,
  options: { limit: number; after?: { createdAt: string; id: string } },
): Promise<TrendRow[]> {
  const where = options.after
    ? sql`where (created_at, id) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`
    : sql``;
  const result = await db.execute<TrendRow>(sql`
    select ${COLUMNS} from trends ${where} order by created_at desc nulls last, id desc nulls last limit ${options.limit}`);
  return result.rows;
}

export async function countTrends(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select coalesce((select count::int from trend_totals where id = 1), 0) as count`,
  );
  return result.rows[0]!.count;
}

/**
 * Moves a trend to 'processing' unless it already is; returns the row when this call claimed it
 * (so exactly one analysis job is enqueued per run).
 */
export async function claimForProcessing(db: DbOrTx, id: string): Promise<TrendRow | null> {
  const result = await db.execute<TrendRow>(sql`
    update trends set status = 'processing', error = null, updated_at = now()
    where id = ${id} and status <> 'processing'
    returning ${COLUMNS}`);
  return result.rows[0] ?? null;
}

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
    engine: string;
  },
): Promise<boolean> {
  const result = await db.execute(sql`
    update trends set status = 'processed', skeleton = ${values.skeleton},
      twist_ideas = ${JSON.stringify(values.twistIdeas)}::jsonb,
      trending_data = ${JSON.stringify(values.trendingData)}::jsonb,
      metrics = ${JSON.stringify(values.metrics)}::jsonb,
      analysis_input = ${JSON.stringify(values.input)}::jsonb,
      format = ${values.format}, engine = ${values.engine}, error = null,
      processed_at = now(), updated_at = now()
    where id = ${id} and status = 'processing'`);
  return (result.rowCount ?? 0) > 0;
}

/** Appends ideas (the caller has removed the ones already present). */
export async function appendIdeas(db: DbOrTx, id: string, ideas: string[], engine: string): Promise<boolean> {
  const result = await db.execute(sql`
    update trends set status = 'processed', twist_ideas = twist_ideas || ${JSON.stringify(ideas)}::jsonb,
      engine = ${engine}, error = null, processed_at = now(), updated_at = now()
    where id = ${id} and status = 'processing'`);
  return (result.rowCount ?? 0) > 0;
}

/** Ends a run: failed with a reason, or back to processed when an earlier analysis is kept. */
export async function markFailed(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const result = await db.execute(sql`
    update trends set status = case when skeleton is null then 'failed' else 'processed' end,
      error = ${reason}, updated_at = now()
    where id = ${id} and status = 'processing'`);
  return (result.rowCount ?? 0) > 0;
}

export async function deleteTrend(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    with deleted as (delete from trends where id = ${id} returning id),
    counted as (update trend_totals set count = count - (select count(*) from deleted) where id = 1)
    select id from deleted`);
  return result.rows.length > 0;
}
