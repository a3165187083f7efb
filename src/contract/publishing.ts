import { z } from 'zod';

/** Publishing: connected accounts, posts of drafts (now, in a slot, at a time), slots. */
export const PUBLISH_API = '/api/publishing';

export const PLATFORMS = ['linkedin', 'x', 'bluesky', 'mastodon'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  linkedin: 'LinkedIn',
  x: 'X',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
};

/** A post may be scheduled at most this far ahead. */
export const SCHEDULE_MAX_DAYS = 366;
export const ACCOUNTS_PER_POST_MAX = 10;
export const THREAD_PARTS_MAX = 25;
export const SLOTS_PER_ACCOUNT_MAX = 50;

export const ACCOUNT_STATUSES = ['connected', 'reconnect', 'disconnected'] as const;
export const accountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  instance_url: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  /** The account's post length on its platform (Mastodon: the instance's). */
  char_limit: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type PublishAccount = z.infer<typeof accountSchema>;

export const platformAvailabilitySchema = z.object({
  platform: z.enum(PLATFORMS),
  available: z.boolean(),
  /** Why not (the operator has not configured the platform's developer app). */
  reason: z.string().nullable(),
  /** What connecting asks for: an app password (Bluesky), an instance (Mastodon), or nothing (OAuth). */
  connect: z.enum(['app_password', 'instance', 'oauth']),
});
export const accountsSchema = z.object({
  accounts: z.array(accountSchema),
  platforms: z.array(platformAvailabilitySchema),
});

export const connectBlueskySchema = z.object({
  handle: z.string().trim().min(3, 'Enter your Bluesky handle').max(253),
  app_password: z.string().trim().min(4, 'Enter an app password').max(100),
  /** The account's server when it is not bsky.social. */
  service: z.string().trim().max(300).optional(),
});
export const startOauthSchema = z.object({
  platform: z.enum(['mastodon', 'x', 'linkedin']),
  /** Mastodon: the instance, e.g. mastodon.social. */
  instance: z.string().trim().max(300).optional(),
});
export const startOauthResponseSchema = z.object({ authorize_url: z.string() });
export const oauthCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

/** A post's texts for one account: its parts (a thread's posts), at most THREAD_PARTS_MAX. */
const partsSchema = z.array(z.string().max(10_000)).min(1).max(THREAD_PARTS_MAX);

export const previewRequestSchema = z.object({
  draft_id: z.string().uuid(),
  account_ids: z.array(z.string().uuid()).min(1, 'Pick at least one account').max(ACCOUNTS_PER_POST_MAX),
  /** The user's own texts per account id (after fixing what did not fit); else the draft's. */
  texts: z.record(z.string(), partsSchema).optional(),
  /** A carousel's alt text per account id, one per slide in order (X, Bluesky, Mastodon); else each slide's own text. */
  alts: z.record(z.string(), z.array(z.string().max(5_000)).max(25)).optional(),
  /** Clip hooks: which clip (from 1) goes out, as a video where the platform takes it; default 1. */
  clip: z.number().int().min(1).max(50).optional(),
});

export const previewPartSchema = z.object({
  text: z.string(),
  /** Counted as the platform counts (X: weighted with links as 23; Bluesky: graphemes). */
  length: z.number().int(),
  limit: z.number().int(),
  fits: z.boolean(),
  /** Where the text stops fitting (a character index), for the preview to show where to cut. */
  cut_at: z.number().int().nullable(),
});
/** A carousel slide going out as an image (X, Bluesky, Mastodon): which post carries it, and its alt text counted. */
export const previewImageSchema = z.object({
  /** The slide, from 1. */
  slide: z.number().int(),
  /** The post (from 0) it is attached to. */
  part: z.number().int(),
  alt: z.string(),
  length: z.number().int(),
  limit: z.number().int(),
  /** Not empty and within the platform's alt-text limit. */
  fits: z.boolean(),
});
export const previewAccountSchema = z.object({
  account_id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  parts: z.array(previewPartSchema),
  /** A carousel's slides as images with their alt text (empty for other drafts and for LinkedIn). */
  images: z.array(previewImageSchema),
  /** Clip hooks: the clip (from 1) that goes with the post as a video (X, Bluesky, Mastodon), else null. */
  video_clip: z.number().int().nullable(),
  fits: z.boolean(),
  /** How the platform counts ("graphemes", "weighted characters, links count 23"...). */
  counting: z.string(),
});
export const previewSchema = z.object({ accounts: z.array(previewAccountSchema) });
export type PublishPreview = z.infer<typeof previewSchema>;

export const WHEN_KINDS = ['now', 'slot', 'time'] as const;
export const createPostsSchema = previewRequestSchema.extend({
  when: z.enum(WHEN_KINDS),
  /** With when=time: the instant (ISO 8601 with an offset). */
  at: z.string().datetime({ offset: true }).optional(),
});

export const POST_STATUSES = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'check',
  'waiting_account',
  'cancelled',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  check: 'Check on the platform',
  waiting_account: 'Waiting for the account to be reconnected',
  cancelled: 'Cancelled',
};

export const publishPostSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  draft_id: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  placement: z.enum(WHEN_KINDS),
  scheduled_at: z.string(),
  parts: z.array(z.string()),
  /** The live posts made so far, in order (a thread's first posts while the rest wait). */
  links: z.array(z.string()),
  error: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type PublishPost = z.infer<typeof publishPostSchema>;
export const publishPostsSchema = z.object({ posts: z.array(publishPostSchema) });
export const postsQuerySchema = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  draft_id: z.string().max(100).optional(),
});
export const movePostSchema = z.object({ scheduled_at: z.string().datetime({ offset: true }) });

export const slotSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  weekday: z.number().int().min(0).max(6),
  minute: z.number().int().min(0).max(1439),
  time_zone: z.string(),
  /** "Tue 08:30". */
  label: z.string(),
});
export type PublishSlot = z.infer<typeof slotSchema>;
export const slotsSchema = z.object({ slots: z.array(slotSchema) });
export const createSlotSchema = z.object({
  account_id: z.string().uuid(),
  weekday: z.number().int().min(0).max(6),
  /** "HH:MM", 24-hour, in `time_zone`. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 08:30'),
  time_zone: z.string().min(1).max(64),
});
export const nextSlotSchema = z.object({ at: z.string().nullable() });

export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const slotLabel = (weekday: number, minute: number) =>
  `${WEEKDAY_LABELS[weekday]} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** What a draft says about its live posts when it is deleted. */
export const DRAFT_DELETE_KEEPS_POSTS =
  'Deleting this draft does not delete what was published from it: live posts stay on their platforms.';

/** A carousel goes to X, Bluesky and Mastodon as its slides, at most this many images a post. */
export const IMAGES_PER_POST = 4;
/**
 * Alt text each platform takes for an image: X 1,000 characters (media metadata), Mastodon 1,500
 * (a media description), Bluesky 2,000 graphemes (its app's limit; the lexicon sets none).
 */
export const ALT_TEXT_LIMITS = {
  x: { max: 1000, unit: 'characters' },
  bluesky: { max: 2000, unit: 'graphemes' },
  mastodon: { max: 1500, unit: 'characters' },
} as const;
export type ImagePlatform = keyof typeof ALT_TEXT_LIMITS;
export const takesImages = (platform: Platform): platform is ImagePlatform => platform in ALT_TEXT_LIMITS;
/** Alt text counted as its platform counts it. */
export function altTextLength(platform: ImagePlatform, text: string): number {
  if (platform === 'bluesky')
    return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
  return [...text].length;
}
/** What the publish preview and the API say when an image has no alt text. */
export const altTextMissing = (slide: number, handle: string) =>
  `An image without alt text asks for it: describe slide ${slide} for ${handle} (what it shows, for people who cannot see it)`;
/** Which slides go with which post, IMAGES_PER_POST a post ("Slides 1-4 go with post 1, 5-7 with post 2"). */
export function imagePlan(slides: number): string {
  const groups: string[] = [];
  for (let from = 1; from <= slides; from += IMAGES_PER_POST) {
    const to = Math.min(slides, from + IMAGES_PER_POST - 1);
    const range = from === to ? `${from}` : `${from}-${to}`;
    groups.push(groups.length ? `${range} with post ${groups.length + 1}` : `Slides ${range} go with post 1`);
  }
  return `${groups.join(', ')}: ${IMAGES_PER_POST} images a post at most, so every slide goes out, in order.`;
}

/**
 * Published results (the dashboard's 'My Voice' tab): what went out, or tried to, newest first.
 * 'reconnect' is a post waiting for its account to be connected again.
 */
export const RESULT_STATUSES = ['published', 'check', 'failed', 'reconnect'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = {
  published: 'Published',
  check: 'Check on the platform',
  failed: 'Failed',
  reconnect: 'Reconnect the account',
};
export const RESULTS_PAGE_MAX = 50;
export const publishedResultSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  status: z.enum(RESULT_STATUSES),
  /** When it went out (published), else when it was due. */
  at: z.string(),
  /** The first part's opening words (at most 200 characters). */
  excerpt: z.string(),
  parts: z.number().int(),
  /** The live posts (https only), in order. */
  links: z.array(z.string()),
  error: z.string().nullable(),
  draft_id: z.string().nullable(),
});
export type PublishedResult = z.infer<typeof publishedResultSchema>;
export const publishedResultsSchema = z.object({
  /** Per platform over all the owner's posts: how many ended in each status. */
  counts: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      published: z.number().int(),
      check: z.number().int(),
      failed: z.number().int(),
      reconnect: z.number().int(),
    }),
  ),
  results: z.array(publishedResultSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  next_cursor: z.string().nullable(),
});
export type PublishedResults = z.infer<typeof publishedResultsSchema>;
export const resultsQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(RESULTS_PAGE_MAX).default(20),
});
