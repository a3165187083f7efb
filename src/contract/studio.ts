import { z } from 'zod';

/**
 * Echo Studio: notes captured by recording, upload, writing or import, searched,
 * grouped into ideas, and a voice profile learned from them. Every route is under /api/studio and
 * needs the dashboard session; another owner's note answers 404.
 */
export const STUDIO_API = '/api/studio';
/**
 * While any note is uploading or transcribing, the page's library (and what depends on it) asks
 * again this often; the voice-to-drafts bench polls at the same rate, so its CPU per note is a
 * browser's.
 */
export const STUDIO_REFRESH_MS = 3_000;

// ---------------------------------------------------------------- limits and accepted types

const MB = 1024 * 1024;
export const STUDIO_LIMITS = {
  /** A browser recording stops at 30 minutes. */
  recordingMaxMs: 30 * 60 * 1000,
  /** One uploaded audio or video file. */
  uploadMaxBytes: 500 * MB,
  /** Default per-owner storage quota (server configurable: STUDIO_QUOTA_BYTES). */
  defaultQuotaBytes: 2 * 1024 * MB,
  /** One chunk of a recording sent while recording. */
  recordingChunkMaxBytes: 16 * MB,
  /** A written or pasted note. */
  textMaxChars: 200_000,
  /**
   * A file of posts to import (its text is sent as JSON, which the server parses in one go): room
   * for a decade of daily posts, small enough that parsing the request never holds the event loop
   * long.
   */
  importFileMaxBytes: 10 * MB,
  /** Unfinished uploads and recordings are removed after this long. */
  unfinishedUploadTtlMs: 24 * 60 * 60 * 1000,
  notesPageSize: 20,
  notesMaxPageSize: 100,
  searchMaxHits: 50,
  searchQueryMaxChars: 200,
  pinsMax: 50,
  bansMax: 200,
  phraseMaxChars: 80,
  titleMaxChars: 200,
} as const;

/** Audio and video accepted for upload and recording, checked by content (magic bytes), not by name. */
export const ACCEPTED_MEDIA = [
  { ext: 'mp3', mime: 'audio/mpeg', kind: 'voice' },
  { ext: 'm4a', mime: 'audio/mp4', kind: 'voice' },
  { ext: 'wav', mime: 'audio/wav', kind: 'voice' },
  { ext: 'webm', mime: 'audio/webm', kind: 'voice' },
  { ext: 'ogg', mime: 'audio/ogg', kind: 'voice' },
  { ext: 'mp4', mime: 'video/mp4', kind: 'video' },
  { ext: 'mov', mime: 'video/quicktime', kind: 'video' },
] as const;
export const ACCEPTED_MEDIA_EXTENSIONS = ACCEPTED_MEDIA.map((type) => type.ext);
/** For `<input type="file" accept=...>`. The server still checks the content. */
export const ACCEPTED_MEDIA_INPUT = [
  ...ACCEPTED_MEDIA.map((type) => `.${type.ext}`),
  'audio/*',
  'video/mp4',
  'video/quicktime',
  'video/webm',
].join(',');
/** Files of posts, and transcripts (captions), accepted by POST /imports. */
export const IMPORT_FILE_EXTENSIONS = ['csv', 'js', 'txt', 'md', 'vtt', 'srt'] as const;

/**
 * Conversations (decision 023): a transcript naming two or more speakers becomes one note whose
 * sentences carry their speaker. A "Name:" longer than `labelMaxChars` is not a name but text; a
 * transcript naming more than `speakersPerNote` people is refused, as is adding one past it.
 */
export const CONVERSATION_LIMITS = {
  speakersPerNote: 20,
  labelMaxChars: 80,
  /** Names remembered as the owner's own ("which one is you?"), newest first. */
  myNamesMax: 20,
  /**
   * Files of one conversation uploaded one per speaker (`POST /conversations`), at least two. Each
   * is an upload as any other (STUDIO_LIMITS.uploadMaxBytes, the media length and the owner's
   * speech-to-text minutes a day).
   */
  tracksMin: 2,
  tracksMax: 6,
} as const;

export const UNSUPPORTED_MEDIA_MESSAGE =
  'This file is not a supported audio or video file (mp3, m4a, wav, webm, ogg, mp4, mov).';
export const UPLOAD_TOO_LARGE_MESSAGE = 'Files can be at most 500 MB.';
export const QUOTA_EXCEEDED_MESSAGE =
  'Your Studio storage is full. Delete some notes with audio or video to make room.';
export const NEEDS_STT_MESSAGE =
  'Speech-to-text is not configured. Set STT_BASE_URL (and STT_API_KEY, STT_MODEL) to an OpenAI-compatible speech-to-text server; this note will be transcribed then.';
/**
 * What made a note's transcript: the speech-to-text server (STT_*), PocketSphinx (offline, rough),
 * or the browser's own recognition while recording; null for written notes and captions.
 */
export const TRANSCRIPT_ENGINES = ['server', 'pocketsphinx', 'browser'] as const;
export type TranscriptEngine = (typeof TRANSCRIPT_ENGINES)[number];
/** The label of a transcript worth checking (PocketSphinx's and the browser's). */
export const ROUGH_TRANSCRIPT_LABEL = 'rough transcript';
export const isRoughTranscript = (engine: TranscriptEngine | null | undefined): boolean =>
  engine === 'pocketsphinx' || engine === 'browser';
/**
 * What happens to speech recorded or uploaded on this install, said before the user starts and on
 * the note afterwards ('browser': only while the browser itself recognises speech as it records).
 */
export const SPEECH_FATE: Record<TranscriptEngine | 'none', string> = {
  server: 'Your speech will be transcribed by this server’s speech-to-text service.',
  pocketsphinx:
    'Your speech will get a rough offline transcript (PocketSphinx, on this server): check it and correct what it misheard.',
  browser: 'Your speech will be transcribed as you speak by your browser.',
  none: 'Your speech will be kept as audio only: ask your admin to set up speech-to-text (STT_BASE_URL).',
};
/** What the recorder says of a recording saved on an install with no speech-to-text. */
export const RECORDING_KEPT_AS_AUDIO = 'It is kept as audio: this server has no speech-to-text set up.';
export const NOTE_NOT_FOUND_MESSAGE = 'Note not found';
/**
 * What deleting a note does: its recording goes with it; the drafts made from it stay (each an
 * echo_core result on the dashboard's My Voice tab), readable, their sources marked gone.
 */
export const DELETE_NOTE_CONFIRMATION =
  'Any audio or video goes with it. The drafts made from it stay, on your dashboard’s My Voice tab, but no longer show which of its sentences they came from.';

// ---------------------------------------------------------------- notes

export const NOTE_KINDS = ['voice', 'video', 'text', 'post'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
/** Spoken (voice, video) and written (text, posts) notes get separate voice profiles. */
export const NOTE_REGISTERS = ['spoken', 'written'] as const;
export type NoteRegister = (typeof NOTE_REGISTERS)[number];
export const NOTE_STATUSES = ['uploading', 'transcribing', 'needs_stt', 'ready', 'failed'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];
/** How each status is shown. */
export const NOTE_STATUS_LABELS: Record<NoteStatus, string> = {
  uploading: 'uploading',
  transcribing: 'transcribing',
  needs_stt: 'needs speech-to-text',
  ready: 'ready',
  failed: 'failed',
};
export const NOTE_KIND_LABELS: Record<NoteKind, string> = {
  voice: 'voice',
  video: 'video',
  text: 'text',
  post: 'post',
};
export const registerOfKind = (kind: NoteKind): NoteRegister =>
  kind === 'voice' || kind === 'video' ? 'spoken' : 'written';

/** A marked filler word inside a sentence ("um", "uh", "you know", a repeated word): offsets into the sentence's text. */
export const fillerSpanSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type FillerSpan = z.infer<typeof fillerSpanSchema>;

/** Someone speaking in a conversation note. */
export const noteSpeakerSchema = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  me: z.boolean(),
});
export type NoteSpeaker = z.infer<typeof noteSpeakerSchema>;

/** One sentence of a note's text: `text === note.text.slice(start_char, end_char)`. */
export const sentenceSchema = z.object({
  id: z.string(),
  text: z.string(),
  start_char: z.number().int(),
  end_char: z.number().int(),
  /** Where the sentence starts and ends in the audio or video, when known. */
  start_ms: z.number().int().nullable().optional(),
  end_ms: z.number().int().nullable().optional(),
  /** True when the whole sentence is filler, a backchannel ("Yeah.") or an abandoned start. */
  filler: z.boolean(),
  /** Filler words inside the sentence (offsets into `text`); marked, never deleted. */
  fillers: z.array(fillerSpanSchema),
  /** The speaker whose turn it is, in a conversation note (see `speakers`); null in a solo note. */
  speaker_id: z.string().nullable().optional(),
});
export type Sentence = z.infer<typeof sentenceSchema>;

export const noteListItemSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTE_KINDS),
  register: z.enum(NOTE_REGISTERS),
  status: z.enum(NOTE_STATUSES),
  /** Why a note failed, or what to configure while it waits in needs_stt; null otherwise. */
  status_message: z.string().nullable(),
  title: z.string(),
  /** The first characters of the text ('' while there is none yet). */
  excerpt: z.string(),
  word_count: z.number().int(),
  /** Audio or video length; null for text and posts (and while unknown). */
  duration_ms: z.number().int().nullable(),
  /** Bytes stored for the note's audio or video (0 when none). */
  media_bytes: z.number().int(),
  has_media: z.boolean(),
  /** The imported link, for link imports; the post URL for imported posts when known. */
  source_url: z.string().nullable(),
  /** What made the transcript (PocketSphinx's and the browser's are labelled rough); null otherwise. */
  transcript_engine: z.enum(TRANSCRIPT_ENGINES).nullable(),
  /** A recording whose browser transcript was heard by the browser's on-device recogniser. */
  transcript_on_device: z.boolean().optional(),
  /**
   * A conversation note (an interview, a call, a panel): how many speakers, and whether the owner
   * said which one is them (until then the note is kept out of the voice profile and the Ideas).
   * Null for a solo note.
   */
  conversation: z.object({ speakers: z.number().int(), me_answered: z.boolean() }).nullable(),
  /**
   * A rough transcript the owner has not read yet (said it looks right, or corrected it): drafts
   * made from it say so, and 'Create content' shows it for a quick read first.
   */
  needs_review: z.boolean().optional(),
  /** When the owner last changed the transcript's words; null while never. */
  words_changed_at: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NoteListItem = z.infer<typeof noteListItemSchema>;

export const TRACK_STATUSES = ['uploading', 'transcribing', 'ready', 'failed'] as const;
/** One file of a conversation uploaded one per speaker; `label` is its name without extension. */
export const noteTrackSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(TRACK_STATUSES),
  /** Why it failed. */
  message: z.string().nullable(),
});
export type NoteTrack = z.infer<typeof noteTrackSchema>;

export const noteDetailSchema = noteListItemSchema.extend({
  text: z.string(),
  sentences: z.array(sentenceSchema),
  /**
   * The people speaking, in a conversation note (empty in a solo note): `label` as found, `name` as
   * the owner calls them, `me` for the owner's own turns (at most one).
   */
  speakers: z.array(noteSpeakerSchema),
  key_phrases: z.array(z.string()),
  /** GET it with Range requests to play from a sentence's start_ms; null without media. */
  media_url: z.string().nullable(),
  media_mime: z.string().nullable(),
  /**
   * A conversation uploaded one file per speaker: each track's state while it is uploaded and
   * transcribed, and why one failed (empty for every other note).
   */
  tracks: z.array(noteTrackSchema),
});
export type NoteDetail = z.infer<typeof noteDetailSchema>;

/** GET /notes?cursor=&limit=&kind=&status= — newest first. */
export const notesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STUDIO_LIMITS.notesMaxPageSize)
    .default(STUDIO_LIMITS.notesPageSize),
  kind: z.enum(NOTE_KINDS).optional(),
  status: z.enum(NOTE_STATUSES).optional(),
});
export type NotesQuery = z.input<typeof notesQuerySchema>;
export const notesPageSchema = z.object({
  notes: z.array(noteListItemSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
  total: z.number().int(),
});
export type NotesPage = z.infer<typeof notesPageSchema>;

export const EMPTY_NOTE_MESSAGE = "Write something first: what's on your mind today?";
export const NOTE_TEXT_TOO_LONG_MESSAGE = 'A note can be at most 200,000 characters.';
/** POST /notes: a written or pasted note. */
export const createTextNoteSchema = z.object({
  text: z
    .string({ error: EMPTY_NOTE_MESSAGE })
    .trim()
    .min(1, { error: EMPTY_NOTE_MESSAGE })
    .max(STUDIO_LIMITS.textMaxChars, { error: NOTE_TEXT_TOO_LONG_MESSAGE }),
  title: z.string().trim().max(STUDIO_LIMITS.titleMaxChars).optional(),
});
export type CreateTextNoteInput = z.input<typeof createTextNoteSchema>;

/** PATCH /notes/{id}: rename, or correct the text (sentences and profile recomputed, speakers kept). */
export const updateNoteSchema = z
  .object({
    title: z.string().trim().min(1).max(STUDIO_LIMITS.titleMaxChars).optional(),
    text: z
      .string()
      .trim()
      .min(1, { error: EMPTY_NOTE_MESSAGE })
      .max(STUDIO_LIMITS.textMaxChars, { error: NOTE_TEXT_TOO_LONG_MESSAGE })
      .optional(),
  })
  .refine((value) => value.title !== undefined || value.text !== undefined, { error: 'Nothing to change' });
export type UpdateNoteInput = z.input<typeof updateNoteSchema>;
/** The transcript editor's form: the whole text (PATCH /notes/{id} with `text`). */
export const editNoteTextSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: EMPTY_NOTE_MESSAGE })
    .max(STUDIO_LIMITS.textMaxChars, { error: NOTE_TEXT_TOO_LONG_MESSAGE }),
});

export const noteIdParamsSchema = z.object({ id: z.uuid({ error: NOTE_NOT_FOUND_MESSAGE }) });

/** A transcript worth a read before it becomes posts: rough, and neither said to look right nor corrected. */
export const needsReview = (engine: TranscriptEngine | null | undefined, reviewedAt: unknown): boolean =>
  isRoughTranscript(engine) && (reviewedAt === null || reviewedAt === undefined);
/** What the quick read before 'Create content' asks. */
export const REVIEW_TRANSCRIPT_TITLE = 'Check the words first';
export const REVIEW_TRANSCRIPT_LINE =
  'This is a rough transcript. Read it quickly: drafts are made from these words.';

// ---------------------------------------------------------------- search and ideas

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, { error: 'Type something to search for' })
    .max(STUDIO_LIMITS.searchQueryMaxChars),
  limit: z.coerce.number().int().min(1).max(STUDIO_LIMITS.searchMaxHits).default(20),
});
/** A highlighted stretch of a snippet: `snippet.slice(start, end)`. */
export const highlightSchema = z.object({ start: z.number().int(), end: z.number().int() });
export const searchHitSchema = z.object({
  note_id: z.string(),
  note_title: z.string(),
  note_kind: z.enum(NOTE_KINDS),
  /** The best matching sentence: open the note there (and play from start_ms). Null when none matched alone. */
  sentence_id: z.string().nullable(),
  start_ms: z.number().int().nullable(),
  /** Plain text (never HTML) around the match, with the matched words in `highlights`. */
  snippet: z.string(),
  highlights: z.array(highlightSchema),
  rank: z.number(),
  /** fulltext: words matched (stemmed); similar: a close spelling (pg_trgm) of a word in the note. */
  match: z.enum(['fulltext', 'similar']),
  created_at: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResponseSchema = z.object({ query: z.string(), hits: z.array(searchHitSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const ideaSchema = z.object({
  /** Stable for the same phrase: a slug of it. */
  id: z.string(),
  /** The theme's main phrase, e.g. 'pricing'. */
  label: z.string(),
  /** Other phrases grouped under it ('price increase', 'pricing page'). */
  phrases: z.array(z.string()),
  note_count: z.number().int(),
  notes: z.array(z.object({ id: z.string(), title: z.string(), created_at: z.string() })),
  score: z.number(),
});
export type Idea = z.infer<typeof ideaSchema>;
export const ideasResponseSchema = z.object({
  ideas: z.array(ideaSchema),
  based_on_notes: z.number().int(),
  /** IDEAS_NEED_TWO_NOTES while no theme is shared by two notes, else null. */
  message: z.string().nullable(),
  /** For a library of exactly one note: at most NOTE_TOPICS_MAX topics, headed NOTE_TOPICS_LABEL. */
  note_topics: z
    .object({ note_id: z.string(), label: z.string(), topics: z.array(z.string()).max(3) })
    .nullable(),
});
export type IdeasResponse = z.infer<typeof ideasResponseSchema>;
/** The Ideas card until two notes share a theme (an Idea is a theme found in at least two notes). */
export const IDEAS_NEED_TWO_NOTES = 'Ideas appear once two or more notes share a theme';
/** The heading over the (at most NOTE_TOPICS_MAX) topics shown for a single note. */
export const NOTE_TOPICS_LABEL = 'Topics of this note';
export const NOTE_TOPICS_MAX = 3;
/** "you've talked about pricing in 7 notes" */
export const ideaSentence = (idea: Pick<Idea, 'label' | 'note_count'>): string =>
  `you've talked about ${idea.label} in ${idea.note_count} ${idea.note_count === 1 ? 'note' : 'notes'}`;

// ---------------------------------------------------------------- storage

/** GET /usage: media bytes stored against the owner's quota. */
export const usageSchema = z.object({
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  notes: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;
