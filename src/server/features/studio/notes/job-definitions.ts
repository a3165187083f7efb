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

/** Rebuilds an address's voice profile from its notes' stored stats (after any add, edit, delete). */
export const profileJob = defineJob({
  name: 'studio.profile',
  schema: z.object({ owner: z.string().min(1).max(320) }),
  retryLimit: 3,
});

export const NOTE_JOBS = [transcribeJob, transcribeFailedJob, profileJob];
