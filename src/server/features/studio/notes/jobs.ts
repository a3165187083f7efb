import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { NEEDS_STT_MESSAGE, STUDIO_LIMITS } from '#contract/studio.ts';
import type { Config } from '../../../config.ts';
import type { Database, Tx } from '../../../db/client.ts';
import { deadLetterFor, defineJob, type JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Llm } from '../../../providers/llm/llm.ts';
import {
  createSpeechToText,
  isTransientProviderError,
  type SpeechToText,
} from '../../../providers/stt/stt.ts';
import { configuredTranscribers, runTranscribers, type Transcriber } from '../../content-results/index.ts';
import { DRAFT_JOBS, registerDraftJobs } from '../drafts/jobs.ts';
import {
  audioPieces,
  ffmpegBinary,
  listMediaFiles,
  mediaFile,
  recordingDir,
  removeMediaFiles,
  removeStaleCuts,
} from '../media.ts';
import { buildProfile } from '../text/profile.ts';
import type { NoteStats } from '../text/profile-shape.ts';
import type { TranscriptSegment } from '../text/sentences.ts';
import { analyseText, cleanText } from './analyse.ts';
import {
  deleteNote,
  deleteStaleRecordings,
  findNoteById,
  findVoiceSettings,
  markProfileStale,
  notesInStatus,
  readyNoteStats,
  referencedMediaPaths,
  replaceSentences,
  updateNote,
  upsertVoiceSettings,
} from './repository.ts';

const notePayload = z.object({ noteId: z.uuid() });

export const TRANSCRIBE_RETRIES = 2;
export const TRANSCRIPTION_DID_NOT_FINISH =
  'The transcription did not finish: it stopped unexpectedly on every try.';
export const NO_SPEECH_MESSAGE = 'No speech was found in this recording.';

/** Receives a transcription that failed for good (last try threw, expired, or its worker died). */
export const transcribeFailedJob = deadLetterFor('studio.transcribe', notePayload);

/** One per audio/video note or imported link: transcribing -> ready | failed (needs_stt without STT). */
export const transcribeJob = defineJob({
  name: 'studio.transcribe',
  schema: notePayload,
  retryLimit: TRANSCRIBE_RETRIES,
  retryDelaySeconds: 30,
  deadLetter: transcribeFailedJob,
  expireInSeconds: 60 * 60,
  heartbeat: true,
});

/** Rebuilds an address's voice profile from its notes' stored stats (after any add, edit, delete). */
export const profileJob = defineJob({
  name: 'studio.profile',
  schema: z.object({ owner: z.string().min(1).max(320) }),
  retryLimit: 3,
});

/**
 * In the transaction that changes an address's notes, pins or bans: its stored profile is marked
 * out of date (read fresh until rebuilt, see currentProfile) and the rebuild is queued.
 */
export async function queueProfile(jobs: Pick<JobQueue, 'enqueue'>, tx: Tx, owner: string): Promise<void> {
  await markProfileStale(tx.db, owner);
  await jobs.enqueue(tx, profileJob, { owner });
}

/**
 * Every 15 minutes: unfinished uploads and recordings older than 24 h are removed, media files no
 * note references are deleted, and notes waiting for speech-to-text are queued once it is configured.
 */
export const maintenanceJob = defineJob({
  name: 'studio.maintenance',
  schema: z.object({}).passthrough().nullish(),
  retryLimit: 1,
  expireInSeconds: 15 * 60,
});
export const MAINTENANCE_CRON = '*/15 * * * *';

export const STUDIO_JOBS = [transcribeJob, transcribeFailedJob, profileJob, maintenanceJob, ...DRAFT_JOBS];

export interface StudioJobDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Tests may pass their own; the configured ones otherwise. */
  stt?: SpeechToText | null;
  transcribers?: Transcriber[];
  /** Tests may pass their own language model (or null for none); the configured one otherwise. */
  llm?: Llm | null;
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

export function registerStudioJobs(queue: JobQueue, deps: StudioJobDeps): void {
  const { config, database, log } = deps;
  const db = database.db;
  const stt = deps.stt !== undefined ? deps.stt : createSpeechToText(config.stt);
  const transcribers = (deps.transcribers ?? configuredTranscribers(config)).filter(
    (t) => t.name !== 'webhook',
  );
  registerDraftJobs(queue, { config, database, log, ...(deps.llm !== undefined ? { llm: deps.llm } : {}) });

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

  queue.handle(maintenanceJob, async () => {
    const counts = await runStudioMaintenance({ config, database, queue, sttConfigured: Boolean(stt) });
    if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'studio maintenance done');
  });
  queue.schedule(maintenanceJob, MAINTENANCE_CRON);
}

/** One maintenance pass (see maintenanceJob); exported for tests. */
export async function runStudioMaintenance(deps: {
  config: Config;
  database: Database;
  queue: JobQueue;
  sttConfigured: boolean;
  now?: Date;
}): Promise<{ uploads: number; recordings: number; orphans: number; cuts: number; requeued: number }> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? new Date();
  const cutoff = new Date(now.getTime() - STUDIO_LIMITS.unfinishedUploadTtlMs);
  let uploads = 0;
  for (const note of await notesInStatus(db, ['uploading'], cutoff)) {
    await deleteNote(db, note.ownerEmail, note.id);
    if (note.mediaPath) await removeMediaFiles(config.dataDir, [note.mediaPath]);
    uploads++;
  }
  const stale = await deleteStaleRecordings(db, cutoff);
  for (const id of stale) await rm(recordingDir(config.dataDir, id), { recursive: true, force: true });
  // Files no note references (a note deleted while its file was being written, a rolled-back
  // 'Delete my data'), left an hour so files of notes being created are never touched.
  const referenced = await referencedMediaPaths(db);
  let orphans = 0;
  for (const relative of await listMediaFiles(config.dataDir)) {
    if (referenced.has(relative)) continue;
    const info = await stat(mediaFile(config.dataDir, relative)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < 60 * 60_000) continue;
    await removeMediaFiles(config.dataDir, [relative]);
    orphans++;
  }
  const cuts = await removeStaleCuts(config.dataDir, now);
  let requeued = 0;
  if (deps.sttConfigured) {
    for (const note of await notesInStatus(db, ['needs_stt'], now)) {
      await database.transaction(async (tx) => {
        const updated = await updateNote(
          tx.db,
          null,
          note.id,
          { status: 'transcribing', statusMessage: null },
          ['needs_stt'],
        );
        if (updated) await deps.queue.enqueue(tx, transcribeJob, { noteId: note.id });
      });
      requeued++;
    }
  }
  return { uploads, recordings: stale.length, orphans, cuts, requeued };
}
