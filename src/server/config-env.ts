import { z } from 'zod';
import {
  bool,
  emptyToUndefined,
  isTimeZone,
  optionalString,
  optionalUrl,
  port,
  positiveInt,
  stringOr,
  urlOr,
} from './config-values.ts';

/**
 * The environment variables Echo reads, each with its default and check (zod). `config.ts` parses
 * `process.env` with this schema and maps the result to the `Config` object the rest of the server gets.
 *
 * docs/configuration.md is generated from this schema (`npm run docs:config`, scripts/config-docs.ts):
 * every variable needs a doc comment saying what it does and what unset means, and a `//` line before
 * a variable starts a section of that page. A test fails when the page and the schema disagree. The readers
 * of one value (empty counts as unset, numbers, booleans) are `config-values.ts`.
 */

export const envSchema = z.object({
  // Server
  /** HTTP port. */
  PORT: port(5000),
  /** Address the HTTP server binds to. */
  HOST: stringOr('0.0.0.0'),
  /**
   * Echo's address as visitors reach it: the base of links in e-mails, referral links and the webhook URL.
   * Unset: `http://localhost:PORT`. In production it must be an `https://` address, since cookies are sent
   * only with Secure.
   */
  PUBLIC_URL: optionalUrl,
  /**
   * `web` answers HTTP, `worker` runs the jobs, `all` does both in one process. `web` and `worker` need
   * `DATABASE_URL`: processes share rate limits, sessions and jobs only through PostgreSQL (docs/deploy.md).
   */
  ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'web', 'worker']).default('all')),
  /**
   * `production` refuses to start without an `https://` `PUBLIC_URL`, `SMTP_URL` and `ADMIN_PASSWORD` (their
   * defaults are for one machine only) and never prints stored e-mails on the console; anything else is a
   * development machine, where the console is the mail catcher.
   */
  NODE_ENV: optionalString,
  /** pino's level (`fatal` ... `trace`), or `silent`. */
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * Which proxies may set the client IP (X-Forwarded-For) that rate limits count: `true`/`false`, a hop
   * count (`1`: one proxy in front), or trusted proxy addresses and CIDRs (`10.0.0.0/8,127.0.0.1`). Unset:
   * `false` (docs/deploy.md).
   */
  TRUST_PROXY: optionalString,
  /** Where the built web app is. Unset: `dist/web` next to the sources. */
  WEB_DIST_DIR: optionalString,
  /** Meta pixel for the waitlist's 'Lead' event. Unset: no pixel and no third-party script. */
  META_PIXEL_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{5,20}$/, 'META_PIXEL_ID must be digits')
      .optional(),
  ),

  // Database
  /**
   * Local state: the embedded database, Echo's own yt-dlp, generated secrets and, without `S3_BUCKET`,
   * Studio media.
   */
  DATA_DIR: stringOr('./data'),
  /** Any PostgreSQL >= 15. Unset: an embedded PostgreSQL with its data under `DATA_DIR`. */
  DATABASE_URL: optionalString,
  /** Port of the embedded PostgreSQL (loopback only); 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: port(0),
  /** Connections in this process's database pool. */
  DB_POOL_SIZE: positiveInt(10),

  // Admin
  /**
   * The admin sign-in (`POST /api/admin/login`); changing it ends every admin session. Unset: generated at
   * first start, printed once and written to `DATA_DIR/admin-password` (mode 0600).
   */
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  ),
  /** Hours an admin token stays valid. */
  ADMIN_SESSION_HOURS: positiveInt(12),

  // Rate limits
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

  // E-mail and SMS
  /**
   * E-mail delivery, e.g. `smtps://user:pass@smtp.example.com:465`. Unset: every e-mail is still written to
   * the outbox table (status `stored`, listed at `/admin/outbox`), so no flow loses a message.
   */
  SMTP_URL: optionalUrl,
  /** Sender of Echo's e-mails. */
  MAIL_FROM: stringOr('Echo <hello@echo.local>'),
  /**
   * SMS through Twilio's REST API, with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`. Unset: SMS are kept in the
   * outbox table.
   */
  TWILIO_ACCOUNT_SID: optionalString,
  /** Twilio's auth token; it also verifies inbound SMS (`POST /api/twilio/inbound`). */
  TWILIO_AUTH_TOKEN: optionalString,
  /** The Twilio number SMS are sent from. */
  TWILIO_FROM: optionalString,
  /** Twilio's API base (tests point it at a local fake). */
  TWILIO_BASE_URL: urlOr('https://api.twilio.com'),

  // Speech-to-text, language model and webhooks
  /**
   * An OpenAI-compatible speech-to-text server (OpenAI, whisper.cpp server, speaches, LocalAI) for videos
   * without captions and Studio notes. Unset: the fallbacks in docs/transcription.md (videos) and
   * docs/studio.md (notes: PocketSphinx when installed).
   */
  STT_BASE_URL: optionalUrl,
  /** The speech-to-text server's API key. */
  STT_API_KEY: optionalString,
  /** The speech-to-text model asked for. */
  STT_MODEL: stringOr('whisper-1'),
  /**
   * The speech-to-text server's model that tells speakers apart (`gpt-4o-transcribe-diarize`), asked
   * with `response_format=diarized_json` for a Studio recording or upload the owner marks as a
   * conversation: its segments' speakers become the note's. Unset: no conversation checkbox, and
   * every recording is transcribed as one speaker's.
   */
  STT_DIARIZE_MODEL: optionalString,
  /**
   * An OpenAI-compatible language model (OpenAI, Ollama, llama.cpp, vLLM) for trend analyses, transcript
   * summaries and Studio drafts. Unset: the offline template and extractive engines.
   */
  LLM_BASE_URL: optionalUrl,
  /** The language model's API key. */
  LLM_API_KEY: optionalString,
  /** The language model asked for. */
  LLM_MODEL: stringOr('gpt-4o-mini'),
  /**
   * One time-out, in seconds, for every request to SMTP, Twilio, the language model and speech-to-text.
   * Unset: each client's own (SMTP connect and reply, Twilio, LLM and speech-to-text each have theirs).
   */
  PROVIDER_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(3600).optional()),
  /**
   * Signs `POST /api/webhook/transcription-complete`; when set, videos nobody else can transcribe wait for
   * an external service's callback. Unset: generated at first start, printed once and kept in the database.
   */
  WEBHOOK_SECRET: optionalString,
  /**
   * Signing secret of `POST /api/webhooks/stripe` (affiliate commissions). Unset: the Stripe intake answers
   * 503.
   */
  STRIPE_WEBHOOK_SECRET: optionalString,

  // Media tools
  /**
   * The yt-dlp executable (captions and audio of submitted videos, trend metadata); it overrides everything
   * below. Unset: `yt-dlp` on PATH, else Echo's own copy under `DATA_DIR/tools`.
   */
  YTDLP_PATH: optionalString,
  /**
   * The package index's JSON API Echo downloads its own yt-dlp wheel from (sha256-checked, run by `python3`
   * >= 3.9).
   */
  YTDLP_INDEX_URL: urlOr('https://pypi.org/pypi/yt-dlp/json'),
  /** Whether the daily job moves Echo's own yt-dlp to a newer release (platforms change faster than Echo). */
  YTDLP_AUTO_UPDATE: bool(true),
  /**
   * Pins Echo's own yt-dlp to this release, whatever its age. Unset: the newest final release at least 48
   * hours old (time for a bad one to be yanked).
   */
  YTDLP_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d[0-9A-Za-z.!+]*$/, 'YTDLP_VERSION must be a yt-dlp release, e.g. 2025.10.22')
      .optional(),
  ),
  /**
   * With `YTDLP_VERSION`: the sha256 its wheel must have (the index's digest and the download); another is
   * refused.
   */
  YTDLP_SHA256: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'YTDLP_SHA256 must be a sha256 digest (64 hex digits)')
      .transform((digest) => digest.toLowerCase())
      .optional(),
  ),
  /**
   * ffmpeg for audio conversion, run with no environment but PATH, inputs limited to files and pipes, CPU
   * time and memory capped by util-linux `prlimit` when installed. Unset: `ffmpeg` on PATH, else the one
   * shipped by @ffmpeg-installer/ffmpeg.
   */
  FFMPEG_PATH: optionalString,
  /**
   * With `NODE_ENV=production`, run the npm package's ffmpeg (a December 2018 build) when no other is found;
   * refused otherwise, and the checklist says so.
   */
  ALLOW_BUNDLED_FFMPEG: bool(false),
  /**
   * Offline recogniser for rough transcripts without a speech-to-text server (needs the `pocketsphinx-en-us`
   * model); listed on the checklist. Unset: `pocketsphinx_continuous` on PATH (Debian's pocketsphinx).
   */
  POCKETSPHINX_PATH: optionalString,

  // Campaigns, affiliates and retention
  /** IANA time zone of contacts that have none; no SMS goes out between 21:00 and 08:00 their time. */
  DEFAULT_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTimeZone, 'DEFAULT_TIME_ZONE must be an IANA time zone, e.g. Europe/London')
      .default('UTC'),
  ),
  /** Postal address in the footer of campaign e-mails. */
  POSTAL_ADDRESS: stringOr('Echo, 1 Example Street, Nassau, Bahamas'),
  /** Campaign messages per second per channel (e-mail, SMS). */
  SEND_RATE_LIMIT: positiveInt(50),
  /** Days a commission stays pending before the daily job approves it. */
  AFFILIATE_HOLD_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30)),
  /**
   * Months of inactivity after which the daily retention job deletes content results and campaign contacts.
   */
  RETENTION_MONTHS: positiveInt(24),

  // Jobs
  /**
   * Long-running jobs (trend analyses, transcriptions, summaries, message delivery) send a heartbeat every
   * half of this; a job whose worker died is retried once its heartbeat is this old, instead of waiting for
   * its expiry (which still bounds a live but stuck job).
   */
  JOB_HEARTBEAT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).default(30)),
  /** Seconds between the worker's supervisor passes (stale heartbeats, expired jobs). */
  JOB_SUPERVISE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  /**
   * When set, every job retry waits exactly this many seconds (tests, debugging). Unset: each job's
   * exponential backoff.
   */
  JOB_RETRY_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).optional(),
  ),

  // Echo Studio
  /**
   * Audio and video each owner may store (uploads and recordings), in MB; a full store answers
   * `quota_exceeded`.
   */
  STUDIO_QUOTA_MB: positiveInt(2048),
  /**
   * Notes an owner may add in 24 hours (written, imported posts, links, uploads, recordings); beyond:
   * `rate_limited`.
   */
  STUDIO_NOTES_PER_DAY: positiveInt(500),
  /** Characters of note text an owner may store; beyond: `quota_exceeded`. */
  STUDIO_TEXT_QUOTA_CHARS: positiveInt(20_000_000),
  /**
   * Minutes of audio or video an owner may have transcribed in 24 hours; a recording past it fails with a
   * message before anything is sent to speech-to-text.
   */
  STUDIO_STT_MINUTES_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(240)),
  /**
   * The longest recording or upload Echo transcribes, in minutes, measured by ffmpeg on the server before
   * speech-to-text.
   */
  STUDIO_MEDIA_MAX_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(180)),
  /**
   * Drafts (or regenerated blocks) an owner may start in 24 hours, each up to two model calls; beyond:
   * `rate_limited`.
   */
  STUDIO_DRAFT_JOBS_PER_DAY: positiveInt(200),
  /**
   * Language-model calls an owner's drafts may make in 24 hours, counted call by call; beyond, requests that
   * would use the model get `rate_limited`, and a job already accepted writes its draft offline and says
   * why.
   */
  STUDIO_MODEL_CALLS_PER_DAY: positiveInt(300),
  /**
   * Characters an owner's drafts may send the language model in 24 hours, each call counted before it
   * is made as its prompt (at most 24,000 characters) plus the longest answer it may get (3,000 tokens,
   * 12,000 characters); beyond, as for STUDIO_MODEL_CALLS_PER_DAY.
   */
  STUDIO_MODEL_CHARS_PER_DAY: positiveInt(3_000_000),
  /**
   * Worker threads that analyse notes' text (written notes, edits, imports, transcripts) and write drafts
   * offline (and their captions) off the event loop, one task each at a time.
   */
  STUDIO_ANALYSIS_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(4).default(1)),
  /**
   * Time budget of one text analysis (or offline draft) on its thread, in seconds; beyond it the thread is
   * replaced and the note refused (`payload_too_large`), or the draft failed with why.
   */
  STUDIO_ANALYSIS_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().positive().max(600).default(30),
  ),
  /**
   * Drafts an owner may download as files (Markdown, HTML, text, captions, slides) per minute; beyond:
   * `rate_limited`. Cut clips have their own limit per minute (20).
   */
  STUDIO_EXPORTS_PER_MINUTE: positiveInt(30),
  /**
   * Files an owner may download from drafts in 24 hours, exports and cut clips together; beyond:
   * `rate_limited` until the day's window ends.
   */
  STUDIO_EXPORTS_PER_DAY: positiveInt(500),
  /**
   * Megabytes of exported files (carousel zips and PDFs, captions) a web process keeps in memory so the same
   * download is not made twice; past it the least recently used go first.
   */
  STUDIO_EXPORT_CACHE_MB: positiveInt(64),
  /**
   * Nice value of the analysis and carousel-slide threads, so the event loop is served first when they want
   * the same core; 0: as the loop.
   */
  STUDIO_THREAD_NICENESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(19).default(10)),
  /**
   * Notes one worker transcribes at once. Unset: 24 with a speech-to-text server (a note mostly waits on the
   * network; its ffmpeg step is bounded apart), 1 without (PocketSphinx uses this machine's CPU).
   */
  STUDIO_TRANSCRIBE_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /**
   * ffmpeg conversions (media to FLAC pieces for speech-to-text) one worker runs at once; the others wait
   * their turn in order. Unset: this machine's cores, as the work is CPU-bound.
   */
  STUDIO_CONVERT_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(16).optional(),
  ),

  // Studio media storage
  /**
   * An S3-compatible bucket for every Studio file (tus uploads, recording chunks, finished media), so web
   * processes and workers on different machines share them; needs `S3_ACCESS_KEY_ID` and
   * `S3_SECRET_ACCESS_KEY` (docs/deploy.md, "Media storage"). Unset: files stay on this machine under
   * `DATA_DIR`.
   */
  S3_BUCKET: optionalString,
  /**
   * The store's URL for MinIO, Cloudflare R2, Ceph, Garage... (`http://minio:9000`). Unset: AWS's endpoint
   * for `S3_REGION`.
   */
  S3_ENDPOINT: optionalUrl,
  /** The bucket's region (most self-hosted stores accept any). */
  S3_REGION: stringOr('us-east-1'),
  /** The bucket's access key (with `S3_BUCKET` and `S3_SECRET_ACCESS_KEY`). */
  S3_ACCESS_KEY_ID: optionalString,
  /** The bucket's secret key (with `S3_BUCKET` and `S3_ACCESS_KEY_ID`). */
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `endpoint/bucket/key` addresses (MinIO and most self-hosted stores) instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: bool(false),
  /**
   * Folder for local copies of stored media (ffmpeg and speech-to-text need files). Unset: the system's
   * temporary folder.
   */
  STORAGE_TEMP_DIR: optionalString,
  /** Most bytes the local copies may take at once, in MB (at least one upload's 500 MB). */
  STORAGE_TEMP_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(512).default(4096)),

  // Publishing
  /**
   * Seals publishing tokens and app passwords at rest (AES-256-GCM): 32 bytes as 64 hex digits or base64.
   * Set the same value on every machine when web and worker run apart. Unset: generated at first start and
   * kept in `DATA_DIR/publish-token-key` (mode 0600); with `NODE_ENV=production` it must be set, or
   * connecting an account answers 503 saying so.
   */
  PUBLISH_TOKEN_KEY: optionalString,
  /**
   * Time-out of one call to a platform, in seconds; an unanswered post is checked on the platform, never
   * sent again blindly.
   */
  PUBLISH_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(120).default(20)),
  /** Lets a Mastodon instance or Bluesky server be http or a private or loopback address (tests, a LAN). */
  PUBLISH_ALLOW_PRIVATE_HOSTS: bool(false),
  /**
   * Posts of one owner going out at once (over all their accounts); the owner's next posts wait their
   * turn a few seconds without holding a worker, so one owner's slow server never delays another's post.
   */
  PUBLISH_OWNER_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(8).default(2)),
  /**
   * Posts one owner may send in 24 hours (a thread counts once); past it, the next post waits until
   * the oldest of the day is 24 hours old, and says so.
   */
  PUBLISH_DAILY_POSTS_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000).default(100),
  ),
  /** The Bluesky server (PDS) of handles connected without one. */
  BLUESKY_SERVICE_URL: urlOr('https://bsky.social'),
  /** Bluesky's video service, where a clip is uploaded (with a service token from the PDS) and processed. */
  BLUESKY_VIDEO_URL: urlOr('https://video.bsky.app'),
  /**
   * The operator's X developer app (OAuth 2.0 with PKCE; callback
   * `PUBLIC_URL/api/publishing/oauth/callback`). Unset: X is shown as not available.
   */
  X_CLIENT_ID: optionalString,
  /** The X app's client secret. */
  X_CLIENT_SECRET: optionalString,
  /** X's API base (a proxy, or a fake in tests). */
  X_API_URL: urlOr('https://api.x.com'),
  /** X's OAuth authorization page (a proxy, or a fake in tests). */
  X_AUTHORIZE_URL: urlOr('https://x.com/i/oauth2/authorize'),
  /**
   * The operator's LinkedIn app (Share on LinkedIn and Sign In with OpenID Connect; same callback as X).
   * Unset: LinkedIn is shown as not available.
   */
  LINKEDIN_CLIENT_ID: optionalString,
  /** The LinkedIn app's client secret. */
  LINKEDIN_CLIENT_SECRET: optionalString,
  /** LinkedIn's API base (a proxy, or a fake in tests). */
  LINKEDIN_API_URL: urlOr('https://api.linkedin.com'),
  /** LinkedIn's OAuth base (a proxy, or a fake in tests). */
  LINKEDIN_AUTH_URL: urlOr('https://www.linkedin.com/oauth/v2'),
  /** LinkedIn-Version header of the Posts API (YYYYMM). */
  LINKEDIN_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{6}$/)
      .default('202510'),
  ),
});

export type Env = z.infer<typeof envSchema>;
