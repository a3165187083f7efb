import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
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
    /** Who says it, as the server labels them ("A", "SPEAKER_00"), when it tells speakers apart. */
    speaker?: string;
  }>;
}

/** A speech-to-text server speaking OpenAI's POST /v1/audio/transcriptions (OpenAI, whisper.cpp, speaches, LocalAI). */
export interface SpeechToText {
  readonly model: string;
  /** The text of an audio file (sent from disk as it is read: never held in memory whole). */
  transcribe(file: string): Promise<string>;
  /** The same with `response_format: verbose_json`: segments with start and end times. */
  transcribeTimed(file: string): Promise<TimedTranscript>;
  /**
   * Segments with their speakers, from the diarizing model (`diarized_json`); null when none is
   * configured. A server answering verbose_json instead gives segments with `speaker` or
   * `speaker_id` when it labels them, else none.
   */
  readonly diarize: ((file: string) => Promise<TimedTranscript>) | null;
}

interface VerboseJson {
  text?: string;
  duration?: number | string;
  segments?: Array<{
    start?: number | string;
    end?: number | string;
    text?: string;
    /** diarized_json's label ("A", "B"), or a server's own in verbose_json. */
    speaker?: string | number;
    speaker_id?: string | number;
  }>;
  words?: Array<{ word?: string; start?: number | string; end?: number | string }>;
}

const toMs = (seconds: number | string | undefined): number | null => {
  const value = Number(seconds);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) : null;
};

/** Characters of a server's speaker label kept (labels are short: "A", "SPEAKER_00"). */
const SPEAKER_LABEL_MAX_CHARS = 80;

/** Reads a verbose_json (or diarized_json) answer leniently (servers differ: strings for numbers, missing fields). */
export function readVerboseJson(result: unknown): TimedTranscript {
  const body = (result ?? {}) as VerboseJson;
  const segments: TimedTranscript['segments'] = [];
  for (const segment of Array.isArray(body.segments) ? body.segments : []) {
    const startMs = toMs(segment.start);
    const endMs = toMs(segment.end);
    const text = typeof segment.text === 'string' ? segment.text : '';
    if (startMs === null || endMs === null || !text.trim()) continue;
    const label = String(segment.speaker ?? segment.speaker_id ?? '')
      .trim()
      .slice(0, SPEAKER_LABEL_MAX_CHARS);
    segments.push({ startMs, endMs: Math.max(startMs, endMs), text, ...(label ? { speaker: label } : {}) });
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

/** What the file part says it is (servers read the name's extension, some the type too). */
const AUDIO_TYPES: Record<string, string> = {
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.webm': 'audio/webm',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
};

/** Bytes of a server's answer kept at most (a 10-minute piece's words are well under 1 MB). */
const ANSWER_MAX_BYTES = 16 * 1024 * 1024;

/** The server did not answer in time (the same error the OpenAI client throws, so callers retry it). */
const timedOut = () => new APIConnectionTimeoutError({ message: 'Request timed out.' });

/**
 * One POST of `file` as multipart/form-data, streamed from disk (the OpenAI client buffers the
 * whole file, then copies it again into its form: CPU and the file's size in memory per request,
 * for each of the many transcriptions a worker waits on at once). Answers the parsed JSON; failures are
 * the OpenAI client's own error classes (APIError with the status, APIConnectionError), so callers
 * tell a passing failure from a lasting one as before.
 */
function postAudio(
  endpoint: URL,
  agent: http.Agent,
  apiKey: string,
  file: string,
  size: number,
  fields: Array<[string, string]>,
  timeoutMs: number,
): Promise<unknown> {
  const boundary = `echo-${randomUUID()}`;
  const name = path.basename(file).replace(/["\r\n]/g, '_');
  const head = Buffer.from(
    `${fields
      .map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${AUDIO_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = (endpoint.protocol === 'https:' ? https : http).request(endpoint, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    const timer = setTimeout(() => request.destroy(timedOut()), timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(
        error instanceof APIError
          ? error
          : new APIConnectionError({ cause: error instanceof Error ? error : new Error(String(error)) }),
      );
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > ANSWER_MAX_BYTES) response.destroy(new Error('the answer is too large'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300 && body !== undefined) return resolve(body);
        const headers = new Headers();
        for (const [key, value] of Object.entries(response.headers))
          if (typeof value === 'string') headers.set(key, value);
        reject(
          APIError.generate(
            status >= 200 && status < 300 ? 502 : status,
            (body as { error?: object } | undefined) ?? { message: text.slice(0, 300) },
            body === undefined ? text.slice(0, 300) || undefined : undefined,
            headers,
          ),
        );
      });
    });
    request.write(head);
    const audio = createReadStream(file, { highWaterMark: 1024 * 1024 });
    audio.on('error', (error) => request.destroy(error));
    audio.on('end', () => request.end(tail));
    audio.pipe(request, { end: false });
  });
}

export function createSpeechToText(config: {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** The diarizing model (`gpt-4o-transcribe-diarize`) asked for conversations; unset: none. */
  diarizeModel?: string;
  /** Per request (default 10 min); a time-out, no connection, 408, 409, 429 or 5xx is tried once more. */
  timeoutMs?: number;
}): SpeechToText | null {
  if (!config.baseUrl) return null;
  const endpoint = new URL(`${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`);
  const agent = new (endpoint.protocol === 'https:' ? https : http).Agent({ keepAlive: true });
  const apiKey = config.apiKey ?? 'not-needed';
  const timeoutMs = config.timeoutMs ?? 10 * 60_000;
  const send = async (file: string, fields: Array<[string, string]>) => {
    const { size } = await stat(file);
    const post = () => postAudio(endpoint, agent, apiKey, file, size, fields, timeoutMs);
    try {
      return await post();
    } catch (error) {
      if (!isTransientProviderError(error)) throw error;
      // As the OpenAI client: once more, after the server's Retry-After (up to a minute) or a moment.
      const after = Number((error as APIError).headers?.get?.('retry-after'));
      await new Promise((resolve) =>
        setTimeout(resolve, Number.isFinite(after) && after > 0 ? Math.min(after, 60) * 1000 : 500),
      );
      return post();
    }
  };
  return {
    model: config.model,
    async transcribe(file) {
      const result = await trackProvider('stt', () =>
        send(file, [
          ['model', config.model],
          ['response_format', 'json'],
        ]),
      );
      return (result as { text?: string }).text?.trim() ?? '';
    },
    async transcribeTimed(file) {
      const result = await send(file, [
        ['model', config.model],
        ['response_format', 'verbose_json'],
        ['timestamp_granularities[]', 'segment'],
        ['timestamp_granularities[]', 'word'],
      ]);
      return readVerboseJson(result);
    },
    diarize: config.diarizeModel
      ? async (file) =>
          readVerboseJson(
            await trackProvider('stt', () =>
              send(file, [
                ['model', config.diarizeModel!],
                ['response_format', 'diarized_json'],
                // Required by the diarizing model for audio over 30 s; the server picks the cuts.
                ['chunking_strategy', 'auto'],
              ]),
            ),
          )
      : null,
  };
}
