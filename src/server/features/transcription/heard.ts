import type { MediaEngineName } from './media-engine.ts';

/**
 * One phrase the browser recognised while recording, timed on the recording; `onDevice` when the
 * browser's own on-device recogniser heard it (Chrome's `processLocally`), stored with each phrase
 * of the note's `browser_transcript`.
 */
export interface HeardPhrase {
  startMs: number;
  endMs: number;
  text: string;
  onDevice?: boolean;
}

/** Whether the browser's on-device recogniser heard the whole recording. */
export const heardOnDevice = (heard: readonly HeardPhrase[] | null | undefined): boolean =>
  !!heard?.length && heard.every((p) => p.onDevice === true);

/**
 * Whether a recording keeps the browser's transcript over what the server's engine would hear:
 * a speech-to-text server hears best and always runs; an on-device recogniser hears far better
 * than PocketSphinx, so it is kept; a cloud recogniser's transcript is kept only where the server
 * has no engine at all (PocketSphinx replaces it, as it always has).
 */
export function keepsBrowserTranscript(
  engine: MediaEngineName | null,
  heard: readonly HeardPhrase[] | null | undefined,
): boolean {
  if (!heard?.length || engine === 'server') return false;
  return engine === null || heardOnDevice(heard);
}
