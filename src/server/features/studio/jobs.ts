import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Llm } from '../../providers/llm/llm.ts';
import type { Pocketsphinx } from '../../providers/stt/pocketsphinx.ts';
import { createSpeechToText, type SpeechToText } from '../../providers/stt/stt.ts';
import type { Transcriber } from '../transcription/index.ts';
import { CAPTURE_JOBS, registerCaptureJobs } from './capture/index.ts';
import { DRAFT_JOBS, registerDraftJobs } from './drafts/index.ts';
import { mediaDeletionJob, registerMediaDeletionJob } from './media-deletions.ts';
import { NOTE_JOBS, registerFiguresJob, registerNoteJobs } from './notes/index.ts';

/** Every Studio job definition (the worker brings their queues in step at start). */
export const STUDIO_JOBS = [...NOTE_JOBS, ...CAPTURE_JOBS, ...DRAFT_JOBS, mediaDeletionJob];

export interface StudioJobDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** Tests may pass their own; the configured ones otherwise. */
  stt?: SpeechToText | null;
  /** Tests may pass their own offline recogniser (or null for none); PocketSphinx on PATH otherwise. */
  pocketsphinx?: Pocketsphinx | null;
  transcribers?: Transcriber[];
  /** Tests may pass their own language model (or null for none); the configured one otherwise. */
  llm?: Llm | null;
}

/** Registers the handlers of every room's jobs (and schedules the maintenance pass). */
export function registerStudioJobs(queue: JobQueue, deps: StudioJobDeps): void {
  const { config, database, log } = deps;
  const stt = deps.stt !== undefined ? deps.stt : createSpeechToText(config.stt);
  registerNoteJobs(queue, {
    config,
    database,
    log,
    stt,
    ...(deps.pocketsphinx !== undefined ? { pocketsphinx: deps.pocketsphinx } : {}),
    ...(deps.transcribers ? { transcribers: deps.transcribers } : {}),
  });
  registerDraftJobs(queue, { config, database, log, ...(deps.llm !== undefined ? { llm: deps.llm } : {}) });
  registerCaptureJobs(queue, { config, database, log, sttConfigured: Boolean(stt) });
  registerMediaDeletionJob(queue, { config, database, log });
  registerFiguresJob(queue, { database, log });
}
