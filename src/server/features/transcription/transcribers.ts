import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { parseCaptions } from '../../providers/media/captions.ts';
import { parseFfmpegDuration, runFfmpeg } from '../../providers/media/ffmpeg-run.ts';
import { runYtDlp, YtDlpError } from '../../providers/media/yt-dlp.ts';
import { isTransientProviderError, type SpeechToText } from '../../providers/stt/stt.ts';

/** What one transcriber made of a video. */
export type TranscribeOutcome =
  | { kind: 'transcript'; text: string; method: string }
  /** Handed to an outside service that will call the signed webhook. */
  | { kind: 'awaiting_callback' }
  /** `retryable`: it may work later (the provider timed out or answered 5xx), so the job retries first. */
  | { kind: 'unavailable'; reason: string; retryable?: boolean };

/** What the caller of a transcription decides. */
export interface TranscribeOptions {
  /**
   * Runs once the audio's length is known, before anything is sent to speech-to-text; throws to
   * stop (the Studio counts the minutes against the owner's daily limit, as for uploads).
   */
  allow?: (durationMs: number) => Promise<void>;
}

/** One way to get a transcript; tried in order until one produces text (or hands the work on). */
export interface Transcriber {
  readonly name: string;
  transcribe(url: string, options?: TranscribeOptions): Promise<TranscribeOutcome>;
}

/** Caps for audio handed to speech-to-text (OpenAI's upload limit is 25 MB). */
export const AUDIO_MAX_BYTES = 25 * 1024 * 1024;
export const AUDIO_MAX_SECONDS = 30 * 60;
/** Formats /v1/audio/transcriptions accepts as they are; anything else is converted by ffmpeg. */
const STT_FORMATS = new Set(['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm']);

/**
 * The one demuxer ffmpeg may use for downloaded audio, by the format its first bytes show (as
 * file-type names it), never its name or ffmpeg's probing: the same rule as for uploads.
 */
const DEMUXER_OF_SNIFFED: Readonly<Record<string, string>> = {
  mp3: 'mp3',
  m4a: 'mov',
  mp4: 'mov',
  m4v: 'mov',
  mov: 'mov',
  wav: 'wav',
  webm: 'matroska',
  mkv: 'matroska',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  ogx: 'ogg',
};

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const describeYtDlpError = (error: unknown) =>
  error instanceof YtDlpError ? error.message : error instanceof Error ? error.message : String(error);

/** 1. Platform captions (uploaded subtitles, else automatic captions) fetched by yt-dlp. */
export function captionsTranscriber(ytDlpPath: string, options: { timeoutMs?: number } = {}): Transcriber {
  return {
    name: 'captions',
    async transcribe(url) {
      return withTempDir(async (dir) => {
        try {
          await runYtDlp(
            ytDlpPath,
            [
              '--skip-download',
              '--write-subs',
              '--write-auto-subs',
              '--sub-langs',
              'en.*,en',
              '--sub-format',
              'vtt/srt/best',
              '--no-playlist',
              '--no-warnings',
              '-o',
              path.join(dir, 'media.%(ext)s'),
              '--',
              url,
            ],
            { timeoutMs: options.timeoutMs ?? 60_000, maxOutputBytes: 1024 * 1024 },
          );
        } catch (error) {
          return {
            kind: 'unavailable',
            reason: `captions could not be fetched (${describeYtDlpError(error)})`,
          };
        }
        const files = (await readdir(dir)).filter((f) => /\.(vtt|srt)$/i.test(f));
        // Plain 'en' before regional variants; uploaded and automatic captions share the name.
        files.sort((a, b) => a.length - b.length || a.localeCompare(b));
        for (const file of files) {
          const info = await stat(path.join(dir, file));
          if (info.size > 10 * 1024 * 1024) continue;
          const text = parseCaptions(await readFile(path.join(dir, file), 'utf8'));
          if (text) return { kind: 'transcript', text, method: 'captions' };
        }
        return { kind: 'unavailable', reason: 'the video has no captions' };
      });
    },
  };
}

/** 2. Audio extracted by yt-dlp (size and duration capped) sent to a speech-to-text server. */
export function speechToTextTranscriber(
  ytDlpPath: string,
  stt: SpeechToText,
  options: { ffmpegPath?: string; timeoutMs?: number } = {},
): Transcriber {
  return {
    name: 'stt',
    async transcribe(url, transcribeOptions = {}) {
      return withTempDir(async (dir) => {
        try {
          await runYtDlp(
            ytDlpPath,
            [
              '-f',
              'bestaudio[filesize<25M]/bestaudio/worstaudio/worst',
              '--max-filesize',
              '25M',
              '--match-filter',
              `!duration | duration <= ${AUDIO_MAX_SECONDS}`,
              '--no-playlist',
              '--no-warnings',
              '--no-part',
              '-o',
              path.join(dir, 'audio.%(ext)s'),
              '--',
              url,
            ],
            { timeoutMs: options.timeoutMs ?? 5 * 60_000, maxOutputBytes: 1024 * 1024 },
          );
        } catch (error) {
          return {
            kind: 'unavailable',
            reason: `audio could not be downloaded (${describeYtDlpError(error)})`,
          };
        }
        const file = (await readdir(dir)).find((f) => f.startsWith('audio.'));
        if (!file) {
          return {
            kind: 'unavailable',
            reason: `the audio is longer than ${AUDIO_MAX_SECONDS / 60} minutes or larger than ${AUDIO_MAX_BYTES / 1024 / 1024} MB`,
          };
        }
        let audioPath = path.join(dir, file);
        const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
        const sniffed = await fileTypeFromFile(audioPath).catch(() => undefined);
        const demuxer = sniffed ? DEMUXER_OF_SNIFFED[sniffed.ext] : undefined;
        if (!demuxer)
          return { kind: 'unavailable', reason: 'the downloaded audio is not in a format Echo reads' };
        const ext = path.extname(file).slice(1).toLowerCase();
        let durationMs: number | null = null;
        try {
          if (!STT_FORMATS.has(ext)) {
            const converted = path.join(dir, 'converted.mp3');
            const stderr = await runFfmpeg(
              ffmpeg,
              [
                '-y',
                '-f',
                demuxer,
                '-i',
                audioPath,
                '-vn',
                '-ac',
                '1',
                '-ar',
                '16000',
                '-b:a',
                '64k',
                converted,
              ],
              5 * 60_000,
            );
            durationMs = parseFfmpegDuration(stderr);
            audioPath = converted;
          } else if (transcribeOptions.allow) {
            // Read to the end (nothing written) so ffmpeg reports the length it found.
            const stderr = await runFfmpeg(
              ffmpeg,
              ['-hide_banner', '-nostats', '-f', demuxer, '-i', audioPath, '-vn', '-f', 'null', '-'],
              5 * 60_000,
            );
            durationMs = parseFfmpegDuration(stderr);
          }
        } catch (error) {
          return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
        }
        // A length ffmpeg cannot tell counts as the longest a download may be.
        await transcribeOptions.allow?.(durationMs ?? AUDIO_MAX_SECONDS * 1000);
        const size = (await stat(audioPath)).size;
        if (size > AUDIO_MAX_BYTES) {
          return {
            kind: 'unavailable',
            reason: `the audio is larger than ${AUDIO_MAX_BYTES / 1024 / 1024} MB`,
          };
        }
        try {
          const text = await stt.transcribe(audioPath);
          if (!text) return { kind: 'unavailable', reason: 'the speech-to-text server found no speech' };
          return { kind: 'transcript', text, method: 'stt' };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return {
            kind: 'unavailable',
            reason: `the speech-to-text server failed (${message.slice(0, 200)})`,
            ...(isTransientProviderError(error) ? { retryable: true } : {}),
          };
        }
      });
    },
  };
}

/**
 * 3. An external transcription service (the spec's original flow): when WEBHOOK_SECRET is
 * configured, the result waits for a signed POST /api/webhook/transcription-complete.
 */
export function externalServiceTranscriber(): Transcriber {
  return { name: 'webhook', transcribe: async () => ({ kind: 'awaiting_callback' }) };
}

export type ChainOutcome =
  | { kind: 'transcript'; text: string; method: string }
  | { kind: 'awaiting_callback' }
  /** `retryable`: one of the reasons may pass on its own (see TranscribeOutcome). */
  | { kind: 'failed'; message: string; retryable?: boolean };

/** Tries each transcriber in order; when none can help, says what to configure. */
export async function runTranscribers(
  transcribers: Transcriber[],
  url: string,
  options: TranscribeOptions = {},
): Promise<ChainOutcome> {
  const reasons: string[] = [];
  let retryable = false;
  for (const transcriber of transcribers) {
    const outcome = await transcriber.transcribe(url, options);
    if (outcome.kind !== 'unavailable') return outcome;
    reasons.push(outcome.reason);
    if (outcome.retryable) retryable = true;
  }
  const configured = new Set(transcribers.map((t) => t.name));
  const hints: string[] = [];
  if (!configured.has('stt')) hints.push('set STT_BASE_URL to an OpenAI-compatible speech-to-text server');
  if (!configured.has('webhook'))
    hints.push('connect an external transcription service to the webhook (set WEBHOOK_SECRET)');
  const why = reasons.length ? `${reasons.join('; ')}.` : '';
  const what = hints.length ? ` To transcribe videos without captions, ${hints.join(' or ')}.` : '';
  const message = `No transcript could be produced: ${why}${what}`.trim();
  return retryable ? { kind: 'failed', message, retryable } : { kind: 'failed', message };
}
