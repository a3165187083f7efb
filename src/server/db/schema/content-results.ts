import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { trends } from './trends.ts';

/**
 * docs/spec/product-spec.md §3 "Content result": transcriptions now; trend analyses and echo_core results are written
 * by their own features. `user_email` is the owner, normalised (trimmed, lower-cased).
 */
export const contentResults = pgTable(
  'content_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productType: text('product_type').notNull(),
    status: text('status').notNull().default('pending'),
    sourceUrl: text('source_url').notNull(),
    sourcePlatform: text('source_platform'),
    userEmail: text('user_email').notNull(),
    resultData: jsonb('result_data').notNull().default({}),
    /** For trend_analysis results filed from /trends: the trend, whose live state the dashboard shows; deleting the trend removes the entry. */
    trendId: uuid('trend_id').references(() => trends.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Last time the owner opened the dashboard (verified a code); the retention job reads it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_results_email_created_idx').on(t.userEmail, t.createdAt),
    uniqueIndex('content_results_email_trend_key')
      .on(t.userEmail, t.trendId)
      .where(sql`${t.trendId} is not null`),
    check(
      'content_results_product_type_check',
      sql`${t.productType} in ('transcription', 'trend_analysis', 'echo_core')`,
    ),
    check(
      'content_results_status_check',
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed')`,
    ),
  ],
);

/** Ids of signed webhook deliveries already accepted (Standard Webhooks replay protection). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_received_idx').on(t.receivedAt)],
);
