import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Env, envSchema } from './config-env.ts';

/**
 * The one validated configuration module. Nothing else in the project reads process.env:
 * everything is passed down from the object built here (tests build their own with overrides).
 * The variables themselves, their defaults and checks, are the schema in `config-env.ts`.
 */

export type { Env } from './config-env.ts';

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true/false (yes/no, on/off), a hop count (the number
 * of proxies in front of Echo: the client is that many IPs from the right of X-Forwarded-For),
 * or a comma-separated list of trusted proxy IPs and CIDRs.
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
    const [ip, bits, extra] = entry.split('/');
    const family = net.isIP(ip ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (!family || !bitsOk || extra !== undefined))
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY: '${entry}' is not true/false, a hop count, or an IP/CIDR`,
      );
  }
  return entries;
}

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
  /** Fastify's trustProxy: false, true, a hop count, or trusted IPs/CIDRs. */
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
  stt: { baseUrl?: string; apiKey?: string; model: string; diarizeModel?: string; timeoutMs?: number };
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
  /** Publishing: the platforms' addresses, the operator's apps and the token key. */
  publishing: {
    tokenKey: string | undefined;
    timeoutMs: number;
    allowPrivateHosts: boolean;
    /** Posts of one owner going out at once, and in 24 hours (PUBLISH_OWNER_CONCURRENCY, PUBLISH_DAILY_POSTS_MAX). */
    perOwner: { inFlight: number; daily: number };
    blueskyServiceUrl: string;
    blueskyVideoUrl: string;
    x: { clientId?: string; clientSecret?: string; apiUrl: string; authorizeUrl: string };
    linkedin: { clientId?: string; clientSecret?: string; apiUrl: string; authUrl: string; version: string };
  };
  /** Echo Studio: per-owner media storage quota; text analysis threads and their time budget. */
  studio: {
    quotaBytes: number;
    /** The analysis and slide threads (`niceness`: their nice value, STUDIO_THREAD_NICENESS). */
    analysis: { threads: number; timeoutMs: number; niceness: number };
    /**
     * Notes one worker transcribes at once (STUDIO_TRANSCRIBE_CONCURRENCY): with a speech-to-text
     * server a job mostly waits on the network, so 24 by default (its CPU part is bounded apart, by
     * convertConcurrency); PocketSphinx runs on this machine's CPU, so 1.
     */
    transcribeConcurrency: number;
    /**
     * ffmpeg conversions of media into speech-to-text pieces at once in one process
     * (STUDIO_CONVERT_CONCURRENCY): CPU-bound, so this machine's cores by default.
     */
    convertConcurrency: number;
    /** Downloads of drafts as files: per owner per minute and per day, and the bytes kept in memory. */
    exports: { perMinute: number; perDay: number; cacheBytes: number };
    /** Per-owner limits (decision 018). */
    limits: {
      notesPerDay: number;
      textChars: number;
      sttMinutesPerDay: number;
      mediaMaxMs: number;
      draftJobsPerDay: number;
      modelCallsPerDay: number;
      modelCharsPerDay: number;
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
    stt: {
      baseUrl: e.STT_BASE_URL,
      apiKey: e.STT_API_KEY,
      model: e.STT_MODEL,
      diarizeModel: e.STT_DIARIZE_MODEL,
      timeoutMs: providerTimeoutMs,
    },
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
      perOwner: { inFlight: e.PUBLISH_OWNER_CONCURRENCY, daily: e.PUBLISH_DAILY_POSTS_MAX },
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
        modelCharsPerDay: e.STUDIO_MODEL_CHARS_PER_DAY,
      },
      analysis: {
        threads: e.STUDIO_ANALYSIS_THREADS,
        timeoutMs: Math.round(e.STUDIO_ANALYSIS_TIMEOUT_SECONDS * 1000),
        niceness: e.STUDIO_THREAD_NICENESS,
      },
      transcribeConcurrency: e.STUDIO_TRANSCRIBE_CONCURRENCY ?? (e.STT_BASE_URL ? 24 : 1),
      convertConcurrency: e.STUDIO_CONVERT_CONCURRENCY ?? Math.min(16, os.availableParallelism()),
      exports: {
        perMinute: e.STUDIO_EXPORTS_PER_MINUTE,
        perDay: e.STUDIO_EXPORTS_PER_DAY,
        cacheBytes: e.STUDIO_EXPORT_CACHE_MB * 1024 * 1024,
      },
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
