import { mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findOnPath } from '../media/executables.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { BoundedRunError, formatSeconds, runBounded } from './bounded-run.ts';
import {
  DEFAULT_SEGMENT_OPTIONS,
  parseWordTimes,
  type RoughSegment,
  type RoughWord,
  type SegmentOptions,
  segmentWords,
} from './pocketsphinx-output.ts';
import type { SpeechToText, TimedTranscript } from './stt.ts';

/**
 * An offline speech-to-text: CMU PocketSphinx with its US English model (Debian's `pocketsphinx`
 * and `pocketsphinx-en-us`, whose program is `pocketsphinx_continuous`). Far less accurate than a
 * Whisper-class server: its transcripts are labelled rough. Audio is converted by ffmpeg to 16 kHz
 * mono 16-bit PCM; both programs run without a shell, with PATH and LANG only, under one time
 * budget and an output cap.
 */
export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';
export const POCKETSPHINX_MODEL = 'pocketsphinx-en-us';
export const ROUGH_TRANSCRIPT_LABEL = 'rough transcript';

const SAMPLE_RATE = 16_000;
const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000;
/** Silence put before and after the audio: the recogniser's voice detector misses a first word said at 0 s. */
const PAD_MS = 500;

/**
 * What the recogniser is run with beyond its defaults, each kept because it measurably helped
 * (bench/pocketsphinx.ts, the README's table): its spectral noise subtraction off, which on clean
 * speech removes parts of the words themselves.
 */
const RECOGNISER_OPTIONS = ['-remove_noise', 'no'];

export type PocketsphinxFailure = 'not_installed' | 'timeout' | 'too_large' | 'unreadable_audio' | 'failed';

export class PocketsphinxError extends Error {
  readonly reason: PocketsphinxFailure;
  constructor(reason: PocketsphinxFailure, message: string) {
    super(message);
    this.name = 'PocketsphinxError';
    this.reason = reason;
  }
}

/** A transcript from PocketSphinx: the usual timed shape, every word timed, and marked rough. */
export interface RoughTranscript extends TimedTranscript {
  rough: true;
  label: typeof ROUGH_TRANSCRIPT_LABEL;
  engine: typeof POCKETSPHINX_MODEL;
  durationMs: number;
  segments: RoughSegment[];
  words: RoughWord[];
}

export interface PocketsphinxOptions {
  /** `pocketsphinx_continuous` (POCKETSPHINX_PATH, or found on PATH by `resolvePocketsphinx`). */
  binary: string;
  /** ffmpeg for the conversion (`resolveFfmpeg(config.ffmpegPath).path`). */
  ffmpeg: string;
  /**
   * The time budget of one transcription, conversion included; exceeded, the running program is
   * killed and the call fails with reason 'timeout'. Default: 60 s + 3 x the audio's length.
   */
  timeoutMs?: number;
  /** Bytes of recogniser output kept at most (default 16 MB, about 400 hours of words). */
  maxOutputBytes?: number;
  /** Audio longer than this is refused before recognition (default 4 hours). */
  maxAudioMs?: number;
  segments?: Partial<SegmentOptions>;
}

export interface Pocketsphinx extends SpeechToText {
  /** The rough transcript of an audio file, with word times. */
  transcribeTimed(file: string): Promise<RoughTranscript>;
}

/** POCKETSPHINX_PATH when set, else `pocketsphinx_continuous` on PATH, else null (not installed). */
export function resolvePocketsphinx(configured?: string, searchPath?: string): string | null {
  if (configured) return configured;
  return findOnPath(POCKETSPHINX_BINARY, searchPath);
}

/**
 * The offline recogniser of a configuration (POCKETSPHINX_PATH or PATH, with FFMPEG_PATH's
 * ffmpeg), or null when PocketSphinx is not installed.
 */
export function createOfflineSpeechToText(config: {
  pocketsphinxPath?: string;
  ffmpegPath?: string;
}): Pocketsphinx | null {
  const binary = resolvePocketsphinx(config.pocketsphinxPath);
  return binary ? createPocketsphinx({ binary, ffmpeg: resolveFfmpeg(config.ffmpegPath).path }) : null;
}

export function createPocketsphinx(options: PocketsphinxOptions): Pocketsphinx {
  const segmentOptions = { ...DEFAULT_SEGMENT_OPTIONS, ...options.segments };
  const maxOutputBytes = options.maxOutputBytes ?? 16 * 1024 * 1024;
  const maxAudioMs = options.maxAudioMs ?? 4 * 3600_000;

  async function transcribeTimed(file: string): Promise<RoughTranscript> {
    const started = Date.now();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-pocketsphinx-'));
    try {
      const pcm = path.join(dir, 'audio.raw');
      const pad = Buffer.alloc(PAD_MS * BYTES_PER_MS);
      await runBounded(
        options.ffmpeg,
        [
          ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-vn', '-sn', '-dn'],
          ...['-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
        ],
        {
          label: 'ffmpeg',
          timeoutMs: options.timeoutMs ?? 10 * 60_000,
          // 16-bit samples at 16 kHz: 32 bytes per millisecond.
          maxOutputBytes: maxAudioMs * BYTES_PER_MS,
          stdoutFile: { path: pcm, prefix: pad },
        },
      ).catch((error: unknown) => {
        if (error instanceof BoundedRunError && error.reason === 'failed')
          throw new PocketsphinxError('unreadable_audio', `The audio could not be read: ${error.message}`);
        if (error instanceof BoundedRunError && error.reason === 'too_large')
          throw new PocketsphinxError(
            'too_large',
            `The audio is longer than the ${formatSeconds(maxAudioMs)} a rough transcript is made for`,
          );
        throw asPocketsphinxError(error);
      });
      const durationMs = Math.max(0, Math.round((await stat(pcm)).size / BYTES_PER_MS) - PAD_MS);
      if (durationMs === 0) throw new PocketsphinxError('unreadable_audio', 'The file has no audio.');
      await writeFile(pcm, pad, { flag: 'a' });
      const budgetMs = options.timeoutMs ?? 60_000 + 3 * durationMs;
      const remaining = budgetMs - (Date.now() - started);
      const output = await runBounded(
        options.binary,
        ['-infile', pcm, '-samprate', String(SAMPLE_RATE), '-time', 'yes', ...RECOGNISER_OPTIONS],
        {
          label: 'PocketSphinx',
          timeoutMs: remaining,
          maxOutputBytes,
        },
      ).catch((error: unknown) => {
        if (error instanceof BoundedRunError && error.reason === 'timeout')
          throw new PocketsphinxError(
            'timeout',
            `PocketSphinx did not transcribe ${formatSeconds(durationMs)} of audio within its time budget of ${formatSeconds(budgetMs)}; it was stopped`,
          );
        throw asPocketsphinxError(error);
      });
      const utterances = parseWordTimes(output, PAD_MS, durationMs);
      const segments = segmentWords(utterances, segmentOptions);
      return {
        rough: true,
        label: ROUGH_TRANSCRIPT_LABEL,
        engine: POCKETSPHINX_MODEL,
        text: segments.map((s) => s.text).join(' '),
        durationMs,
        segments,
        words: utterances.flat(),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    model: POCKETSPHINX_MODEL,
    transcribeTimed,
    // It tells no speakers apart.
    diarize: null,
    async transcribe(file) {
      return (await transcribeTimed(file)).text;
    },
  };
}

function asPocketsphinxError(error: unknown): PocketsphinxError {
  if (error instanceof PocketsphinxError) return error;
  if (error instanceof BoundedRunError) {
    const message =
      error.reason === 'not_installed'
        ? `${error.message}: install Debian's pocketsphinx and pocketsphinx-en-us, or set POCKETSPHINX_PATH`
        : error.message;
    return new PocketsphinxError(error.reason, message);
  }
  return new PocketsphinxError('failed', error instanceof Error ? error.message : String(error));
}

/**
 * Whether PocketSphinx really runs here: its program and its model load and recognise 0.3 s of
 * silence (a short run, cheap enough for the checklist). The version is that of the Debian
 * package that installed the program (the program itself has no --version), else 'unknown'.
 */
export async function checkPocketsphinx(
  binary: string | null,
): Promise<{ version: string | null; problem?: string }> {
  if (!binary) return { version: null, problem: `${POCKETSPHINX_BINARY} was not found on PATH` };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-pocketsphinx-check-'));
  try {
    const silence = path.join(dir, 'silence.raw');
    await writeFile(silence, Buffer.alloc(300 * BYTES_PER_MS));
    await runBounded(binary, ['-infile', silence, '-samprate', String(SAMPLE_RATE), '-logfn', '/dev/null'], {
      label: 'PocketSphinx',
      timeoutMs: 30_000,
      maxOutputBytes: 64 * 1024,
    });
  } catch (error) {
    return { version: null, problem: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { version: (await debianVersion(binary)) ?? 'unknown' };
}

/** The version of the Debian package that installed `binary`, or null (not from a package, no dpkg). */
async function debianVersion(binary: string): Promise<string | null> {
  const dpkg = findOnPath('dpkg-query');
  if (!dpkg) return null;
  const query = (args: string[]) => runBounded(dpkg, args, { timeoutMs: 10_000, maxOutputBytes: 4096 });
  try {
    const owner = /^([a-z0-9][a-z0-9+.-]*)(?::[a-z0-9]+)?: /.exec(
      await query(['-S', await realpath(binary)]),
    )?.[1];
    if (!owner) return null;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax
    return (await query(['-W', '-f=${Version}', owner])).trim() || null;
  } catch {
    return null;
  }
}
