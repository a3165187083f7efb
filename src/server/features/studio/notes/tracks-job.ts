import { CONVERSATION_LIMITS, NEEDS_STT_MESSAGE, STUDIO_LIMITS } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database, Tx } from '../../../db/client.ts';
import type { JobHandler, JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import { ObjectNotFoundError } from '../../../providers/storage/index.ts';
import { isTransientProviderError } from '../../../providers/stt/stt.ts';
import {
  type MediaEngine,
  MediaTranscriptionFailure,
  TRANSCRIBE_RETRIES,
  TRANSCRIPTION_DID_NOT_FINISH,
} from '../../transcription/index.ts';
import { isStorageFailure, studioStorage, studioTemp } from '../media-store.ts';
import { joinTurns, speakTurns, turnsOfSegments } from './conversation.ts';
import { NO_SPEECH_MESSAGE, trackFailedJob, trackJob, tracksNoteJob } from './job-definitions.ts';
import { countSttMinutes, mediaTooLongMessage, sttPerDayMessage } from './limits.ts';
import { findNoteById, updateNote } from './repository.ts';
import { replaceSentences } from './sentences.repository.ts';
import { queueProfile } from './service.ts';
import { insertSpeakers } from './speakers.repository.ts';
import { findTrack, type TrackRow, trackProgress, tracksOf, updateTrack } from './tracks.repository.ts';
import { interleaveTracks } from './tracks.ts';

/**
 * A conversation recorded one file per speaker (decision 023): each track transcribed alone by the
 * media engine (the speech-to-text server or PocketSphinx), its segments kept on its row; the last
 * track to settle queues the note, whose sentences are the tracks' interleaved by time, one speaker
 * per track. A track that fails is named on the note; the others still land.
 */

interface TrackJobDeps {
  config: Config;
  database: Database;
  log: Logger;
}

/** A failure retrying will not fix (too long, over the day's minutes). */
class TrackRefused extends Error {}

/** Queues the note once no track is left to settle (the note row locked: two last tracks see each other). */
export async function settleTracks(queue: JobQueue, tx: Tx, noteId: string): Promise<void> {
  const progress = await trackProgress(tx.db, noteId);
  if (!progress) return;
  if (progress.uploading === 0)
    await updateNote(tx.db, null, noteId, { status: 'transcribing', statusMessage: null }, ['uploading']);
  if (progress.unsettled === 0) await queue.enqueue(tx, tracksNoteJob, { noteId });
}

export function registerTrackJobs(queue: JobQueue, deps: TrackJobDeps, engine: MediaEngine | null): void {
  const { config, database, log } = deps;
  const db = database.db;

  /** Settles a track (only once: a retried job finds it settled) and queues the note when it was the last. */
  const settle = (track: Pick<TrackRow, 'id' | 'noteId'>, values: Partial<TrackRow>) =>
    database.transaction(async (tx) => {
      if (await updateTrack(tx.db, track.id, values, ['transcribing']))
        await settleTracks(queue, tx, track.noteId);
    });
  const failTrack = (track: Pick<TrackRow, 'id' | 'noteId'>, message: string) =>
    settle(track, { status: 'failed', statusMessage: message.slice(0, 500) });

  const transcribeTrack: JobHandler<{ trackId: string }> = async ({ trackId }, { retryCount }) => {
    const track = await findTrack(db, { id: trackId });
    if (track?.status !== 'transcribing' || !track.mediaPath) return;
    if (!engine) return failTrack(track, NEEDS_STT_MESSAGE);
    const { mediaMaxMs, sttMinutesPerDay } = config.studio.limits;
    try {
      const transcript = await studioTemp(config).withLocalCopy(
        studioStorage(config),
        track.mediaPath,
        (copy) =>
          engine.transcribe(copy.file, {
            mime: track.mediaMime,
            allow: async (ms) => {
              if (ms > mediaMaxMs)
                throw new TrackRefused(mediaTooLongMessage(ms / 60_000, mediaMaxMs / 60_000));
              if (!(await countSttMinutes(deps, sttMinutesPerDay, track.ownerEmail, ms / 60_000)))
                throw new TrackRefused(sttPerDayMessage(sttMinutesPerDay));
            },
          }),
      );
      if (!transcript.segments.some((s) => s.text.trim())) return failTrack(track, NO_SPEECH_MESSAGE);
      await settle(track, {
        status: 'ready',
        statusMessage: null,
        segments: transcript.segments,
        durationMs: transcript.durationMs,
        engine: engine.name,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ObjectNotFoundError) return failTrack(track, 'The file of this track is gone.');
      if (error instanceof TrackRefused || error instanceof MediaTranscriptionFailure) {
        log.info({ trackId, reason: message }, 'studio track transcription failed');
        return failTrack(track, message);
      }
      const passing = isStorageFailure(error) || isTransientProviderError(error);
      if (passing && retryCount < TRANSCRIBE_RETRIES) throw error;
      log.warn({ trackId, reason: message }, 'studio track transcription failed for good');
      return failTrack(
        track,
        isStorageFailure(error)
          ? 'The media storage did not answer.'
          : `The speech-to-text server failed (${message.slice(0, 200)}).`,
      );
    }
  };
  queue.handle(trackJob, transcribeTrack, { concurrency: config.studio.transcribeConcurrency });

  queue.handle(trackFailedJob, async ({ trackId }) => {
    const track = await findTrack(db, { id: trackId });
    if (track) await failTrack(track, TRANSCRIPTION_DID_NOT_FINISH);
  });

  queue.handle(tracksNoteJob, async ({ noteId }) => {
    const note = await findNoteById(db, noteId);
    if (note?.status !== 'transcribing') return;
    const tracks = await tracksOf(db, noteId);
    if (tracks.some((t) => t.status !== 'ready' && t.status !== 'failed')) return;
    const failed = tracks.filter((t) => t.status === 'failed');
    const named = failed.map((t) => `${t.label} (${t.statusMessage ?? 'failed'})`).join('; ');
    const fail = (message: string) =>
      updateNote(db, null, noteId, { status: 'failed', statusMessage: message.slice(0, 1000) }, [
        'transcribing',
      ]);
    const merged = interleaveTracks(
      tracks.filter((t) => t.status === 'ready').map((t) => ({ label: t.label, segments: t.segments ?? [] })),
    );
    if (!merged.length)
      return void (await fail(`No track could be transcribed: ${named || NO_SPEECH_MESSAGE}`));
    const joined = joinTurns(turnsOfSegments(merged, CONVERSATION_LIMITS.tracksMax).turns);
    if (joined.text.length > STUDIO_LIMITS.textMaxChars)
      return void (await fail(
        `This conversation's transcript is longer than ${STUDIO_LIMITS.textMaxChars.toLocaleString('en-US')} characters; upload shorter tracks.`,
      ));
    const labels = [...new Set(merged.map((s) => s.speaker))];
    const spoken = await speakTurns(deps, note.ownerEmail, joined, labels, true);
    const engines = [...new Set(tracks.flatMap((t) => (t.engine ? [t.engine] : [])))];
    await database.transaction(async (tx) => {
      const updated = await updateNote(
        tx.db,
        null,
        noteId,
        {
          status: 'ready',
          // The note says which tracks are missing from it (the tracks list says why each failed).
          statusMessage: failed.length ? `Not transcribed: ${named}`.slice(0, 1000) : null,
          text: joined.text,
          wordCount: spoken.analysis.wordCount,
          stats: spoken.own.stats,
          keyPhrases: spoken.own.keyPhrases,
          figures: spoken.analysis.figures,
          durationMs: Math.max(0, ...tracks.map((t) => t.durationMs ?? 0)) || null,
          // Rough when any track is PocketSphinx's.
          transcriptEngine: engines.includes('pocketsphinx') ? 'pocketsphinx' : (engines[0] ?? null),
        },
        ['transcribing'],
      );
      if (!updated) return;
      await insertSpeakers(tx.db, noteId, spoken.speakers);
      await replaceSentences(tx.db, noteId, spoken.sentences);
      await queueProfile(queue, tx, note.ownerEmail);
    });
  });
}
