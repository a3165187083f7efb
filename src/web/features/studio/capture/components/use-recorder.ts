import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped';

/** How often MediaRecorder hands over a chunk (each goes up while recording continues). */
export const CHUNK_MS = 5_000;

/** A container MediaRecorder can write in this browser, preferring Opus in WebM. */
export function pickMimeType(): string | undefined {
  for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return undefined;
}

/** Root-mean-square level of the analyser's current waveform, scaled to 0..1. */
function levelOf(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(buffer);
  let sum = 0;
  for (const byte of buffer) {
    const sample = (byte - 128) / 128;
    sum += sample * sample;
  }
  // Speech sits around 0.05-0.3 RMS; stretch it so the meter moves visibly.
  return Math.min(1, Math.sqrt(sum / buffer.length) * 4);
}

/** Recorded time so far: the time before the last pause plus the running stretch. */
const elapsedOf = (clock: { startedAt: number; before: number }) =>
  clock.before + (clock.startedAt ? performance.now() - clock.startedAt : 0);

interface Callbacks {
  /** Each recorded chunk, in order (the last one arrives after stop). */
  onChunk: (chunk: Blob, index: number) => void;
  /** The recorder has stopped and handed over its last chunk; `elapsedMs` is the recorded time. */
  onStopped: (mimeType: string, elapsedMs: number) => void;
}

/**
 * A microphone recording with MediaRecorder: a live level (Web Audio AnalyserNode), the elapsed
 * time without pauses, pause/resume/stop, and a hard stop at `maxMs`.
 */
export function useRecorder({ maxMs, onChunk, onStopped }: Callbacks & { maxMs: number }) {
  const [state, setState] = useState<RecorderState>('idle');
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const frame = useRef(0);
  const clock = useRef({ startedAt: 0, before: 0 });
  const chunkIndex = useRef(0);
  const callbacks = useRef({ onChunk, onStopped });
  callbacks.current = { onChunk, onStopped };

  const release = useCallback(() => {
    cancelAnimationFrame(frame.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    audio.current?.close().catch(() => {});
    audio.current = null;
    setLevel(0);
  }, []);

  useEffect(
    () => () => {
      const current = recorder.current;
      recorder.current = null;
      if (current && current.state !== 'inactive') {
        current.ondataavailable = null;
        current.onstop = null;
        current.stop();
      }
      release();
    },
    [release],
  );

  const elapsedNow = useCallback(() => elapsedOf(clock.current), []);

  const stop = useCallback(() => {
    const current = recorder.current;
    if (!current || current.state === 'inactive') return;
    clock.current = { startedAt: 0, before: elapsedNow() };
    setElapsedMs(clock.current.before);
    current.stop();
    setState('stopped');
  }, [elapsedNow]);

  const start = useCallback(async () => {
    setError(null);
    setState('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = media;
      const context = new AudioContext();
      audio.current = context;
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(media).connect(analyser);
      const buffer = new Uint8Array(analyser.fftSize);
      const mimeType = pickMimeType();
      const rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
      recorder.current = rec;
      chunkIndex.current = 0;
      rec.ondataavailable = (event) => {
        if (event.data.size > 0) callbacks.current.onChunk(event.data, chunkIndex.current++);
      };
      rec.onstop = () => {
        release();
        callbacks.current.onStopped(rec.mimeType || mimeType || 'audio/webm', clock.current.before);
      };
      rec.start(CHUNK_MS);
      clock.current = { startedAt: performance.now(), before: 0 };
      setElapsedMs(0);
      setState('recording');
      const tick = () => {
        if (rec.state === 'recording') {
          setLevel(levelOf(analyser, buffer));
          const elapsed = elapsedNow();
          setElapsedMs(elapsed);
          if (elapsed >= maxMs) {
            stop();
            return;
          }
        } else setLevel(0);
        frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
    } catch (cause) {
      release();
      setState('idle');
      const denied = cause instanceof DOMException && cause.name === 'NotAllowedError';
      setError(
        denied
          ? 'Echo needs your permission to use the microphone. Allow it in your browser and try again.'
          : 'No microphone could be opened. Check that one is connected and try again.',
      );
    }
  }, [maxMs, release, stop, elapsedNow]);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    clock.current = { startedAt: 0, before: elapsedNow() };
    setState('paused');
  }, [elapsedNow]);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    clock.current = { ...clock.current, startedAt: performance.now() };
    setState('recording');
  }, []);

  /** Stops without handing over anything more; the caller throws away what was sent. */
  const discard = useCallback(() => {
    const current = recorder.current;
    recorder.current = null;
    if (current && current.state !== 'inactive') {
      current.ondataavailable = null;
      current.onstop = null;
      current.stop();
    }
    release();
    clock.current = { startedAt: 0, before: 0 };
    setElapsedMs(0);
    setState('idle');
  }, [release]);

  const reset = useCallback(() => {
    recorder.current = null;
    clock.current = { startedAt: 0, before: 0 };
    setElapsedMs(0);
    setState('idle');
  }, []);

  return { state, level, elapsedMs, elapsedNow, error, start, pause, resume, stop, discard, reset };
}
