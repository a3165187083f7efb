/**
 * What the transcription jobs share (content-results' `content.transcribe` and the Studio's
 * `studio.transcribe`): their retry count and the message left on a transcription whose job failed
 * for good. Imports nothing, so job definitions can use it.
 */
export const TRANSCRIBE_RETRIES = 2;

/** Shown on a transcription whose job failed for good (its dead-letter handler). */
export const TRANSCRIPTION_DID_NOT_FINISH =
  'The transcription did not finish: it stopped unexpectedly on every try.';
