import type http from 'node:http';
import { type LocalHttp, listenLocal } from './local-http.ts';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON for JSON bodies; the raw bytes otherwise (multipart uploads). */
  json?: unknown;
  raw: Buffer;
}

/**
 * A local server that speaks the OpenAI HTTP API shapes the project uses:
 * POST /v1/chat/completions and POST /v1/audio/transcriptions. Tests set what it answers and
 * assert on what it received.
 */
export class FakeOpenAi {
  readonly requests: ReceivedRequest[] = [];
  /** The assistant message content to answer chat completions with (a string, or per-request). */
  chatReply: string | ((request: ReceivedRequest) => string) = '{}';
  /** The text of audio transcriptions. */
  transcriptionText = 'Hello from the fake speech-to-text server.';
  /**
   * Segments answered to `response_format=verbose_json` (seconds, as OpenAI sends them). Unset: the
   * text's sentences, `secondsPerSegment` each.
   */
  transcriptionSegments: Array<{ start: number; end: number; text: string; speaker?: string }> | null = null;
  secondsPerSegment = 2;
  /** Segments for the next verbose_json answers, one list per request (then `transcriptionSegments`). */
  nextSegments: Array<Array<{ start: number; end: number; text: string; speaker?: string }>> = [];
  /**
   * A server that labels speakers in verbose_json (whisperX, speaches and the like): each segment's
   * `speaker` is sent under this key. Null: no labels (OpenAI's verbose_json has none).
   */
  verboseSpeakerKey: 'speaker' | 'speaker_id' | null = null;
  /** Models that answer `response_format=diarized_json` (OpenAI: gpt-4o-transcribe-diarize). */
  diarizeModels: string[] = ['gpt-4o-transcribe-diarize'];
  /**
   * The turns a diarizing model hears (seconds; `speaker` as OpenAI labels them, "A", "B"...).
   * Unset: the text's sentences, alternating between A and B.
   */
  diarizedSegments: Array<{ start: number; end: number; text: string; speaker: string }> | null = null;
  /** How long each transcription takes to answer, in ms (a speech-to-text server's own time). */
  transcriptionDelayMs = 0;
  /** When set, every request gets this HTTP status (simulates a failing provider). */
  failWithStatus: number | null = null;
  /** When true, every request is kept open and never answered (a provider that hangs). */
  hang = false;
  /** What the next requests get, one step each, before the usual answer: an HTTP status or 'hang'. */
  private script: Array<number | 'hang'> = [];
  private holds: Array<{ arrived: () => void; released: Promise<void> }> = [];
  private server: LocalHttp | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.port = this.server.port;
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** The next requests answer with these steps (an HTTP status, or 'hang' for no answer), in order. */
  failNext(...steps: Array<number | 'hang'>): void {
    this.script.push(...steps);
  }

  /**
   * Holds the next request (before any scripted step): `arrived` resolves when it comes in, and it
   * is answered as usual once `release()` is called (if its client is still there).
   */
  holdNext(): { arrived: Promise<void>; release(): void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrivedPromise = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.push({ arrived, released });
    return { arrived: arrivedPromise, release };
  }

  /** Requests to chat completions / audio transcriptions received so far. */
  get chats(): ReceivedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions'));
  }

  get transcriptions(): ReceivedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/audio/transcriptions'));
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** OpenAI's verbose_json transcription: text, duration, language and timed segments. */
  private verboseJson() {
    const next = this.nextSegments.shift();
    const segments: Array<{ start: number; end: number; text: string; speaker?: string }> =
      next ??
      this.transcriptionSegments ??
      (this.transcriptionText.match(/[^.!?]+[.!?]*/g) ?? [])
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text, i) => ({
          start: i * this.secondsPerSegment,
          end: (i + 1) * this.secondsPerSegment,
          text: ` ${text}`,
        }));
    return {
      task: 'transcribe',
      language: 'english',
      duration: segments.length ? segments[segments.length - 1]!.end : 0,
      text: next ? next.map((s) => s.text.trim()).join(' ') : this.transcriptionText,
      // Word timestamps, as OpenAI adds them: each segment's words spread evenly over it.
      words: segments.flatMap((segment) => {
        const said = segment.text.trim().split(/\s+/).filter(Boolean);
        const step = (segment.end - segment.start) / Math.max(1, said.length);
        return said.map((word, i) => ({
          word,
          start: segment.start + i * step,
          end: segment.start + (i + 1) * step,
        }));
      }),
      segments: segments.map(({ speaker, ...segment }, id) => ({
        id,
        seek: 0,
        ...segment,
        tokens: [],
        temperature: 0,
        ...(this.verboseSpeakerKey && speaker !== undefined ? { [this.verboseSpeakerKey]: speaker } : {}),
      })),
    };
  }

  /**
   * OpenAI's `diarized_json` (TranscriptionDiarized): the text, the duration, and segments of type
   * `transcript.text.segment`, each with an id, start and end in seconds, its text and the
   * speaker's label; no word timestamps. Usage is billed by duration.
   */
  private diarizedJson() {
    const segments =
      this.diarizedSegments ??
      (this.transcriptionText.match(/[^.!?]+[.!?]*/g) ?? [])
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text, i) => ({
          start: i * this.secondsPerSegment,
          end: (i + 1) * this.secondsPerSegment,
          text,
          speaker: i % 2 === 0 ? 'A' : 'B',
        }));
    const duration = segments.length ? segments[segments.length - 1]!.end : 0;
    return {
      task: 'transcribe',
      duration,
      text: segments.map((s) => s.text).join(' '),
      segments: segments.map((segment, i) => ({
        type: 'transcript.text.segment',
        id: `seg_${String(i).padStart(3, '0')}`,
        start: segment.start,
        end: segment.end,
        text: segment.text,
        speaker: segment.speaker,
      })),
      usage: { type: 'duration', seconds: Math.ceil(duration) },
    };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const request: ReceivedRequest = { path: req.url ?? '', headers: req.headers, raw };
      if (String(req.headers['content-type'] ?? '').includes('application/json')) {
        try {
          request.json = JSON.parse(raw.toString('utf8'));
        } catch {}
      }
      this.requests.push(request);
      const send = (status: number, body: unknown) => {
        if (res.destroyed || res.writableEnded) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const hold = this.holds.shift();
      if (hold) {
        hold.arrived();
        await hold.released;
      }
      const step = this.script.shift();
      if (step === 'hang' || (step === undefined && this.hang)) return;
      if (typeof step === 'number')
        return send(step, { error: { message: `fake failure ${step}`, type: 'server_error' } });
      if (this.failWithStatus)
        return send(this.failWithStatus, { error: { message: 'fake failure', type: 'server_error' } });
      if (req.method === 'POST' && request.path.endsWith('/chat/completions')) {
        const content = typeof this.chatReply === 'function' ? this.chatReply(request) : this.chatReply;
        return send(200, {
          id: `chatcmpl-${this.requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: (request.json as { model?: string } | undefined)?.model ?? 'fake',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      if (req.method === 'POST' && request.path.endsWith('/audio/transcriptions')) {
        if (this.transcriptionDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, this.transcriptionDelayMs));
        const format = multipartField(raw, 'response_format');
        if (format === 'diarized_json') {
          if (!this.diarizeModels.includes(multipartField(raw, 'model') ?? ''))
            return send(400, {
              error: {
                message: "response_format 'diarized_json' is not compatible with this model.",
                type: 'invalid_request_error',
                param: 'response_format',
              },
            });
          return send(200, this.diarizedJson());
        }
        if (format === 'verbose_json') return send(200, this.verboseJson());
        return send(200, { text: this.transcriptionText });
      }
      send(404, { error: { message: 'not found' } });
    });
  }
}

/**
 * The number a drafts prompt gives the note's sentence that starts with `start` ("12. We got
 * about...", or "12. [Priya] I hired..." in a conversation): what a model answer cites as its source.
 */
export const sentenceNumber = (prompt: string, start: string) =>
  Number(new RegExp(`(\\d+)\\. (?:\\[[^\\]\n]+\\] )?${start}`).exec(prompt)![1]);

/**
 * The value of a plain field of a multipart/form-data body (null when absent), found in the bytes
 * (a body holds megabytes of audio: no copy of it as a string).
 */
export function multipartField(raw: Buffer, name: string): string | null {
  const marker = Buffer.from(`name="${name}"\r\n\r\n`, 'latin1');
  const at = raw.indexOf(marker);
  if (at === -1) return null;
  const end = raw.indexOf('\r\n', at + marker.length);
  return end === -1 ? null : raw.toString('latin1', at + marker.length, end);
}

/** A valid trend analysis answer (docs/spec/product-spec.md §3 skeleton and five twist ideas) for the fake to give. */
export const SAMPLE_TREND_ANALYSIS = {
  format: 'List / countdown',
  beats: [
    {
      name: 'Hook',
      start_seconds: 0,
      end_seconds: 5,
      description: 'Promise three lessons in the first line.',
    },
    { name: 'Setup', start_seconds: 5, end_seconds: 15, description: 'Who you were before the business.' },
    { name: 'Payoff', start_seconds: 15, end_seconds: 40, description: 'The three lessons, one cut each.' },
  ],
  twist_ideas: [
    'Three things I would NOT do again',
    'Three lessons told by my first customer',
    'Three lessons, one per year in business',
    'Three lessons in 10 seconds each',
    'Three lessons from my biggest failure',
  ],
};
