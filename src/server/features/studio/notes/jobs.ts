import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NEEDS_STT_MESSAGE } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import { audioPieces, ffmpegBinary } from '../../../providers/media/ffmpeg-run.ts';
import {
  createSpeechToText,
  isTransientProviderError,
  type SpeechToText,
} from '../../../providers/stt/stt.ts';
import {
  configuredTranscribers,
  runTranscribers,
  TRANSCRIBE_RETRIES,
  TRANSCRIPTION_DID_NOT_FINISH,
  type Transcriber,
} from '../../transcription/index.ts';
import { mediaFile } from '../media.ts';
import { buildProfile } from '../text/profile.ts';
import type { NoteStats } from '../text/profile-shape.ts';
import type { TranscriptSegment } from '../text/sentences.ts';
import { analyseText, cleanText } from './analyse.ts';
import { NO_SPEECH_MESSAGE, profileJob, transcribeFailedJob, transcribeJob } from './job-definitions.ts';
import {
  findNoteById,
  findVoiceSettings,
  readyNoteStats,
  replaceSentences,
  updateNote,
  upsertVoiceSettings,
} from './repository.ts';
import { queueProfile } from './service.ts';

export interface NoteJobDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Tests may pass their own; the configured ones otherwise. */
  stt?: SpeechToText | null;
  transcribers?: Transcriber[];
}

class PermanentFailure extends Error {}
class RetryableFailure extends Error {}

/** Transcribes a stored media file piece by piece; segment times are offset to the whole file. */
async function transcribeMedia(
  stt: SpeechToText,
  ffmpeg: string,
  file: string,
): Promise<{ text: string; segments: TranscriptSegment[]; durationMs: number | null }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-studio-'));
  try {
    const { pieces, durationMs } = await audioPieces(ffmpeg, file, dir).catch((error: Error) => {
      throw new PermanentFailure(error.message);
    });
    if (pieces.length === 0) throw new PermanentFailure('The file has no audio track.');
    const texts: string[] = [];
    const segments: TranscriptSegment[] = [];
    let measured = 0;
    for (const piece of pieces) {
      const result = await stt.transcribeTimed(await readFile(piece.file), path.basename(piece.file));
      if (result.text) texts.push(result.text);
      for (const s of result.segments)
        segments.push({ startMs: s.startMs + piece.offsetMs, endMs: s.endMs + piece.offsetMs, text: s.text });
      measured = piece.offsetMs + (result.durationMs ?? 0);
    }
    return { text: texts.join(' ').trim(), segments, durationMs: durationMs ?? (measured || null) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function registerNoteJobs(queue: JobQueue, deps: NoteJobDeps): void {
  const { config, database, log } = deps;
  const db = database.db;
  const stt = deps.stt !== undefined ? deps.stt : createSpeechToText(config.stt);
  const transcribers = (deps.transcribers ?? configuredTranscribers(config)).filter(
    (t) => t.name !== 'webhook',
  );

  const fail = (noteId: string, message: string) =>
    updateNote(db, null, noteId, { status: 'failed', statusMessage: message.slice(0, 1000) }, [
      'transcribing',
    ]);

  queue.handle(transcribeJob, async ({ noteId }, { retryCount }) => {
    const note = await findNoteById(db, noteId);
    if (note?.status !== 'transcribing') return;
    let transcript: { text: string; segments?: TranscriptSegment[]; durationMs?: number | null };
    try {
      if (note.mediaPath) {
        if (!stt) {
          await updateNote(db, null, noteId, { status: 'needs_stt', statusMessage: NEEDS_STT_MESSAGE }, [
            'transcribing',
          ]);
          return;
        }
        transcript = await transcribeMedia(
          stt,
          ffmpegBinary(config),
          mediaFile(config.dataDir, note.mediaPath),
        );
      } else if (note.sourceUrl) {
        const outcome = await runTranscribers(transcribers, note.sourceUrl);
        if (outcome.kind === 'failed') {
          if (outcome.retryable) throw new RetryableFailure(outcome.message);
          throw new PermanentFailure(outcome.message);
        }
        if (outcome.kind !== 'transcript') throw new PermanentFailure('No transcript could be produced.');
        transcript = { text: outcome.text };
      } else throw new PermanentFailure('This note has nothing to transcribe.');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentFailure) {
        log.info({ noteId, reason: message }, 'studio transcription failed');
        await fail(noteId, message);
        return;
      }
      const transient = error instanceof RetryableFailure || isTransientProviderError(error);
      if (transient && retryCount < TRANSCRIBE_RETRIES) {
        log.warn(
          { noteId, attempt: retryCount + 1, reason: message },
          'studio transcription failed; retrying',
        );
        throw error;
      }
      await fail(
        noteId,
        error instanceof RetryableFailure
          ? message
          : `The speech-to-text server failed (${message.slice(0, 200)}).`,
      );
      return;
    }
    const text = cleanText(transcript.text).trim();
    if (!text) {
      await fail(noteId, NO_SPEECH_MESSAGE);
      return;
    }
    const analysis = analyseText(
      text,
      'spoken',
      transcript.segments?.length ? transcript.segments : undefined,
    );
    await database.transaction(async (tx) => {
      const updated = await updateNote(
        tx.db,
        null,
        noteId,
        {
          status: 'ready',
          statusMessage: null,
          text,
          wordCount: analysis.wordCount,
          stats: analysis.stats,
          keyPhrases: analysis.keyPhrases,
          durationMs: note.durationMs ?? transcript.durationMs ?? null,
        },
        ['transcribing'],
      );
      if (!updated) return;
      await replaceSentences(tx.db, noteId, analysis.sentences);
      await queueProfile(queue, tx, note.ownerEmail);
    });
  });

  queue.handle(transcribeFailedJob, async ({ noteId }) => {
    if (await fail(noteId, TRANSCRIPTION_DID_NOT_FINISH))
      log.warn({ noteId }, 'studio transcription failed for good');
  });

  queue.handle(profileJob, async ({ owner }) => {
    // The version first: a change committing while this runs leaves the copy marked out of date.
    const settings = await findVoiceSettings(db, owner);
    const rows = await readyNoteStats(db, owner);
    const profile = buildProfile(
      rows.map((r) => r.stats as NoteStats),
      { pinned: settings?.pins ?? [], banned: settings?.bans ?? [] },
    );
    await upsertVoiceSettings(db, owner, {
      profile,
      profileNotes: profile.notes,
      profileWords: profile.words,
      profileUpdatedAt: new Date(),
      profileVersion: settings?.notesVersion ?? 0,
    });
  });
}
