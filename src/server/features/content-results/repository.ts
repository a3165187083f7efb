import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContentResult, ResultData } from '#contract/content-results.ts';
import { displayAudioName } from '#contract/trend-display.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { contentResults } from '../../db/schema/content-results.ts';
import { trends } from '../../db/schema/trends.ts';

type Row = typeof contentResults.$inferSelect;

/** The columns a dashboard entry reads, of the result and of its trend (no more: 1,000 per answer). */
const LISTED_RESULT = {
  id: contentResults.id,
  productType: contentResults.productType,
  status: contentResults.status,
  sourceUrl: contentResults.sourceUrl,
  sourcePlatform: contentResults.sourcePlatform,
  userEmail: contentResults.userEmail,
  createdAt: contentResults.createdAt,
  resultData: contentResults.resultData,
};
const LISTED_TREND = {
  source: trends.source,
  status: trends.status,
  skeleton: trends.skeleton,
  twistIdeas: trends.twistIdeas,
  trendingData: trends.trendingData,
  error: trends.error,
};
type ListedResult = Pick<Row, keyof typeof LISTED_RESULT>;
type TrendRow = Pick<typeof trends.$inferSelect, keyof typeof LISTED_TREND>;

const TREND_STATUS: Record<string, ContentResult['status']> = {
  pending: 'pending',
  processing: 'processing',
  processed: 'completed',
  failed: 'failed',
};

/**
 * A trend_analysis result shows its trend as it is now (status, skeleton and ideas, trending
 * audio, failure reason), so the dashboard never drifts from the trend analyser.
 */
function withTrend(result: ContentResult, trend: TrendRow | null): ContentResult {
  if (!trend) return result;
  const data = (trend.trendingData ?? {}) as {
    audio_name?: string | null;
    sound_name?: string | null;
    use_audio_url?: string | null;
  };
  const audioName = displayAudioName(data.audio_name ?? data.sound_name);
  const ideas = trend.twistIdeas.map((idea) => `- ${idea}`).join('\n');
  return {
    ...result,
    status: TREND_STATUS[trend.status] ?? 'pending',
    result_data: {
      videoUrl: trend.source,
      ...(trend.skeleton
        ? { summary: ideas ? `${trend.skeleton}\n\nTwist ideas:\n${ideas}` : trend.skeleton }
        : {}),
      ...(audioName ? { trending_audio: { name: audioName, url: data.use_audio_url ?? undefined } } : {}),
      ...(trend.status === 'failed' && trend.error ? { error: trend.error } : {}),
    },
  };
}

/** Files a trend on the owner's dashboard (once per owner and trend). */
export async function fileTrendResult(
  db: DbOrTx,
  values: { userEmail: string; trendId: string; sourceUrl: string; sourcePlatform: string },
): Promise<void> {
  await db
    .insert(contentResults)
    .values({ ...values, productType: 'trend_analysis' })
    .onConflictDoNothing({
      target: [contentResults.userEmail, contentResults.trendId],
      where: sql`trend_id is not null`,
    });
}

export const toContentResult = (row: ListedResult): ContentResult => ({
  id: row.id,
  product_type: row.productType as ContentResult['product_type'],
  status: row.status as ContentResult['status'],
  source_url: row.sourceUrl,
  source_platform: row.sourcePlatform,
  user_email: row.userEmail,
  created_at: row.createdAt.toISOString(),
  result_data: (row.resultData ?? {}) as ResultData,
});

export async function insertResult(
  db: DbOrTx,
  values: { productType: string; sourceUrl: string; sourcePlatform: string | null; userEmail: string },
): Promise<string> {
  const [row] = await db.insert(contentResults).values(values).returning({ id: contentResults.id });
  return row!.id;
}

export async function listResultsOf(db: DbOrTx, owner: string): Promise<ContentResult[]> {
  const rows = await db
    .select({ result: LISTED_RESULT, trend: LISTED_TREND })
    .from(contentResults)
    .leftJoin(trends, eq(trends.id, contentResults.trendId))
    .where(eq(contentResults.userEmail, owner))
    .orderBy(desc(contentResults.createdAt), desc(contentResults.id));
  return rows.map((row) => withTrend(toContentResult(row.result), row.trend));
}

export async function findResult(db: DbOrTx, id: string): Promise<Row | null> {
  const [row] = await db.select().from(contentResults).where(eq(contentResults.id, id));
  return row ?? null;
}

export async function deleteResultOf(db: DbOrTx, id: string, owner: string): Promise<boolean> {
  const deleted = await db
    .delete(contentResults)
    .where(and(eq(contentResults.id, id), eq(contentResults.userEmail, owner)))
    .returning({ id: contentResults.id });
  return deleted.length > 0;
}

/** pending -> processing; false when the result is gone or already settled. */
export async function markProcessing(db: DbOrTx, id: string): Promise<boolean> {
  const updated = await db
    .update(contentResults)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(and(eq(contentResults.id, id), inArray(contentResults.status, ['pending', 'processing'])))
    .returning({ id: contentResults.id });
  return updated.length > 0;
}

/** Settles an unsettled result (completed or failed) once: false when it was already settled or is gone. */
export async function settleResult(
  db: DbOrTx,
  id: string,
  status: 'completed' | 'failed',
  data: ResultData,
): Promise<boolean> {
  const updated = await db
    .update(contentResults)
    .set({
      status,
      resultData: sql`${contentResults.resultData} || ${JSON.stringify(data)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(contentResults.id, id), inArray(contentResults.status, ['pending', 'processing'])))
    .returning({ id: contentResults.id });
  return updated.length > 0;
}

/** Replaces the summary of a completed result (the LLM's, after the extractive one). */
export async function updateSummary(db: DbOrTx, id: string, summary: string): Promise<void> {
  await db
    .update(contentResults)
    .set({
      resultData: sql`${contentResults.resultData} || ${JSON.stringify({ summary })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(contentResults.id, id), eq(contentResults.status, 'completed')));
}

/**
 * Completes a waiting transcription with an external transcript in one statement (the video URL
 * falls back to the source link); when nothing changed, tells a missing result from a settled one.
 */
const COMPLETE_WITH_TRANSCRIPT = {
  name: 'content_results_complete_with_transcript',
  text: `update content_results set status = 'completed',
           result_data = (result_data - 'error') || $2::jsonb || jsonb_build_object('videoUrl', coalesce($3::text, source_url)),
           updated_at = now()
         where id = $1 and product_type = 'transcription' and status in ('pending', 'processing') returning id`,
};

/**
 * Completes a waiting transcription with an external transcript in one statement (the video URL
 * falls back to the source link); when nothing changed, tells a missing result from a settled one.
 * The update is one named statement on the transaction's connection (every webhook callback runs it).
 */
export async function completeWithTranscript(
  tx: Tx,
  id: string,
  data: { transcription: string; videoUrl?: string; summary: string; method: string },
): Promise<'completed' | 'not_found' | 'already_settled'> {
  const patch = JSON.stringify({ ...data, videoUrl: undefined });
  const updated = await tx.executeSql(COMPLETE_WITH_TRANSCRIPT, [id, patch, data.videoUrl ?? null]);
  if (updated.rows.length > 0) return 'completed';
  const existing = await tx.db
    .select({ id: contentResults.id })
    .from(contentResults)
    .where(and(eq(contentResults.id, id), eq(contentResults.productType, 'transcription')));
  return existing.length > 0 ? 'already_settled' : 'not_found';
}

/** The owner opened the dashboard: the retention job keeps these results (privacy). */
export async function touchResultsOf(db: DbOrTx, owner: string): Promise<void> {
  await db
    .update(contentResults)
    .set({ lastActiveAt: new Date() })
    .where(eq(contentResults.userEmail, owner));
}

/** Deletes every result of the owner (every product type); returns how many. */
export async function deleteResultsOf(db: DbOrTx, owner: string): Promise<number> {
  const deleted = await db
    .delete(contentResults)
    .where(eq(contentResults.userEmail, owner))
    .returning({ id: contentResults.id });
  return deleted.length;
}

/** Of these trends, the ones still filed on anyone's dashboard. */
export async function filedTrendIds(db: DbOrTx, trendIds: string[]): Promise<string[]> {
  if (!trendIds.length) return [];
  const rows = await db
    .selectDistinct({ trendId: contentResults.trendId })
    .from(contentResults)
    .where(inArray(contentResults.trendId, trendIds));
  return rows.flatMap((r) => (r.trendId ? [r.trendId] : []));
}

/** An Echo Studio draft's entry on the dashboard's 'My Voice' tab (an echo_core content result). */

/**
 * Files Echo Core results, pending, all in one statement (a request's drafts); each carries the id
 * its caller chose (a draft's address names its result before either is stored).
 */
export async function fileEchoCoreResults(
  db: DbOrTx,
  values: ReadonlyArray<{ id: string; email: string; sourceUrl: string; summary: string; title: string }>,
): Promise<void> {
  if (!values.length) return;
  await db.insert(contentResults).values(
    values.map((v) => ({
      id: v.id,
      productType: 'echo_core' as const,
      status: 'pending' as const,
      sourceUrl: v.sourceUrl,
      userEmail: v.email,
      resultData: { summary: v.summary, title: v.title },
    })),
  );
}

export async function settleEchoCoreResult(
  db: DbOrTx,
  /** One result, or several given the same status and data at once (one statement). */
  id: string | readonly string[],
  status: 'pending' | 'processing' | 'completed' | 'failed',
  resultData: { summary: string; error?: string },
): Promise<void> {
  // The card's title stays; an error belongs to the failure it names; a draft written (or failed) says when.
  const now = new Date();
  const settled = status === 'completed' || status === 'failed';
  const patch = { ...resultData, ...(settled ? { written_at: now.toISOString() } : {}) };
  await db
    .update(contentResults)
    .set({
      status,
      resultData: sql`(coalesce(${contentResults.resultData}, '{}'::jsonb) - 'error') || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: now,
    })
    .where(typeof id === 'string' ? eq(contentResults.id, id) : inArray(contentResults.id, [...id]));
}

/**
 * Settles several results at once, each with its own summary (a run's drafts written together):
 * one statement, not one per result.
 */
export async function settleEchoCoreResults(
  db: DbOrTx,
  status: 'completed' | 'failed',
  results: ReadonlyArray<{ id: string; summary: string; error?: string }>,
): Promise<void> {
  if (!results.length) return;
  const now = new Date();
  const patches = results.map(({ id, ...data }) => ({
    id,
    patch: { ...data, written_at: now.toISOString() },
  }));
  await db.execute(sql`
    update ${contentResults} as r
       set status = ${status},
           result_data = (coalesce(r.result_data, '{}'::jsonb) - 'error') || p.patch,
           updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) as p(id uuid, patch jsonb)
     where r.id = p.id`);
}
