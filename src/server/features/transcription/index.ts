/**
 * Transcription: turning a link's or a file's speech into text, shared by the content results
 * (the transcription tool) and the Studio. The chain of transcribers tried for a link (captions,
 * speech-to-text, the external service), the engine that transcribes a stored audio or video file
 * (speech-to-text server, else PocketSphinx) and the constants both transcription jobs share. The
 * feature's only public face; it defines no job of its own.
 */
export { configuredTranscribers } from './configured.ts';
export { TRANSCRIBE_RETRIES, TRANSCRIPTION_DID_NOT_FINISH } from './constants.ts';
export { type HeardPhrase, heardOnDevice, keepsBrowserTranscript } from './heard.ts';
export {
  configuredMediaEngine,
  type MediaEngine,
  type MediaEngineName,
  type MediaSegment,
  type MediaTranscript,
  MediaTranscriptionFailure,
  type MediaWord,
  mediaEngineDiarizes,
  mediaEngineName,
  phraseAsSentence,
  wordsWithin,
} from './media-engine.ts';
export {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  type ChainOutcome,
  captionsTranscriber,
  externalServiceTranscriber,
  runTranscribers,
  speechToTextTranscriber,
  type TranscribeOptions,
  type TranscribeOutcome,
  type Transcriber,
} from './transcribers.ts';
