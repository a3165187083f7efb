import OpenAI, { toFile } from 'openai';

/** A speech-to-text server speaking OpenAI's POST /v1/audio/transcriptions (OpenAI, whisper.cpp, speaches, LocalAI). */
export interface SpeechToText {
  readonly model: string;
  transcribe(audio: Buffer, fileName: string): Promise<string>;
}

export function createSpeechToText(config: {
  baseUrl?: string;
  apiKey?: string;
  model: string;
}): SpeechToText | null {
  if (!config.baseUrl) return null;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? 'not-needed',
    timeout: 10 * 60_000,
    maxRetries: 1,
  });
  return {
    model: config.model,
    async transcribe(audio, fileName) {
      const result = await client.audio.transcriptions.create({
        file: await toFile(audio, fileName),
        model: config.model,
        response_format: 'json',
      });
      return (result as { text?: string }).text?.trim() ?? '';
    },
  };
}
