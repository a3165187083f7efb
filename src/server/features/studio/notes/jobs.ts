import { NEEDS_STT_MESSAGE, type TranscriptEngine } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobHandler, JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import { FfmpegError } from '../../../providers/media/ffmpeg-run.ts';
import { ObjectNotFoundError } from '../../../providers/storage/index.ts';
import type { Pocketsphinx } from '../../../providers/stt/pocketsphinx.ts';
import { isTransientProviderError, type SpeechToText } from '../../../providers/stt/stt.ts';
import {
  configuredMediaEngine,
  configuredTranscribers,
  keepsBrowserTranscript,
  type MediaSegment,
  MediaTranscriptionFailure,
  phraseAsSentence,
  runTranscribers,
  TRANSCRIBE_RETRIES,
  TRANSCRIPTION_DID_NOT_FINISH,
  type Transcriber,
  wordsWithin,
} from '../../transcription/index.ts';
import { analyseOffThread, buildProfile, cleanText } from '../engine/index.ts';
import { isStorageFailure } from '../media-store.ts';
import { diarizedNote } from './diarized.ts';
import {
  assembleJob,
  NO_SPEECH_MESSAGE,
  profileJob,
  transcribeFailedJob,
  transcribeJob,
} from './job-definitions.ts';
import { countSttMinutes, mediaTooLongMessage, sttPerDayMessage } from './limits.ts';
import { joinNoteMedia, withNoteMediaCopy } from './media-join.ts';
import { findNoteById, updateNote } from './repository.ts';
import { replaceSentences } from './sentences.repository.ts';
import { queueProfile } from './service.ts';
import { insertSpeakers } from './speakers.repository.ts';
import { registerTrackJobs } from './tracks-job.ts';
import { findVoiceSettings, profileStats, storeBuiltProfile } from './voice.repository.ts';

export interface NoteJobDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Tests may pass their own; the configured ones otherwise. */
  stt?: SpeechToText | null;
  pocketsphinx?: Pocketsphinx | null;
  transcribers?: Transcriber[];
}

class PermanentFailure extends Error {}
class RetryableFailure extends Error {}

export function registerNoteJobs(queue: JobQueue, deps: NoteJobDeps): void {
  const { config, database, log } = deps;
  const db = database.db;
  const engine = configuredMediaEngine(config, {
    ...(deps.stt !== undefined ? { stt: deps.stt } : {}),
    ...(deps.pocketsphinx !== undefined ? { pocketsphinx: deps.pocketsphinx } : {}),
  });
  const transcribers = (deps.transcribers ?? configuredTranscribers(config)).filter(
    (t) => t.name !== 'webhook',
  );

  const fail = (noteId: string, message: string) =>
    updateNote(db, null, noteId, { status: 'failed', statusMessage: message.slice(0, 1000) }, [
      'transcribing',
    ]);

  /** No engine could make a transcript: the note stays playable audio, saying why. */
  const keepAsAudio = (noteId: string, message: string) =>
    updateNote(db, null, noteId, { status: 'needs_stt', statusMessage: message.slice(0, 1000) }, [
      'transcribing',
    ]);

  /** Long audio goes in pieces: the note says how far it got. */
  const progress = async (noteId: string, done: number, total: number) => {
    await updateNote(db, null, noteId, { statusMessage: `Transcribing: ${done} of ${total} parts done.` }, [
      'transcribing',
    ]);
  };

  /**
   * Checked once ffmpeg has measured a note's audio (an upload's, a recording's or a link's), before
   * anything is sent to speech-to-text: its length, then the owner's minutes today.
   */
  const allowFor = (owner: string) => async (ms: number) => {
    const { mediaMaxMs, sttMinutesPerDay } = config.studio.limits;
    if (ms > mediaMaxMs) throw new PermanentFailure(mediaTooLongMessage(ms / 60_000, mediaMaxMs / 60_000));
    if (!(await countSttMinutes(deps, sttMinutesPerDay, owner, ms / 60_000)))
      throw new PermanentFailure(sttPerDayMessage(sttMinutesPerDay));
  };

  /** One note's transcription: several at once with a speech-to-text server (config.studio.transcribeConcurrency). */
  const transcribe: JobHandler<{ noteId: string }> = async ({ noteId }, { retryCount }) => {
    const started = performance.now();
    const note = await findNoteById(db, noteId);
    if (note?.status !== 'transcribing') return;
    // Where one note's time goes (logged at info when it is ready): copy, ffmpeg, engine, analysis, store.
    const timings: { copyMs?: number; convertWaitMs?: number; convertMs?: number; engineMs?: number } = {};
    let transcript: {
      text: string;
      segments?: MediaSegment[];
      durationMs?: number | null;
      engine: TranscriptEngine | null;
    };
    try {
      if (note.mediaPath) {
        const heard = note.browserTranscript ?? [];
        // No server engine, or PocketSphinx against the browser's on-device recogniser (heard.ts).
        if (!engine || keepsBrowserTranscript(engine.name, heard)) {
          // The browser's transcript is the text; the recording's chunks are still joined now (a note
          // deleted meanwhile, or failed for a missing chunk, has nothing left to do).
          if (!(await joinNoteMedia(deps, note))) return;
          // What the browser recognised while recording, else the audio alone.
          if (heard.length === 0) {
            await keepAsAudio(noteId, NEEDS_STT_MESSAGE);
            return;
          }
          const segments = heard.map(({ startMs, endMs, text }) => ({
            startMs,
            endMs,
            text: phraseAsSentence(text),
          }));
          transcript = {
            text: segments.map((s) => s.text).join(' '),
            segments,
            durationMs: null,
            engine: 'browser',
          };
        }
        // A local copy of the media (read in place on local disk), bounded by STORAGE_TEMP_MB; a
        // recording's chunks are joined on the way (media-join.ts).
        else
          transcript = await withNoteMediaCopy(deps, note, (copy) => {
            timings.copyMs = performance.now() - started;
            return engine.transcribe(copy.file, {
              mime: note.mediaMime,
              timings,
              allow: allowFor(note.ownerEmail),
              diarize: note.diarize,
              onPiece: (done, total) => (total > 1 ? progress(noteId, done, total) : Promise.resolve()),
            });
          });
      } else if (note.sourceUrl) {
        const outcome = await runTranscribers(transcribers, note.sourceUrl, {
          allow: allowFor(note.ownerEmail),
        });
        if (outcome.kind === 'failed') {
          if (outcome.retryable) throw new RetryableFailure(outcome.message);
          throw new PermanentFailure(outcome.message);
        }
        if (outcome.kind !== 'transcript') throw new PermanentFailure('No transcript could be produced.');
        transcript = { text: outcome.text, engine: outcome.method === 'stt' ? 'server' : null };
      } else throw new PermanentFailure('This note has nothing to transcribe.');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ObjectNotFoundError) {
        await fail(noteId, 'The media of this note is gone.');
        return;
      }
      if (isStorageFailure(error)) {
        // The media storage (a bucket) did not answer: tried again, then the note waits in needs_stt,
        // which the maintenance job queues again (the media is kept).
        if (retryCount < TRANSCRIBE_RETRIES) throw error;
        log.warn({ noteId, reason: message }, 'studio transcription: media storage did not answer');
        await keepAsAudio(
          noteId,
          'The media storage did not answer; transcription will be tried again later.',
        );
        return;
      }
      if (error instanceof MediaTranscriptionFailure && engine?.name === 'pocketsphinx') {
        // The offline recogniser gave up (over its time budget, unreadable audio): the audio stays.
        const ffmpeg = error.cause instanceof FfmpegError ? error.cause.detail : undefined;
        log.info({ noteId, reason: message, ffmpeg }, 'rough offline transcript failed; kept as audio');
        await keepAsAudio(noteId, `${message} ${NEEDS_STT_MESSAGE}`);
        return;
      }
      if (error instanceof PermanentFailure || error instanceof MediaTranscriptionFailure) {
        const ffmpeg = error.cause instanceof FfmpegError ? error.cause.detail : undefined;
        log.info({ noteId, reason: message, ffmpeg }, 'studio transcription failed');
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
    const analysing = performance.now();
    // Segments with two or more speakers (a conversation sent to the diarizing model): its turns.
    const spoken = note.diarize ? await diarizedNote(deps, note.ownerEmail, transcript.segments ?? []) : null;
    const text = spoken?.text ?? cleanText(transcript.text).trim();
    if (!text) {
      await fail(noteId, NO_SPEECH_MESSAGE);
      return;
    }
    const [analysis] = spoken
      ? [spoken.analysis]
      : await analyseOffThread(config.studio.analysis, [
          {
            text,
            register: 'spoken',
            segments: transcript.segments?.length ? transcript.segments : undefined,
          },
        ]);
    if (!analysis) throw new Error('Text analysis answered nothing');
    const storing = performance.now();
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
          stats: spoken ? spoken.own.stats : analysis.stats,
          keyPhrases: spoken ? spoken.own.keyPhrases : analysis.keyPhrases,
          figures: analysis.figures,
          durationMs: note.durationMs ?? transcript.durationMs ?? null,
          transcriptEngine: transcript.engine,
        },
        ['transcribing'],
      );
      if (!updated) return;
      const segments = transcript.segments ?? [];
      if (spoken) {
        await insertSpeakers(tx.db, noteId, spoken.speakers);
        await replaceSentences(tx.db, noteId, spoken.sentences);
        await queueProfile(queue, tx, note.ownerEmail);
        return;
      }
      await replaceSentences(
        tx.db,
        noteId,
        analysis.sentences.map((s) => {
          const words =
            typeof s.startMs === 'number' && typeof s.endMs === 'number'
              ? wordsWithin(segments, s.startMs, s.endMs)
              : [];
          return words.length ? { ...s, words } : s;
        }),
      );
      await queueProfile(queue, tx, note.ownerEmail);
    });
    const ms = (n: number | undefined) => (n === undefined ? undefined : Math.round(n));
    log.info(
      {
        noteId,
        copyMs: ms(timings.copyMs),
        convertWaitMs: ms(timings.convertWaitMs),
        convertMs: ms(timings.convertMs),
        engineMs: ms(timings.engineMs),
        analysisMs: ms(storing - analysing),
        storeMs: ms(performance.now() - storing),
        totalMs: ms(performance.now() - started),
      },
      'studio transcription timings',
    );
  };
  queue.handle(transcribeJob, transcribe, { concurrency: config.studio.transcribeConcurrency });
  // One file per speaker: each track on the same engine (its conversions share the same turns).
  registerTrackJobs(queue, deps, engine);

  queue.handle(assembleJob, async ({ noteId }) => {
    const note = await findNoteById(db, noteId);
    if (note) await joinNoteMedia(deps, note);
  });

  queue.handle(transcribeFailedJob, async ({ noteId }) => {
    if (await fail(noteId, TRANSCRIPTION_DID_NOT_FINISH))
      log.warn({ noteId }, 'studio transcription failed for good');
  });

  queue.handle(profileJob, async ({ owner }) => {
    // The version first: a change committing while this runs leaves the copy marked out of date.
    const settings = await findVoiceSettings(db, owner);
    // No settings row: the owner's data was deleted (every change of notes makes the row).
    if (!settings) return;
    const profile = buildProfile(await profileStats(db, owner), {
      pinned: settings.pins ?? [],
      banned: settings.bans ?? [],
    });
    await storeBuiltProfile(db, owner, {
      profile,
      profileNotes: profile.notes,
      profileWords: profile.words,
      profileUpdatedAt: new Date(),
      profileVersion: settings.notesVersion ?? 0,
    });
  });
}
