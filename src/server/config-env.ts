import { z } from 'zod';

/**
 * The environment variables Echo reads, each with its default and check (zod). `config.ts` parses
 * `process.env` with this schema and maps the result to the `Config` object the rest of the server gets.
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
const bool = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value),
    z.boolean().default(fallback),
  );

export const envSchema = z.object({
  PORT: port(5000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalString,
  /** Port of the embedded PostgreSQL; 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: port(0),
  ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'web', 'worker']).default('all')),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  ),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Echo <hello@echo.local>')),
  META_PIXEL_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{5,20}$/, 'META_PIXEL_ID must be digits')
      .optional(),
  ),
  /** Trust X-Forwarded-For from a reverse proxy: true/false, a hop count, or trusted IPs/CIDRs. */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  NODE_ENV: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Waitlist signups allowed per client IP per minute. */
  SIGNUP_RATE_LIMIT: positiveInt(10),
  /** Trends a client IP may add per minute. */
  TREND_RATE_LIMIT: positiveInt(10),
  /** Anonymous transcription submissions per client IP per minute. */
  SUBMIT_RATE_LIMIT: positiveInt(20),
  /** Transcription submissions for one e-mail address per hour (whatever the client). */
  SUBMIT_EMAIL_RATE_LIMIT: positiveInt(30),
  /** Failed admin sign-ins allowed per client IP per minute. */
  ADMIN_LOGIN_RATE_LIMIT: positiveInt(5),
  /** Hours an admin token stays valid. */
  ADMIN_SESSION_HOURS: positiveInt(12),
  /** Connections in this process's database pool. */
  DB_POOL_SIZE: positiveInt(10),
  /** Where the built web app is; normally dist/web next to the sources. */
  WEB_DIST_DIR: optionalString,
  // Outside services (each has a fake that speaks its protocol in tests).
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.twilio.com')),
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.preprocess(emptyToUndefined, z.string().default('whisper-1')),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
  YTDLP_PATH: optionalString,
  /** The package index's JSON API for yt-dlp (managed copy when YTDLP_PATH is unset and none is on PATH). */
  YTDLP_INDEX_URL: z.preprocess(emptyToUndefined, z.url().default('https://pypi.org/pypi/yt-dlp/json')),
  /** Daily check for a newer managed yt-dlp. */
  YTDLP_AUTO_UPDATE: bool(true),
  /** Pins the managed yt-dlp to this release (whatever its age); unset: the newest one >= 48 hours old. */
  YTDLP_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d[0-9A-Za-z.!+]*$/, 'YTDLP_VERSION must be a yt-dlp release, e.g. 2025.10.22')
      .optional(),
  ),
  /** With YTDLP_VERSION: the sha256 its wheel must have (the index's digest and the download). */
  YTDLP_SHA256: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'YTDLP_SHA256 must be a sha256 digest (64 hex digits)')
      .transform((digest) => digest.toLowerCase())
      .optional(),
  ),
  /** ffmpeg executable; unset: `ffmpeg` on PATH, else the one shipped by @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: optionalString,
  /** PocketSphinx (offline rough transcripts); unset: `pocketsphinx_continuous` on PATH (Debian's pocketsphinx). */
  POCKETSPHINX_PATH: optionalString,
  /** Signs transcription callbacks; generated at first start and kept in the database when unset. */
  WEBHOOK_SECRET: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Days a commission stays pending before the daily job approves it. */
  AFFILIATE_HOLD_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30)),
  /** Campaigns: time zone of contacts that have none (quiet hours for SMS), IANA name. */
  DEFAULT_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTimeZone, 'DEFAULT_TIME_ZONE must be an IANA time zone, e.g. Europe/London')
      .default('UTC'),
  ),
  /** Postal address in the footer of campaign e-mails. */
  POSTAL_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().default('Echo, 1 Example Street, Nassau, Bahamas'),
  ),
  /** Campaign messages per second per channel (e-mail, SMS). */
  SEND_RATE_LIMIT: positiveInt(50),
  /** Months of inactivity after which the daily retention job deletes content results and contacts. */
  RETENTION_MONTHS: positiveInt(24),
  /**
   * Long-running jobs (trend analysis, transcription, summaries) send a heartbeat this often (in
   * half this time); a job whose worker died is retried once its heartbeat is this old.
   */
  JOB_HEARTBEAT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).default(30)),
  /** Seconds between the worker's supervisor passes (stale heartbeats, expired jobs). */
  JOB_SUPERVISE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  /** When set, every job retry waits exactly this many seconds (no backoff); unset: per-job backoff. */
  JOB_RETRY_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).optional(),
  ),
  /** Studio: audio and video storage per owner, in MB (default 2 GB). */
  STUDIO_QUOTA_MB: positiveInt(2048),
  // Object storage for Studio files: local disk under DATA_DIR unless S3_BUCKET is set.
  /** S3-compatible endpoint (MinIO, R2, Ceph...); unset with S3_BUCKET: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `endpoint/bucket/key` addresses (most self-hosted stores) instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: bool(false),
  /** Folder for local copies of stored media (ffmpeg, speech-to-text); unset: the system's temporary folder. */
  STORAGE_TEMP_DIR: optionalString,
  /** Most bytes of local copies at once, in MB (at least one upload's 500 MB). */
  STORAGE_TEMP_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(512).default(4096)),
  /** Runs the npm package's ffmpeg (a December 2018 build) when NODE_ENV=production and no other is found. */
  ALLOW_BUNDLED_FFMPEG: bool(false),
  /** Studio: notes an owner may add per day (written, imported posts, uploads and recordings). */
  STUDIO_NOTES_PER_DAY: positiveInt(500),
  /** Studio: drafts (or blocks) an owner may have written per day, each up to two model calls. */
  STUDIO_DRAFT_JOBS_PER_DAY: positiveInt(200),
  /** Studio: language-model calls an owner's drafts may make per day (a draft makes one, or two with a retry). */
  STUDIO_MODEL_CALLS_PER_DAY: positiveInt(300),
  /** Studio: characters of note text an owner may store (default 20 million, about 40 books). */
  STUDIO_TEXT_QUOTA_CHARS: positiveInt(20_000_000),
  /** Studio: minutes of audio or video an owner may have transcribed per day. */
  STUDIO_STT_MINUTES_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(240)),
  /** Studio: the longest recording or upload Echo transcribes, in minutes (checked before speech-to-text). */
  STUDIO_MEDIA_MAX_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(180)),
  /** Studio: worker threads that analyse notes' text off the event loop (1-4). */
  STUDIO_ANALYSIS_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(4).default(1)),
  /** Studio: time budget of one text analysis on its thread, in seconds (beyond: refused, thread replaced). */
  STUDIO_ANALYSIS_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(600).default(30),
  ),
  /** Studio: nice value of the analysis and slide threads (0-19; 0: as the event loop), so requests are served first. */
  STUDIO_THREAD_NICENESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(19).default(10)),
  /** Notes transcribed at once by one worker; unset: 24 with a speech-to-text server, 1 on this machine's CPU. */
  STUDIO_TRANSCRIBE_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** ffmpeg conversions for speech-to-text at once in one worker (CPU-bound); unset: this machine's cores. */
  STUDIO_CONVERT_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(16).optional(),
  ),
  /** When set, the time-out of every provider request (SMTP, Twilio, LLM, speech-to-text), in seconds. */
  PROVIDER_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3600).optional()),
  // Publishing (issue 25, decision 019).
  /**
   * Seals publishing tokens at rest (AES-256-GCM): 32 bytes as 64 hex digits or base64; unset:
   * generated at first start and kept in DATA_DIR/publish-token-key (mode 0600). Set it when web
   * and worker run on different machines.
   */
  PUBLISH_TOKEN_KEY: optionalString,
  /** Time-out of one call to a platform, in seconds (an unknown outcome is checked, never resent blindly). */
  PUBLISH_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(120).default(20)),
  /** Lets a Bluesky server or Mastodon instance be a private or loopback address (tests, a LAN). */
  PUBLISH_ALLOW_PRIVATE_HOSTS: bool(false),
  /** Bluesky's default server (PDS) for a handle without one. */
  BLUESKY_SERVICE_URL: z.preprocess(emptyToUndefined, z.url().default('https://bsky.social')),
  /** Bluesky's video service (app.bsky.video.uploadVideo), where a clip is uploaded for processing. */
  BLUESKY_VIDEO_URL: z.preprocess(emptyToUndefined, z.url().default('https://video.bsky.app')),
  /** X: the operator's developer app (OAuth 2.0 with PKCE); unset: X is shown as not available. */
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  X_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.x.com')),
  X_AUTHORIZE_URL: z.preprocess(emptyToUndefined, z.url().default('https://x.com/i/oauth2/authorize')),
  /** LinkedIn: the operator's developer app (OAuth 2.0, w_member_social); unset: not available. */
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.linkedin.com')),
  LINKEDIN_AUTH_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.linkedin.com/oauth/v2')),
  /** LinkedIn-Version header of the Posts API (YYYYMM). */
  LINKEDIN_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{6}$/)
      .default('202510'),
  ),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;
