import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnalysisEngine, TrendStatus } from '#contract/trend-display.ts';
import type { Trend, TrendingData, TrendMetrics } from '#contract/trends.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Trends (docs/spec/product-spec.md §3): a short-video URL and its analysis. `source` is the canonical URL (one row per
 * video). The browser that added it may delete it: only the SHA-256 of its random trend cookie is
 * kept (`owner_hash`, a name older than the vocabulary: it holds the browser, not the owner);
 * `created_by` is the owner who added it, when the browser had a dashboard session.
 */
export const trends = pgTable(
  'trends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    platform: text('platform').$type<Trend['platform']>().notNull(),
    status: text('status').$type<TrendStatus>().notNull().default('pending'),
    skeleton: text('skeleton'),
    twistIdeas: jsonb('twist_ideas').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    trendingData: jsonb('trending_data').$type<TrendingData>(),
    metrics: jsonb('metrics').$type<TrendMetrics>(),
    /** What the analyser read (title, caption, hashtags, duration...), kept for 'More Ideas'. */
    analysisInput: jsonb('analysis_input'),
    format: text('format'),
    engine: text('engine').$type<AnalysisEngine>(),
    error: text('error'),
    /** SHA-256 of the adding browser's trend cookie. */
    browserHash: text('owner_hash'),
    /** The owner who added it, when there was one ('Delete my data'). */
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trends_source_key').on(t.source),
    index('trends_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('trends_created_by_idx').on(t.createdBy),
    check('trends_status_check', sql`${t.status} in ('pending', 'processing', 'processed', 'failed')`),
    check('trends_platform_check', sql`${t.platform} in ('tiktok', 'instagram', 'youtube')`),
  ],
);

/** The number of trends, kept beside the table so a page never counts every row. One row (id 1). */
export const trendTotals = pgTable('trend_totals', {
  id: integer('id').primaryKey().default(1),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});
