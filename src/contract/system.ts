import { z } from 'zod';
import { healthSchema } from './api.ts';

/** The outside services the operator sees on /admin/system (same names as the server's registry). */
export const PROVIDER_NAMES = ['smtp', 'twilio', 'stt', 'llm', 'stripe', 'webhook'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const providerHealthSchema = z.object({
  configured: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const toolsHealthSchema = z.object({
  ytdlp: z.object({
    /** null: yt-dlp does not run (not installed, python3 missing, or the managed copy not downloaded yet). */
    version: z.string().nullable(),
    source: z.enum(['path', 'managed']),
    /** Why Echo's own copy could not be downloaded or updated last time (admin only). */
    problem: z.string().optional(),
  }),
  /** `bundled`: the npm package's December 2018 build is the one in use; `refused`: and production refuses it. */
  ffmpeg: z.object({
    version: z.string().nullable(),
    bundled: z.boolean().optional(),
    refused: z.boolean().optional(),
  }),
  /** The offline recogniser: null when it does not run (with why); 'unknown' when it runs but says no version. */
  pocketsphinx: z.object({ version: z.string().nullable(), problem: z.string().optional() }),
});

/** Where Studio files are kept and whether that store answered (admin only). */
export const storageHealthSchema = z.object({
  /** `local`: DATA_DIR on this machine; `s3`: an S3-compatible bucket (S3_BUCKET). */
  kind: z.enum(['local', 's3']),
  /** The folder, or the bucket and its endpoint (never a key). */
  location: z.string(),
  /** S3: the bucket answered a HeadBucket; local: the folder is writable. */
  reachable: z.boolean(),
  problem: z.string().optional(),
  /**
   * S3: each operation Echo uses, tried on a scratch key at start (again at most every 10 minutes
   * on this page): `refused` or `unanswered` ones say which Studio paths they disable.
   */
  operations: z
    .array(
      z.object({
        operation: z.string(),
        outcome: z.enum(['ok', 'refused', 'unanswered']),
        /** What does not work without it (null: nothing; Echo works around it). */
        disables: z.string().nullable(),
      }),
    )
    .optional(),
});
export type StorageHealth = z.infer<typeof storageHealthSchema>;

/** One line of the operator's checklist (admin page and console at start). */
export const checklistItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  ok: z.boolean(),
  /** What works, or what a missing piece means for users and which setting fixes it. */
  detail: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/**
 * Publishing per platform (admin only): whether this server offers it, how many accounts are
 * connected or need reconnecting, how many failed their last token renewal, how posts of the
 * last 30 days ended, and the latest problems (never a user's token or e-mail).
 */
export const publishingHealthSchema = z.array(
  z.object({
    platform: z.enum(['linkedin', 'x', 'bluesky', 'mastodon']),
    available: z.boolean(),
    reason: z.string().nullable(),
    connected: z.number().int(),
    reconnect: z.number().int(),
    published: z.number().int(),
    /** Failed, or left to the user to check on the platform. */
    failed: z.number().int(),
    waiting: z.number().int(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    /** Connected accounts whose last background token renewal failed for now (retried each hour). */
    refresh_failed: z.number().int(),
    /** The latest account problem: why one waits to be reconnected, or why a renewal failed. */
    last_account_error: z.string().nullable(),
  }),
);
export type PublishingHealth = z.infer<typeof publishingHealthSchema>;

/** GET /api/health: `status` for everyone; tools, providers and the checklist for an admin token. */
export const systemHealthSchema = healthSchema.extend({
  tools: toolsHealthSchema.optional(),
  providers: z.record(z.enum(PROVIDER_NAMES), providerHealthSchema).optional(),
  checklist: z.array(checklistItemSchema).optional(),
  storage: storageHealthSchema.optional(),
  publishing: publishingHealthSchema.optional(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** GET /api/capabilities: what the forms tell people up front (public, cheap, no secrets). */
export const capabilitiesSchema = z.object({
  transcription: z.object({
    /** No speech-to-text server and no external service: only videos with captions can be transcribed. */
    captionsOnly: z.boolean(),
  }),
  /**
   * Who transcribes what the Studio records or uploads on this install: the speech-to-text server,
   * PocketSphinx (rough, offline), or nobody (kept as audio only). A browser that recognises speech
   * itself may add its own transcript while recording.
   */
  studio: z.object({
    engine: z.enum(['server', 'pocketsphinx', 'none']),
    /** The speech-to-text server tells speakers apart: a recording or upload may be marked a conversation. */
    diarize: z.boolean(),
  }),
  /** Studio drafts: whether a language model is configured (else only the offline engine runs). */
  drafts: z.object({ llm: z.boolean() }),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

/** Shown above the transcription forms when `captionsOnly` (spec readings: decision 004). */
export const CAPTIONS_ONLY_NOTICE =
  'Only videos with captions can be transcribed right now: this server has no speech-to-text service.';
