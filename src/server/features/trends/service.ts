import { isUuid } from '#contract/ids.ts';
import { canonicalTrendUrl } from '#contract/trend-display.ts';
import type { Trend, TrendPage } from '#contract/trends.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { fileTrendResult } from '../content-results/index.ts';
import { analyseTrendJob } from './job-definitions.ts';
import {
  claimForProcessing,
  countTrends,
  deleteTrend as deleteTrendRow,
  findTrend,
  findTrendBySource,
  insertTrend,
  listTrends as listTrendRows,
  type TrendRow,
} from './repository.ts';

/** Who is asking: the hash of the browser's trend cookie, and whether an admin token came along. */
export interface Viewer {
  browserHash: string | null;
  isAdmin: boolean;
}

const TREND_NOT_FOUND = 'Trend not found';

export function toTrend(row: TrendRow, viewer: Viewer): Trend {
  return {
    id: row.id,
    source: row.source,
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    skeleton: row.skeleton,
    twist_ideas: row.twistIdeas ?? [],
    trending_data: row.trendingData,
    metrics: row.metrics,
    format: row.format,
    engine: row.engine,
    error: row.error,
    can_delete: viewer.isAdmin || (!!viewer.browserHash && viewer.browserHash === row.browserHash),
  };
}

async function existingTrend(ctx: AppContext, id: string): Promise<TrendRow> {
  if (!isUuid(id)) throw notFound(TREND_NOT_FOUND);
  const row = await findTrend(ctx.database.db, id);
  if (!row) throw notFound(TREND_NOT_FOUND);
  return row;
}

/** Adds a trend (canonical URL), or returns the one already stored for that video. */
export async function createTrend(
  ctx: AppContext,
  source: string,
  viewer: Viewer & { browserHash: string; owner: string | null },
): Promise<{ trend: Trend; created: boolean }> {
  const canonical = canonicalTrendUrl(source);
  if (!canonical) throw badRequest('URL must be from TikTok, Instagram, or YouTube');
  const inserted = await ctx.database.transaction((tx) =>
    insertTrend(tx.db, {
      source: canonical.url,
      platform: canonical.platform,
      browserHash: viewer.browserHash,
      createdBy: viewer.owner,
    }),
  );
  const row = inserted ?? (await findTrendBySource(ctx.database.db, canonical.url));
  if (!row) throw notFound(TREND_NOT_FOUND); // deleted in between
  // docs/spec/decisions.md: a browser with a verified dashboard session also gets the analysis on its dashboard.
  if (viewer.owner) {
    await fileTrendResult(ctx.database.db, {
      userEmail: viewer.owner,
      trendId: row.id,
      sourceUrl: row.source,
      sourcePlatform: CONTENT_PLATFORM_OF[canonical.platform],
    });
  }
  return { trend: toTrend(row, viewer), created: !!inserted };
}

const CONTENT_PLATFORM_OF = { tiktok: 'Tiktok', instagram: 'Instagram', youtube: 'Youtube' } as const;

/** Newest first; one page after `cursor` (an opaque created_at + id pair) plus the total. */
export async function listTrendPage(
  ctx: AppContext,
  viewer: Viewer,
  options: { limit: number; cursor?: string },
): Promise<TrendPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const [rows, total] = await Promise.all([
    listTrendRows(ctx.database.db, { limit: options.limit + 1, after }),
    countTrends(ctx.database.db),
  ]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    trends: page.map((row) => toTrend(row, viewer)),
    total,
    next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

const encodeCursor = (row: TrendRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !isUuid(id) || Number.isNaN(Date.parse(createdAt)) || !/^\d{4}-/.test(createdAt))
    throw badRequest('Invalid cursor');
  return { createdAt, id };
}

/**
 * Starts an analysis: a first analysis or Retry for pending/failed trends, 'More Ideas' for
 * processed ones. Idempotent while one runs: a trend already processing gets no second job.
 */
export async function processTrend(ctx: AppContext, id: string, viewer: Viewer): Promise<Trend> {
  await existingTrend(ctx, id);
  return ctx.database.transaction(async (tx) => {
    const claimed = await claimForProcessing(tx.db, id);
    if (!claimed) {
      const current = await findTrend(tx.db, id);
      if (!current) throw notFound(TREND_NOT_FOUND);
      return toTrend(current, viewer);
    }
    // Only processed trends keep a skeleton (a failed run of 'More Ideas' stays processed).
    const mode = claimed.skeleton ? 'more' : 'analyse';
    await ctx.jobs.enqueue(tx, analyseTrendJob, { trendId: id, mode });
    return toTrend(claimed, viewer);
  });
}

/** Only the browser that added the trend, or an admin, may delete it (docs/spec/decisions.md). */
export async function removeTrend(ctx: AppContext, id: string, viewer: Viewer): Promise<void> {
  const row = await existingTrend(ctx, id);
  if (!toTrend(row, viewer).can_delete) throw forbidden('Only the person who added this trend can delete it');
  if (!(await ctx.database.transaction((tx) => deleteTrendRow(tx.db, id)))) throw notFound(TREND_NOT_FOUND);
}
