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

/** A transcript with the server's segment timestamps (empty when the server gives none). */
export interface TimedTranscript {
  text: string;
  /** The audio's length as the server measured it, when it says. */
  durationMs: number | null;
  segments: Array<{
    startMs: number;
    endMs: number;
    text: string;
    /** The segment's word times, when the server gives them (verbose_json with word timestamps). */
    words?: Array<{ text: string; startMs: number; endMs: number }>;
  }>;
}

/** A speech-to-text server speaking OpenAI's POST /v1/audio/transcriptions (OpenAI, whisper.cpp, speaches, LocalAI). */
export interface SpeechToText {
  readonly model: string;
  transcribe(audio: Buffer, fileName: string): Promise<string>;
  /** The same with `response_format: verbose_json`: segments with start and end times. */
  transcribeTimed(audio: Buffer, fileName: string): Promise<TimedTranscript>;
}

interface VerboseJson {
  text?: string;
  duration?: number | string;
  segments?: Array<{ start?: number | string; end?: number | string; text?: string }>;
  words?: Array<{ word?: string; start?: number | string; end?: number | string }>;
}

const toMs = (seconds: number | string | undefined): number | null => {
  const value = Number(seconds);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) : null;
};

/** Reads a verbose_json answer leniently (servers differ: strings for numbers, missing fields). */
export function readVerboseJson(result: unknown): TimedTranscript {
  const body = (result ?? {}) as VerboseJson;
  const segments: TimedTranscript['segments'] = [];
  for (const segment of Array.isArray(body.segments) ? body.segments : []) {
    const startMs = toMs(segment.start);
    const endMs = toMs(segment.end);
    const text = typeof segment.text === 'string' ? segment.text : '';
    if (startMs === null || endMs === null || !text.trim()) continue;
    segments.push({ startMs, endMs: Math.max(startMs, endMs), text });
  }
  // Word times (OpenAI sends them beside the segments): each goes to the segment it starts in.
  for (const word of Array.isArray(body.words) ? body.words : []) {
    const startMs = toMs(word.start);
    const endMs = toMs(word.end);
    const said = typeof word.word === 'string' ? word.word.trim() : '';
    if (startMs === null || endMs === null || !said) continue;
    const segment =
      segments.find((s) => startMs >= s.startMs && startMs < s.endMs) ??
      segments.find((s) => startMs >= s.startMs && startMs <= s.endMs);
    if (!segment) continue;
    segment.words ??= [];
    segment.words.push({ text: said, startMs, endMs: Math.max(startMs, endMs) });
  }
  const text =
    typeof body.text === 'string' && body.text.trim()
      ? body.text.trim()
      : segments.map((s) => s.text.trim()).join(' ');
  return { text, durationMs: toMs(body.duration), segments };
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
    async transcribeTimed(audio, fileName) {
      const result = await client.audio.transcriptions.create({
        file: await toFile(audio, fileName),
        model: config.model,
        response_format: 'verbose_json',
        timestamp_granularities: ['segment', 'word'],
      });
      return readVerboseJson(result);
    },
  };
}
