import { z } from 'zod';
import { deadLetterFor, defineJob } from '../../../jobs/queue.ts';
import { TRANSCRIBE_RETRIES } from '../../transcription/index.ts';

/**
 * The notes' job definitions (name, payload, retry policy): services enqueue through these, the
 * handlers are in jobs.ts (registered by worker.ts through the Studio's index.ts).
 */
const notePayload = z.object({ noteId: z.uuid() });

export const NO_SPEECH_MESSAGE = 'No speech was found in this recording.';

/** Receives a transcription that failed for good (last try threw, expired, or its worker died). */
export const transcribeFailedJob = deadLetterFor('studio.transcribe', notePayload);

/** One per audio/video note or imported link: transcribing -> ready | failed (needs_stt without STT). */
export const transcribeJob = defineJob({
  name: 'studio.transcribe',
  schema: notePayload,
  retryLimit: TRANSCRIBE_RETRIES,
  retryDelaySeconds: 30,
  deadLetter: transcribeFailedJob,
  expireInSeconds: 60 * 60,
  heartbeat: true,
});

/** Rebuilds an owner's voice profile from its notes' stored stats (after any add, edit, delete). */
export const profileJob = defineJob({
  name: 'studio.profile',
  schema: z.object({ owner: z.string().min(1).max(320) }),
  retryLimit: 3,
});

/**
 * Joins a finished recording's chunks into its note's media object (notes/media-join.ts), off the
 * finish request. The note's transcription joins them itself when it runs first (its local copy is
 * the join); this job is for notes nobody transcribes now (no engine, PocketSphinx's queue) and the
 * fallback when the transcription failed first. Retried with backoff (about 2.5 hours in all); the
 * maintenance pass sends it again for a note still not joined.
 */
export const assembleJob = defineJob({
  name: 'studio.assemble',
  schema: notePayload,
  retryLimit: 10,
  retryDelaySeconds: 10,
  // A 3-hour WAV is about 2 GB (the quota); a bucket copies it at tens of MB/s.
  expireInSeconds: 30 * 60,
  heartbeat: true,
  // Mostly waiting on the store: several at once, so a burst of finished recordings joins at once.
  concurrency: 4,
});

/** How long the join waits when a speech-to-text server's transcription (which joins first) is queued too. */
export const ASSEMBLE_FALLBACK_SECONDS = 60;

export const RECORDING_PART_MISSING = 'A part of this recording is missing, so it could not be kept.';

const trackPayload = z.object({ trackId: z.uuid() });

/** Receives a track's transcription that failed for good: the track fails, the others still land. */
export const trackFailedJob = deadLetterFor('studio.track', trackPayload);

/**
 * One per uploaded track of a conversation recorded one file per speaker (notes/tracks-job.ts):
 * transcribed alone, its segments kept on the track; the last track to settle queues the note.
 */
export const trackJob = defineJob({
  name: 'studio.track',
  schema: trackPayload,
  retryLimit: TRANSCRIBE_RETRIES,
  retryDelaySeconds: 30,
  deadLetter: trackFailedJob,
  expireInSeconds: 60 * 60,
  heartbeat: true,
});

/**
 * Makes a conversation's note of its settled tracks, interleaved by time (idempotent). Failing for
 * good, the note fails as a transcription does (never left transcribing).
 */
export const tracksNoteJob = defineJob({
  name: 'studio.tracks-note',
  schema: notePayload,
  retryLimit: 3,
  retryDelaySeconds: 10,
  deadLetter: transcribeFailedJob,
});

/**
 * Fills the searchable figures of notes stored before they existed (figures-backfill.ts), a batch
 * at a time; sent by the maintenance pass while any note waits for them.
 */
export const figuresJob = defineJob({
  name: 'studio.figures',
  schema: z.object({}).passthrough().nullish(),
  retryLimit: 2,
  expireInSeconds: 15 * 60,
});

export const NOTE_JOBS = [
  transcribeJob,
  transcribeFailedJob,
  profileJob,
  assembleJob,
  trackJob,
  trackFailedJob,
  tracksNoteJob,
  figuresJob,
];
