import OpenAI, { APIConnectionError, APIError, toFile } from 'openai';
import { trackProvider } from '../../lib/provider-status.ts';

/**
 * A failure that may pass on its own: no answer in time, no connection, or the server answering
 * 408, 409, 429 or 5xx (after the client's own retry). Jobs retry these before giving up.
 */
export function isTransientProviderError(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500 || status === 0;
  }
  return false;
}

/** A speech-to-text server speaking OpenAI's POST /v1/audio/transcriptions (OpenAI, whisper.cpp, speaches, LocalAI). */
export interface SpeechToText {
  readonly model: string;
  transcribe(audio: Buffer, fileName: string): Promise<string>;
}

export function createSpeechToText(config: {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Per request (default 10 min); the client retries once on a time-out, 408, 409, 429 or 5xx. */
  timeoutMs?: number;
}): SpeechToText | null {
  if (!config.baseUrl) return null;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs ?? 10 * 60_000,
    maxRetries: 1,
  });
  return {
    model: config.model,
    async transcribe(audio, fileName) {
      const file = await toFile(audio, fileName);
      const result = await trackProvider('stt', () =>
        client.audio.transcriptions.create({ file, model: config.model, response_format: 'json' }),
      );
      return (result as { text?: string }).text?.trim() ?? '';
    },
  };
}
