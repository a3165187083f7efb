import { z } from 'zod';
import { emailSchema } from './waitlist.ts';

/** docs/spec/product-spec.md §3 "Content result" and §9: platforms as the transcription form labels them. */
export const CONTENT_PLATFORMS = ['Youtube', 'Instagram', 'Tiktok', 'Facebook'] as const;
export type ContentPlatform = (typeof CONTENT_PLATFORMS)[number];
/** The allowlist key (src/contract/social-urls.ts) of each platform label. */
export const CONTENT_PLATFORM_KEYS = {
  Youtube: 'youtube',
  Instagram: 'instagram',
  Tiktok: 'tiktok',
  Facebook: 'facebook',
} as const satisfies Record<ContentPlatform, string>;

export const PRODUCT_TYPES = ['transcription', 'trend_analysis', 'echo_core'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const CONTENT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const MISSING_INFORMATION_TITLE = 'Missing information';
export const MISSING_INFORMATION_MESSAGE = 'Please provide a link, email, and select a source platform';
export const INVALID_LINK_MESSAGE = 'Please enter a valid URL';
export const LINK_HOST_MESSAGE = 'Link must be from Youtube, Instagram, Tiktok or Facebook';
export const LINK_MAX = 2048;

/** docs/spec/product-spec.md §9 constants of the dashboard. */
export const TRANSCRIPT_PREVIEW_CHARS = 500;
export const DASHBOARD_REFRESH_MS = 10_000;
export const REDIRECT_AFTER_SUBMIT_MS = 1500;
export const SUBMIT_ERROR_RESET_MS = 5000;
export const PREFILL_FETCH_DELAY_MS = 100;
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this content?';

const linkSchema = z
  .string({ error: MISSING_INFORMATION_MESSAGE })
  .trim()
  .min(1, { error: MISSING_INFORMATION_MESSAGE, abort: true })
  .max(LINK_MAX, { error: INVALID_LINK_MESSAGE, abort: true })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: INVALID_LINK_MESSAGE,
  });
const platformSchema = z.enum(CONTENT_PLATFORMS, { error: MISSING_INFORMATION_MESSAGE });

/** POST /api/reaction-video/submit and the /reaction-video form (docs/spec/product-spec.md §5 "Content submission"). */
export const submitContentSchema = z.object({
  link: linkSchema,
  source: platformSchema,
  email: z
    .string({ error: MISSING_INFORMATION_MESSAGE })
    .trim()
    .min(1, { error: MISSING_INFORMATION_MESSAGE })
    .pipe(emailSchema),
});
export type SubmitContentInput = z.input<typeof submitContentSchema>;

/** The dashboard's inline 'New Transcription' form: link and platform only. */
export const inlineSubmitSchema = submitContentSchema.pick({ link: true, source: true });

export const submitContentResponseSchema = z.object({ success: z.literal(true), id: z.string() });

export const emailBodySchema = z.object({ email: emailSchema });
/** Where a visitor asked for a sign-in code: the e-mail names that page (the dashboard when absent). */
export const ACCESS_ORIGINS = ['dashboard', 'studio'] as const;
export type AccessOrigin = (typeof ACCESS_ORIGINS)[number];
export const requestAccessSchema = z.object({
  email: emailSchema,
  from: z
    .enum(ACCESS_ORIGINS)
    .optional()
    .describe('The page the code is for (its e-mail names it): `dashboard` (the default) or `studio`.'),
});
export const verifyAccessSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: 'Invalid verification code' })
    .trim()
    .max(20, { error: 'Invalid verification code' }),
});
export const messageResponseSchema = z.object({ message: z.string() });

export const resultDataSchema = z.object({
  transcription: z.string().optional(),
  videoUrl: z.string().optional(),
  summary: z.string().optional(),
  trending_audio: z.object({ name: z.string().optional(), url: z.string().optional() }).optional(),
  error: z.string().optional(),
  /** Which transcriber produced the transcript: captions, stt or webhook. */
  method: z.string().optional(),
  /** An Echo Studio draft (echo_core): its format and note ("LinkedIn post · Podcast launch"). */
  title: z.string().optional(),
  /** An Echo Studio draft: when it was last written, saved or restored (ISO 8601). */
  written_at: z.string().optional(),
});
export type ResultData = z.infer<typeof resultDataSchema>;

export const contentResultSchema = z.object({
  id: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  status: z.enum(CONTENT_STATUSES),
  source_url: z.string(),
  source_platform: z.string().nullable(),
  user_email: z.string(),
  created_at: z.string(),
  result_data: resultDataSchema,
});
export type ContentResult = z.infer<typeof contentResultSchema>;

export const accessResponseSchema = z.object({ results: z.array(contentResultSchema) });
export type AccessResponse = z.infer<typeof accessResponseSchema>;
export const sessionResponseSchema = z.object({ email: z.string().nullable() });

/** POST /api/webhook/transcription-complete (docs/spec/product-spec.md §7). */
export const transcriptionCompleteSchema = z.object({
  videoUrl: z.string().max(LINK_MAX).optional(),
  transcript: z
    .string({ error: 'transcript is required' })
    .min(1, { error: 'transcript is required' })
    .max(1_000_000, { error: 'transcript is too long' }),
  contentResultId: z.string({ error: 'contentResultId is required' }).min(1).max(100),
  /** A signed request that is checked and answered but changes nothing. */
  dryRun: z.boolean().optional(),
});
export type TranscriptionComplete = z.infer<typeof transcriptionCompleteSchema>;

export const webhookTestResponseSchema = z.object({
  message: z.string(),
  webhookUrl: z.string(),
  signature: z.string(),
  toleranceSeconds: z.number(),
});
export const webhookDryRunResponseSchema = z.object({
  message: z.string(),
  checks: z.array(z.object({ name: z.string(), passed: z.boolean(), detail: z.string() })),
});
export type WebhookDryRunResponse = z.infer<typeof webhookDryRunResponseSchema>;

// ---- Exports (docs/spec/product-spec.md §9 "Download formats: txt, md, json; file name transcript-{date}") ----

export const EXPORT_FORMATS = ['txt', 'md', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `transcript-YYYY-MM-DD.ext`, the date being the day the result was created (UTC). */
export function transcriptFileName(createdAt: string, format: ExportFormat): string {
  const date = new Date(createdAt);
  const day = Number.isNaN(date.getTime()) ? 'undated' : date.toISOString().slice(0, 10);
  return `transcript-${day}.${format}`;
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  txt: 'text/plain;charset=utf-8',
  md: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

type Exportable = Pick<ContentResult, 'id' | 'source_url' | 'source_platform' | 'created_at' | 'result_data'>;

/** The file content of a transcript export. */
export function exportTranscript(result: Exportable, format: ExportFormat): string {
  const transcript = result.result_data.transcription ?? '';
  const summary = result.result_data.summary ?? '';
  if (format === 'txt') return `${transcript}\n`;
  if (format === 'json') {
    return `${JSON.stringify(
      {
        id: result.id,
        source_url: result.source_url,
        source_platform: result.source_platform,
        created_at: result.created_at,
        summary: summary || null,
        transcription: transcript,
      },
      null,
      2,
    )}\n`;
  }
  const lines = [
    '# Transcript',
    '',
    `- **Source:** <${result.source_url}>`,
    ...(result.source_platform ? [`- **Platform:** ${result.source_platform}`] : []),
    `- **Date:** ${result.created_at.slice(0, 10)}`,
    '',
  ];
  if (summary) lines.push('## Summary', '', summary, '');
  lines.push('## Transcript', '', transcript, '');
  return lines.join('\n');
}
