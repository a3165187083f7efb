import { STUDIO_API, STUDIO_LIMITS } from '#contract/studio.ts';
import type { Recording } from '#contract/studio-capture.ts';
import { apiRequest, isHttpError, throwIfResNotOk } from '#web/lib/api.ts';
import type { TimedPhrase } from './live-transcript.ts';

// Recordings sent while recording: the transport beside uploads.ts (tus), used by the recorder.

const json = async <T>(res: Response) => (await res.json()) as T;

export interface ChunkedRecording {
  /** Queues chunk `index`; it is sent (and resent until the server has it) in order. */
  send(chunk: Blob, index: number): void;
  /**
   * Waits until every chunk is on the server, then turns the recording into a note: its id, and
   * whether it is being transcribed (else it is kept as audio: no speech-to-text on this server).
   */
  finish(
    durationMs: number,
    transcript?: TimedPhrase[],
    /** The browser's on-device recogniser heard it (kept over a rough server transcript). */
    onDevice?: boolean,
    /** A conversation of several speakers (sent to the diarizing model when the server has one). */
    conversation?: boolean,
  ): Promise<{ id: string; transcribing: boolean }>;
  /** Stops sending and deletes what the server holds. */
  discard(): void;
}

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits `ms`, or less when the browser says it is back online. */
function waitToRetry(ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * A failed request worth trying again: no answer at all (the network), a time-out, rate limit or
 * server error. The server's answer is read from `HttpError.status`, never from the message.
 */
export const retryable = (error: unknown) =>
  !isHttpError(error) || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * Starts a recording on the server and returns its sender: chunks go up one at a time while the
 * microphone keeps recording; a chunk that fails for a network reason stays queued and is retried
 * (sooner when the browser comes back online), so a dropped connection loses nothing.
 */
export async function startChunkedRecording({
  mimeType,
  onProgress,
}: {
  mimeType?: string;
  /** Chunks not yet on the server, and whether the last try failed for a network reason. */
  onProgress: (unsent: number, connectionLost: boolean) => void;
}): Promise<ChunkedRecording> {
  const recording = await json<Recording>(
    await apiRequest('POST', `${STUDIO_API}/recordings`, mimeType ? { mime_type: mimeType } : {}),
  );
  const base = `${STUDIO_API}/recordings/${encodeURIComponent(recording.id)}`;
  const queue = new Map<number, Blob>();
  let highest = -1;
  let sending = false;
  let stopped = false;
  let fatal: unknown = null;
  let drained: (() => void) | null = null;

  async function pump() {
    if (sending) return;
    sending = true;
    let failures = 0;
    while (!stopped && queue.size > 0) {
      const index = Math.min(...queue.keys());
      try {
        const res = await fetch(`${base}/chunks/${index}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: queue.get(index),
          credentials: 'include',
        });
        await throwIfResNotOk(res);
        queue.delete(index);
        failures = 0;
        onProgress(queue.size, false);
      } catch (error) {
        if (!retryable(error)) {
          fatal = error;
          break;
        }
        onProgress(queue.size, true);
        await waitToRetry(RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]!);
      }
    }
    sending = false;
    if (queue.size === 0 || fatal) drained?.();
  }

  return {
    send(chunk, index) {
      if (stopped || fatal) return;
      highest = Math.max(highest, index);
      queue.set(index, chunk);
      onProgress(queue.size, false);
      void pump();
    },
    async finish(durationMs, transcript = [], onDevice = false, conversation = false) {
      // MediaRecorder hands over its last chunk just before onstop: let the queue take it.
      await sleep(0);
      if (queue.size > 0 && !fatal)
        await new Promise<void>((resolve) => {
          drained = resolve;
          void pump();
        });
      if (fatal) throw fatal;
      if (highest < 0) throw new Error('Nothing was recorded. Check your microphone and try again.');
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await apiRequest('POST', `${base}/finish`, {
            chunk_count: highest + 1,
            duration_ms: Math.round(Math.min(durationMs, STUDIO_LIMITS.recordingMaxMs)),
            ...(conversation ? { conversation: true } : {}),
            ...(transcript.length
              ? {
                  transcript: transcript.map((p) => ({
                    start_ms: p.startMs,
                    end_ms: p.endMs,
                    text: p.text.slice(0, 2000),
                  })),
                  ...(onDevice ? { transcript_on_device: true } : {}),
                }
              : {}),
          });
          const note = await json<{ id?: string; note_id?: string; status?: string }>(res);
          return { id: note.note_id ?? note.id ?? '', transcribing: note.status !== 'needs_stt' };
        } catch (error) {
          if (!retryable(error) || attempt >= 20) throw error;
          onProgress(0, true);
          await waitToRetry(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
        }
      }
    },
    discard() {
      stopped = true;
      queue.clear();
      fetch(base, { method: 'DELETE', credentials: 'include' }).catch(() => {});
    },
  };
}
