import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { Limiter } from '../../lib/limiter.ts';
import { audioPieces, ffmpegBinary, STT_PIECE_SECONDS } from '../../providers/media/ffmpeg-run.ts';
import {
  createPocketsphinx,
  type Pocketsphinx,
  PocketsphinxError,
  resolvePocketsphinx,
} from '../../providers/stt/pocketsphinx.ts';
import { createSpeechToText, type SpeechToText } from '../../providers/stt/stt.ts';

/**
 * Transcribing a stored audio or video file (the Studio's recordings and uploads). The engine
 * order: the speech-to-text server when configured (STT_*), else PocketSphinx when installed
 * (offline, rough), else none (the caller falls back to a browser transcript or keeps the audio).
 */
export type MediaEngineName = 'server' | 'pocketsphinx';

export interface MediaWord {
  text: string;
  startMs: number;
  endMs: number;
}

export interface MediaSegment {
  startMs: number;
  endMs: number;
  text: string;
  /** Word times, when the engine gives them (PocketSphinx does). */
  words?: MediaWord[];
  /** Who says it, as the diarizing server labels them ("A", "SPEAKER_00"). */
  speaker?: string;
}

/** The words said within [startMs, endMs] (by their start), for a sentence's word times. */
export function wordsWithin(segments: readonly MediaSegment[], startMs: number, endMs: number): MediaWord[] {
  return segments.flatMap((s) =>
    s.endMs < startMs || s.startMs > endMs
      ? []
      : (s.words ?? []).filter((w) => w.startMs >= startMs && w.startMs < Math.max(endMs, startMs + 1)),
  );
}

export interface MediaTranscript {
  engine: MediaEngineName;
  text: string;
  /** Timed segments on the whole file's clock (PocketSphinx: its word times grouped at pauses). */
  segments: MediaSegment[];
  durationMs: number | null;
}

export interface TranscribeOptions {
  mime?: string | null;
  allow?: (durationMs: number) => Promise<void>;
  onPiece?: (done: number, total: number) => Promise<void>;
  /**
   * A conversation: sent to the server's diarizing model when there is one (`diarizes`), whose
   * segments carry their speakers; otherwise transcribed as usual, with no speakers.
   */
  diarize?: boolean;
  /** Filled as it goes: ms spent converting with ffmpeg, and waiting on the engine (for the timings log). */
  timings?: { convertWaitMs?: number; convertMs?: number; engineMs?: number };
}

export interface MediaEngine {
  readonly name: MediaEngineName;
  /**
   * Transcribes a whole file piece by piece: ffmpeg reads it with the demuxer of its detected `mime`
   * only; `allow(durationMs)` runs once ffmpeg has measured it, before any piece is transcribed (it
   * throws to refuse); `onPiece(done, total)` after each piece.
   */
  transcribe(file: string, options?: TranscribeOptions): Promise<MediaTranscript>;
}

/**
 * A recognised phrase as a sentence (browsers and PocketSphinx give none): its first letter
 * upper-cased and a full stop at the end unless it already ends a sentence.
 */
export function phraseAsSentence(phrase: string): string {
  const text = phrase.trim().replace(/\s+/g, ' ');
  if (!text) return '';
  const capital = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return /[.!?…]["'”’)]?$/.test(capital) ? capital : `${capital}.`;
}

/** A failure that retrying will not fix (no audio, unreadable, PocketSphinx over its budget). */
export class MediaTranscriptionFailure extends Error {}

/** PocketSphinx's program when installed here (POCKETSPHINX_PATH, else PATH) and executable, else null. */
function installedPocketsphinx(config: Pick<Config, 'pocketsphinxPath'>): string | null {
  const binary = resolvePocketsphinx(config.pocketsphinxPath);
  if (!binary) return null;
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    return null;
  }
}

/** Which engine this configuration transcribes media with (cheap: no process is started). */
export function mediaEngineName(config: Pick<Config, 'stt' | 'pocketsphinxPath'>): MediaEngineName | null {
  if (config.stt.baseUrl) return 'server';
  return installedPocketsphinx(config) ? 'pocketsphinx' : null;
}

/** Whether this configuration tells speakers apart (a diarizing model on the speech-to-text server). */
export function mediaEngineDiarizes(config: Pick<Config, 'stt'>): boolean {
  return Boolean(config.stt.baseUrl && config.stt.diarizeModel);
}

/**
 * The media engine of a configuration. Tests may pass their own server client or recogniser
 * (`null` for none); the configured ones otherwise.
 */
export function configuredMediaEngine(
  config: Config,
  given: { stt?: SpeechToText | null; pocketsphinx?: Pocketsphinx | null } = {},
): MediaEngine | null {
  const ffmpeg = ffmpegBinary(config);
  // One engine per worker process: its conversions share the cores (the engine's waits do not).
  const converting = new Limiter(config.studio.convertConcurrency);
  const stt = given.stt !== undefined ? given.stt : createSpeechToText(config.stt);
  if (stt)
    return piecewise('server', ffmpeg, converting, 'flac', (file, diarize) =>
      diarize && stt.diarize ? stt.diarize(file) : stt.transcribeTimed(file),
    );
  let recogniser = given.pocketsphinx;
  if (recogniser === undefined) {
    const binary = installedPocketsphinx(config);
    recogniser = binary ? createPocketsphinx({ binary, ffmpeg }) : null;
  }
  if (!recogniser) return null;
  const pocketsphinx = recogniser;
  return piecewise('pocketsphinx', ffmpeg, converting, 'mp3', async (file) => {
    try {
      return await pocketsphinx.transcribeTimed(file);
    } catch (error) {
      if (error instanceof PocketsphinxError)
        throw new MediaTranscriptionFailure(`The rough offline transcript failed: ${error.message}.`);
      throw error;
    }
  });
}

/**
 * Long audio goes in pieces (each well under a request's size limit); times are offset to the whole
 * file. The conversion (ffmpeg, CPU-bound) waits for a turn of `converting`; the pieces' transcription
 * does not, so many notes can wait on a speech-to-text server at once while at most
 * `converting.size` ffmpeg processes share the cores.
 */
function piecewise(
  name: MediaEngineName,
  ffmpeg: string,
  converting: Limiter,
  codec: 'flac' | 'mp3',
  transcribePiece: (
    file: string,
    diarize: boolean,
  ) => Promise<{ text: string; segments: MediaSegment[]; durationMs: number | null }>,
): MediaEngine {
  return {
    name,
    async transcribe(file, { mime = null, allow, onPiece, timings, diarize = false } = {}) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-'));
      try {
        const queued = performance.now();
        // The person sees ffmpeg's plain verdict; its report (paths replaced) only reaches the logs.
        const { pieces, durationMs } = await converting
          .run(() => {
            const started = performance.now();
            if (timings) timings.convertWaitMs = started - queued;
            return audioPieces(ffmpeg, file, dir, mime, codec).finally(() => {
              if (timings) timings.convertMs = performance.now() - started;
            });
          })
          .catch((error: Error) => {
            throw new MediaTranscriptionFailure(error.message, { cause: error });
          });
        if (pieces.length === 0) throw new MediaTranscriptionFailure('The file has no audio track.');
        await allow?.(durationMs ?? pieces.length * STT_PIECE_SECONDS * 1000);
        const texts: string[] = [];
        const segments: MediaSegment[] = [];
        let measured = 0;
        for (const [i, piece] of pieces.entries()) {
          const asking = performance.now();
          // Each piece is diarized alone: the server's labels are its own per piece.
          const result = await transcribePiece(piece.file, diarize);
          if (timings) timings.engineMs = (timings.engineMs ?? 0) + performance.now() - asking;
          if (result.text) texts.push(result.text);
          for (const s of result.segments)
            segments.push({
              startMs: s.startMs + piece.offsetMs,
              endMs: s.endMs + piece.offsetMs,
              text: s.text,
              ...(s.speaker ? { speaker: s.speaker } : {}),
              ...(s.words
                ? {
                    words: s.words.map((w) => ({
                      text: w.text,
                      startMs: w.startMs + piece.offsetMs,
                      endMs: w.endMs + piece.offsetMs,
                    })),
                  }
                : {}),
            });
          measured = piece.offsetMs + (result.durationMs ?? 0);
          await onPiece?.(i + 1, pieces.length);
        }
        return {
          engine: name,
          text: texts.join(' ').trim(),
          segments,
          durationMs: durationMs ?? (measured || null),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
