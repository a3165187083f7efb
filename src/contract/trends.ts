import { z } from 'zod';
import { checkTrendUrl } from './social-urls.ts';
import { ANALYSIS_ENGINES, TREND_PLATFORMS, TREND_STATUSES, TRENDS_MAX_PAGE_SIZE } from './trend-display.ts';

/** docs/spec/product-spec.md §3 trending_data. */
export const trendingDataSchema = z.object({
  sound_name: z.string().nullable(),
  audio_name: z.string().nullable(),
  use_audio_url: z.string().nullable(),
  original_video_url: z.string().nullable(),
  author_name: z.string().nullable(),
  author_username: z.string().nullable(),
  author_verified: z.boolean(),
  comment_count: z.number().nullable(),
});
export type TrendingData = z.infer<typeof trendingDataSchema>;

/** docs/spec/product-spec.md §3 engagement metrics; null when the platform did not report the number. */
export const trendMetricsSchema = z.object({
  view_count: z.number().nullable(),
  like_count: z.number().nullable(),
  share_count: z.number().nullable(),
  comment_count: z.number().nullable(),
  usage_count: z.number().nullable(),
  engagement_rate: z.number().nullable(),
});
export type TrendMetrics = z.infer<typeof trendMetricsSchema>;

export const trendSchema = z.object({
  id: z.string(),
  source: z.string(),
  platform: z.enum(TREND_PLATFORMS),
  created_at: z.string(),
  status: z.enum(TREND_STATUSES),
  skeleton: z.string().nullable(),
  twist_ideas: z.array(z.string()),
  trending_data: trendingDataSchema.nullable(),
  metrics: trendMetricsSchema.nullable(),
  /** The short-video format the analysis recognised (e.g. "POV"). */
  format: z.string().nullable(),
  /** Which analyser produced skeleton and ideas. */
  engine: z.enum(ANALYSIS_ENGINES).nullable(),
  /** Why the last analysis failed (shown on the card). */
  error: z.string().nullable(),
  /** True when this browser (or an admin) may delete the trend. */
  can_delete: z.boolean(),
});
export type Trend = z.infer<typeof trendSchema>;

export const trendPageSchema = z.object({
  trends: z.array(trendSchema),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TrendPage = z.infer<typeof trendPageSchema>;

export const trendListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TRENDS_MAX_PAGE_SIZE, `limit must be at most ${TRENDS_MAX_PAGE_SIZE}`)
    .optional(),
  cursor: z.string().max(200).optional(),
});

/** docs/spec/product-spec.md §3: the creation payload is the source only; docs/spec/product-spec.md §5 rules, checked by the server too. */
export const createTrendSchema = z.object({
  source: z
    .string({ error: 'Please enter a valid URL starting with https://' })
    .max(2048, 'URL is too long')
    .superRefine((value, ctx) => {
      const check = checkTrendUrl(value);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    }),
});
export type CreateTrend = z.infer<typeof createTrendSchema>;

export const deleteTrendResponseSchema = z.object({ success: z.literal(true) });
