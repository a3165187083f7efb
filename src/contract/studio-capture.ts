/** How notes come in: tus uploads, recordings sent while recording, conversations one file per speaker, imports. */
import { z } from 'zod';
import { CONVERSATION_LIMITS, STUDIO_API, STUDIO_LIMITS, UPLOAD_TOO_LARGE_MESSAGE } from './studio.ts';

const MB = 1024 * 1024;

// ---------------------------------------------------------------- uploads (tus) and recordings

/**
 * The tus endpoint (tus 1.0.0; creation, termination). Metadata (`uploadMetadataSchema`):
 * `filename`, `filetype`, optional `title`, `conversation` and `track`.
 */
export const STUDIO_UPLOADS_PATH = `${STUDIO_API}/uploads`;
/** The tus Upload-Metadata an upload's creation reads (each value a string, as tus sends them). */
export const uploadMetadataSchema = z.object({
  // tus sends a key without a value as null; keys other clients add (Uppy's relativePath) are ignored.
  filename: z.string().max(1000).nullish(),
  filetype: z.string().max(200).nullish(),
  title: z.string().max(1000).nullish(),
  /**
   * `'1'`: a conversation of several speakers, sent to the speech-to-text server's diarizing model
   * when there is one (`GET /api/capabilities`: `studio.diarize`).
   */
  conversation: z.enum(['0', '1']).nullish(),
  /** The track (of `POST /conversations`) this upload is the file of, instead of a note of its own. */
  track: z.uuid().nullish(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;
/** Response header naming the note an upload becomes (on the creation response and the final PATCH). */
export const STUDIO_NOTE_ID_HEADER = 'Echo-Note-Id';

/** POST /recordings: start a recording whose chunks go up while it records. */
export const startRecordingSchema = z.object({
  /** MediaRecorder's mimeType, e.g. 'audio/webm;codecs=opus'. */
  mime_type: z.string().trim().max(100).optional(),
  title: z.string().trim().max(STUDIO_LIMITS.titleMaxChars).optional(),
});
export const recordingSchema = z.object({
  id: z.string(),
  /** The chunk numbers the server holds (0-based), so a client can resend what is missing. */
  chunks: z.array(z.number().int()),
  bytes: z.number().int(),
  max_duration_ms: z.number().int(),
  chunk_max_bytes: z.number().int(),
  created_at: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;
/**
 * PUT /recordings/{id}/chunks/{n}: the raw bytes of chunk n (Content-Type application/octet-stream
 * or the recording's audio type). Idempotent: sending chunk n again replaces it.
 */
export const recordingChunkParamsSchema = z.object({
  id: z.uuid({ error: 'Recording not found' }),
  n: z.coerce.number().int().min(0).max(100_000),
});
export const recordingChunkResponseSchema = z.object({ n: z.number().int(), bytes: z.number().int() });
/** POST /recordings/{id}/finish: all chunks 0..chunk_count-1 must be there (409 names the missing ones). */
/** One phrase the browser recognised while recording, timed on the recording (ms from its start). */
export const browserSegmentSchema = z.object({
  start_ms: z
    .number()
    .int()
    .min(0)
    .max(STUDIO_LIMITS.recordingMaxMs + 60_000),
  end_ms: z
    .number()
    .int()
    .min(0)
    .max(STUDIO_LIMITS.recordingMaxMs + 60_000),
  text: z.string().trim().min(1).max(2000),
});
export type BrowserSegment = z.infer<typeof browserSegmentSchema>;

export const finishRecordingSchema = z.object({
  /**
   * What the browser recognised as it recorded (Web Speech API), in order: the note's transcript
   * when this install has no server engine, or PocketSphinx and `transcript_on_device` (a
   * speech-to-text server still runs and replaces it).
   */
  transcript: z.array(browserSegmentSchema).max(5000).optional(),
  /**
   * The browser's on-device recogniser heard it (Chrome's `processLocally`): its transcript is kept
   * over PocketSphinx's (a speech-to-text server still replaces it); a cloud recogniser's is not.
   */
  transcript_on_device: z.boolean().optional(),
  chunk_count: z.number().int().min(1).max(100_001),
  duration_ms: z
    .number()
    .int()
    .min(0)
    .max(STUDIO_LIMITS.recordingMaxMs + 60_000)
    .optional(),
  /** A conversation of several speakers (see `uploadMetadataSchema.conversation`). */
  conversation: z.boolean().optional(),
});
export const recordingIdParamsSchema = z.object({ id: z.uuid({ error: 'Recording not found' }) });

/**
 * POST /conversations: a conversation recorded one file per speaker (Riverside, Zencastr, SquadCast,
 * Zoom's separate audio per participant). The note is made now; each track's file then goes up by
 * tus with the metadata `track` set to its id; each is transcribed alone and their sentences are
 * interleaved by time, one speaker per track.
 */
export const createConversationSchema = z.object({
  title: z.string().trim().max(STUDIO_LIMITS.titleMaxChars).optional(),
  tracks: z
    .array(
      z.object({
        filename: z.string().trim().min(1).max(255),
        /** The file's exact size in bytes (its upload must be this long; counted against the quota now). */
        size: z.number().int().min(1).max(STUDIO_LIMITS.uploadMaxBytes, { error: UPLOAD_TOO_LARGE_MESSAGE }),
      }),
    )
    .min(CONVERSATION_LIMITS.tracksMin, {
      error: `Choose ${CONVERSATION_LIMITS.tracksMin} to ${CONVERSATION_LIMITS.tracksMax} files, one per speaker.`,
    })
    .max(CONVERSATION_LIMITS.tracksMax, {
      error: `A conversation can have at most ${CONVERSATION_LIMITS.tracksMax} files, one per speaker.`,
    }),
});
export type CreateConversationInput = z.infer<typeof createConversationSchema>;
export const conversationCreatedSchema = z.object({
  note_id: z.string(),
  /** In the order given: upload each file with the tus metadata `track` set to its id. */
  tracks: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type ConversationCreated = z.infer<typeof conversationCreatedSchema>;

// ---------------------------------------------------------------- imports

/** `transcript`: a file naming two or more speakers, imported as one conversation note. */
export const IMPORT_FILE_FORMATS = [
  'linkedin_shares',
  'x_tweets',
  'text',
  'markdown',
  'csv',
  'vtt',
  'srt',
  'transcript',
] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

export const IMPORT_FILE_TOO_LARGE_MESSAGE = `Import files can be at most ${STUDIO_LIMITS.importFileMaxBytes / MB} MB.`;
/**
 * The largest POST /imports body: the file's text as a JSON string, with room for its escaped
 * newlines and quotes.
 */
export const IMPORT_BODY_MAX_BYTES = Math.ceil(STUDIO_LIMITS.importFileMaxBytes * 1.25) + 4096;

/** POST /imports: a TikTok, Instagram, YouTube or Facebook link, or a file of the user's own posts. */
export const importRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('link'),
    url: z.string().trim().min(1, { error: 'Please enter a valid URL' }).max(2048),
  }),
  z.object({
    type: z.literal('file'),
    /**
     * The file's name decides the parser: Shares.csv (LinkedIn), tweets.js (X archive), *.txt, *.md,
     * *.csv, captions (*.vtt, *.srt). A .txt, .vtt or .srt naming two or more speakers is one
     * conversation note. A Word transcript (.docx) is sent as the .txt it holds (the web reads it).
     */
    filename: z.string().trim().min(1).max(255),
    /** The file's text (UTF-8). */
    content: z.string().max(STUDIO_LIMITS.importFileMaxBytes, { error: IMPORT_FILE_TOO_LARGE_MESSAGE }),
  }),
]);
export type ImportRequest = z.input<typeof importRequestSchema>;
export const importResponseSchema = z.object({
  /** For a file: which parser was used. */
  format: z.enum([...IMPORT_FILE_FORMATS, 'link']),
  imported: z.number().int(),
  /** Empty posts and exact duplicates of notes the owner already has. */
  skipped: z.number().int(),
  note_ids: z.array(z.string()),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
