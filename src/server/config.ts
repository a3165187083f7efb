import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one validated configuration module. Nothing else in the project reads process.env:
 * everything is passed down from the object built here (tests build their own with overrides).
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

const envSchema = z.object({
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
  /** Trust X-Forwarded-For from a reverse proxy: true/false, a hop count, or trusted addresses/CIDRs. */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  NODE_ENV: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Waitlist signups allowed per client address per minute. */
  SIGNUP_RATE_LIMIT: positiveInt(10),
  /** Trends a client address may add per minute. */
  TREND_RATE_LIMIT: positiveInt(10),
  /** Anonymous transcription submissions per client address per minute. */
  SUBMIT_RATE_LIMIT: positiveInt(20),
  /** Transcription submissions for one e-mail address per hour (whatever the client). */
  SUBMIT_EMAIL_RATE_LIMIT: positiveInt(30),
  /** Failed admin sign-ins allowed per client address per minute. */
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
  /** Studio: audio and video storage per address, in MB (default 2 GB). */
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
  /** Studio: notes an address may add per day (written, imported posts, uploads and recordings). */
  STUDIO_NOTES_PER_DAY: positiveInt(500),
  /** Studio: drafts (or blocks) an address may have written per day, each up to two model calls. */
  STUDIO_DRAFT_JOBS_PER_DAY: positiveInt(200),
  /** Studio: language-model calls an address's drafts may make per day (a draft makes one, or two with a retry). */
  STUDIO_MODEL_CALLS_PER_DAY: positiveInt(300),
  /** Studio: characters of note text an address may store (default 20 million, about 40 books). */
  STUDIO_TEXT_QUOTA_CHARS: positiveInt(20_000_000),
  /** Studio: minutes of audio or video an address may have transcribed per day. */
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
  /** Notes transcribed at once by one worker; unset: 4 with a speech-to-text server, 1 on this machine's CPU. */
  STUDIO_TRANSCRIBE_CONCURRENCY: z.preprocess(
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

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true/false (yes/no, on/off), a hop count (the number
 * of proxies in front of Echo: the client is that many addresses from the right of X-Forwarded-For),
 * or a comma-separated list of trusted proxy addresses and CIDRs.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(text)) return true;
  if (['false', 'no', 'off', '0'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (!family || !bitsOk || extra !== undefined))
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY: '${entry}' is not true/false, a hop count, or an address/CIDR`,
      );
  }
  return entries;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  role: 'all' | 'web' | 'worker';
  runsWeb: boolean;
  runsWorker: boolean;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  metaPixelId: string | undefined;
  /** Fastify's trustProxy: false, true, a hop count, or trusted addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** NODE_ENV=production: refuses to start without https PUBLIC_URL, SMTP_URL and ADMIN_PASSWORD. */
  production: boolean;
  logLevel: Env['LOG_LEVEL'];
  rateLimits: {
    signupPerMinute: number;
    adminLoginFailuresPerMinute: number;
    trendsPerMinute: number;
    submissionsPerMinute: number;
    submissionsPerEmailPerHour: number;
  };
  adminSessionHours: number;
  dbPoolSize: number;
  webDistDir: string;
  twilio: { accountSid?: string; authToken?: string; from?: string; baseUrl: string; timeoutMs?: number };
  stt: { baseUrl?: string; apiKey?: string; model: string; timeoutMs?: number };
  llm: { baseUrl?: string; apiKey?: string; model: string; timeoutMs?: number };
  /**
   * yt-dlp: `path` is YTDLP_PATH when set (it overrides everything); unset, `yt-dlp` on PATH,
   * else a managed copy from the package index under DATA_DIR/tools (providers/media/ytdlp-tool.ts).
   */
  ytDlp: {
    path: string | undefined;
    indexUrl: string;
    autoUpdate: boolean;
    /** YTDLP_VERSION (and YTDLP_SHA256): the release the managed copy must be. */
    pin: { version: string; sha256?: string } | undefined;
  };
  /** Kept for callers that pass one executable: YTDLP_PATH, else `yt-dlp` (resolved at run time). */
  ytDlpPath: string;
  /** FFMPEG_PATH when set; unset: `ffmpeg` on PATH, else the npm package's binary. */
  ffmpegPath: string | undefined;
  /** ALLOW_BUNDLED_FFMPEG: production may run the npm package's old ffmpeg. */
  allowBundledFfmpeg: boolean;
  /** POCKETSPHINX_PATH when set; unset: `pocketsphinx_continuous` on PATH, else none. */
  pocketsphinxPath: string | undefined;
  webhookSecret: string | undefined;
  stripeWebhookSecret: string | undefined;
  affiliateHoldDays: number;
  retentionMonths: number;
  campaigns: { defaultTimeZone: string; postalAddress: string; sendRatePerSecond: number };
  jobs: { heartbeatSeconds: number; superviseSeconds: number; retryDelaySeconds: number | undefined };
  /** Overrides each provider client's own time-out when set (milliseconds). */
  providerTimeoutMs: number | undefined;
  /** Publishing (issue 25): the platforms' addresses, the operator's apps and the token key. */
  publishing: {
    tokenKey: string | undefined;
    timeoutMs: number;
    allowPrivateHosts: boolean;
    blueskyServiceUrl: string;
    blueskyVideoUrl: string;
    x: { clientId?: string; clientSecret?: string; apiUrl: string; authorizeUrl: string };
    linkedin: { clientId?: string; clientSecret?: string; apiUrl: string; authUrl: string; version: string };
  };
  /** Echo Studio: per-address media storage quota; text analysis threads and their time budget. */
  studio: {
    quotaBytes: number;
    /** The analysis and slide threads (`niceness`: their nice value, STUDIO_THREAD_NICENESS). */
    analysis: { threads: number; timeoutMs: number; niceness: number };
    /**
     * Notes one worker transcribes at once (STUDIO_TRANSCRIBE_CONCURRENCY): a speech-to-text server
     * mostly waits on the network, so 4 by default; PocketSphinx runs on this machine's CPU, so 1.
     */
    transcribeConcurrency: number;
    /** Per-address limits (issue 23, decision 018). */
    limits: {
      notesPerDay: number;
      textChars: number;
      sttMinutesPerDay: number;
      mediaMaxMs: number;
      draftJobsPerDay: number;
      modelCallsPerDay: number;
    };
  };
  /**
   * Where Studio files live (providers/storage): `s3` set: that bucket; unset: DATA_DIR on this
   * machine. `temp`: the bounded folder for local copies tools need.
   */
  storage: {
    s3:
      | {
          endpoint: string | undefined;
          bucket: string;
          region: string;
          accessKeyId: string;
          secretAccessKey: string;
          forcePathStyle: boolean;
        }
      | undefined;
    temp: { dir: string; maxBytes: number };
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const providerTimeoutMs =
    e.PROVIDER_TIMEOUT_SECONDS === undefined ? undefined : Math.round(e.PROVIDER_TIMEOUT_SECONDS * 1000);
  if (e.YTDLP_SHA256 && !e.YTDLP_VERSION)
    throw new ConfigError(
      'Invalid configuration:\n  YTDLP_SHA256: needs YTDLP_VERSION (the release whose wheel has that digest)',
    );
  const s3Named = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name],
  );
  if (!e.S3_BUCKET && s3Named.length)
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: must be set with ${s3Named.join(', ')} (unset them all to keep files on this machine)`,
    );
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: both must be set with S3_BUCKET',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const production = e.NODE_ENV === 'production';
  if (production) {
    // Settings whose defaults are for one machine only: refuse rather than run unsafely.
    const missing: string[] = [];
    if (!e.PUBLIC_URL?.startsWith('https://'))
      missing.push(
        '  PUBLIC_URL: must be an https:// address in production (cookies are sent only with Secure)',
      );
    if (!e.SMTP_URL) missing.push('  SMTP_URL: must be set in production (codes could not be delivered)');
    if (!e.ADMIN_PASSWORD)
      missing.push('  ADMIN_PASSWORD: must be set in production (at least 12 characters)');
    if (missing.length)
      throw new ConfigError(`Invalid configuration (NODE_ENV=production):\n${missing.join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    role: e.ROLE,
    runsWeb: e.ROLE !== 'worker',
    runsWorker: e.ROLE !== 'web',
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    metaPixelId: e.META_PIXEL_ID,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    allowBundledFfmpeg: e.ALLOW_BUNDLED_FFMPEG,
    rateLimits: {
      signupPerMinute: e.SIGNUP_RATE_LIMIT,
      trendsPerMinute: e.TREND_RATE_LIMIT,
      adminLoginFailuresPerMinute: e.ADMIN_LOGIN_RATE_LIMIT,
      submissionsPerMinute: e.SUBMIT_RATE_LIMIT,
      submissionsPerEmailPerHour: e.SUBMIT_EMAIL_RATE_LIMIT,
    },
    adminSessionHours: e.ADMIN_SESSION_HOURS,
    dbPoolSize: e.DB_POOL_SIZE,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../dist/web', import.meta.url).pathname),
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      baseUrl: e.TWILIO_BASE_URL,
      timeoutMs: providerTimeoutMs,
    },
    stt: { baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL, timeoutMs: providerTimeoutMs },
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: providerTimeoutMs },
    ytDlp: {
      path: e.YTDLP_PATH,
      indexUrl: e.YTDLP_INDEX_URL,
      autoUpdate: e.YTDLP_AUTO_UPDATE,
      pin: e.YTDLP_VERSION
        ? { version: e.YTDLP_VERSION, ...(e.YTDLP_SHA256 ? { sha256: e.YTDLP_SHA256 } : {}) }
        : undefined,
    },
    ytDlpPath: e.YTDLP_PATH ?? 'yt-dlp',
    ffmpegPath: e.FFMPEG_PATH,
    pocketsphinxPath: e.POCKETSPHINX_PATH,
    webhookSecret: e.WEBHOOK_SECRET,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    affiliateHoldDays: e.AFFILIATE_HOLD_DAYS,
    retentionMonths: e.RETENTION_MONTHS,
    campaigns: {
      defaultTimeZone: e.DEFAULT_TIME_ZONE,
      postalAddress: e.POSTAL_ADDRESS,
      sendRatePerSecond: e.SEND_RATE_LIMIT,
    },
    jobs: {
      heartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
      superviseSeconds: e.JOB_SUPERVISE_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    },
    providerTimeoutMs,
    publishing: {
      tokenKey: e.PUBLISH_TOKEN_KEY,
      timeoutMs: Math.round(e.PUBLISH_TIMEOUT_SECONDS * 1000),
      allowPrivateHosts: e.PUBLISH_ALLOW_PRIVATE_HOSTS,
      blueskyServiceUrl: e.BLUESKY_SERVICE_URL.replace(/\/+$/, ''),
      blueskyVideoUrl: e.BLUESKY_VIDEO_URL.replace(/\/+$/, ''),
      x: {
        clientId: e.X_CLIENT_ID,
        clientSecret: e.X_CLIENT_SECRET,
        apiUrl: e.X_API_URL.replace(/\/+$/, ''),
        authorizeUrl: e.X_AUTHORIZE_URL,
      },
      linkedin: {
        clientId: e.LINKEDIN_CLIENT_ID,
        clientSecret: e.LINKEDIN_CLIENT_SECRET,
        apiUrl: e.LINKEDIN_API_URL.replace(/\/+$/, ''),
        authUrl: e.LINKEDIN_AUTH_URL.replace(/\/+$/, ''),
        version: e.LINKEDIN_VERSION,
      },
    },
    studio: {
      quotaBytes: e.STUDIO_QUOTA_MB * 1024 * 1024,
      limits: {
        notesPerDay: e.STUDIO_NOTES_PER_DAY,
        textChars: e.STUDIO_TEXT_QUOTA_CHARS,
        sttMinutesPerDay: e.STUDIO_STT_MINUTES_PER_DAY,
        mediaMaxMs: Math.round(e.STUDIO_MEDIA_MAX_MINUTES * 60_000),
        draftJobsPerDay: e.STUDIO_DRAFT_JOBS_PER_DAY,
        modelCallsPerDay: e.STUDIO_MODEL_CALLS_PER_DAY,
      },
      analysis: {
        threads: e.STUDIO_ANALYSIS_THREADS,
        timeoutMs: Math.round(e.STUDIO_ANALYSIS_TIMEOUT_SECONDS * 1000),
        niceness: e.STUDIO_THREAD_NICENESS,
      },
      transcribeConcurrency: e.STUDIO_TRANSCRIBE_CONCURRENCY ?? (e.STT_BASE_URL ? 4 : 1),
    },
    storage: {
      s3:
        e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
      temp: {
        dir: path.resolve(e.STORAGE_TEMP_DIR ?? os.tmpdir()),
        maxBytes: e.STORAGE_TEMP_MB * 1024 * 1024,
      },
    },
  };
}
