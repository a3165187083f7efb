/**
 * Where the time of studio-voice-to-drafts' notes went under load, phase by phase: the worker's
 * timings log and pg-boss's own timestamps.
 */
import pg from 'pg';
import { percentile } from './lib.ts';
import type { finishToDrafts } from './studio-voice-client.ts';
import { STT_DELAY_MS } from './studio-voice-note.ts';

/** One note's transcription, as the worker logged it ('studio transcription timings'). */
export interface NoteTimings {
  noteId: string;
  copyMs?: number;
  convertWaitMs?: number;
  convertMs?: number;
  engineMs?: number;
  analysisMs?: number;
  storeMs?: number;
  totalMs?: number;
}

/**
 * Where the time went, phase by phase (p50 / max over the notes, ms): the finish request; the
 * transcription job's wait in the queue and its run (copy, ffmpeg, the engine less the fake's fixed
 * delay, analysis, storing) from the worker's timings log; from the note's ready time to the client
 * seeing it (the page's poll interval); then the drafts' wait in the queue and their runs (pg-boss's
 * own timestamps), and from the last one's end to the client seeing the five.
 */
export async function breakdown(
  databaseUrl: string,
  turns: Array<Awaited<ReturnType<typeof finishToDrafts>>>,
  logged: Map<string, NoteTimings>,
): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const jobs = await db.query<{
      name: string;
      id: string;
      created: number;
      started: number;
      completed: number;
    }>(
      `select name, coalesce(data->>'noteId', data->>'draftId') as id,
              extract(epoch from created_on) * 1000 as created, extract(epoch from started_on) * 1000 as started,
              extract(epoch from completed_on) * 1000 as completed
         from pgboss.job where name in ('studio.transcribe', 'studio.draft') and state = 'completed'`,
    );
    const job = new Map(jobs.rows.map((r) => [`${r.name}:${r.id}`, r]));
    const phases = new Map<string, number[]>();
    const add = (name: string, value: number | undefined) => {
      if (value === undefined || Number.isNaN(value)) return;
      phases.set(name, [...(phases.get(name) ?? []), value]);
    };
    for (const t of turns) {
      add('finish request', t.finishedMs);
      const tj = job.get(`studio.transcribe:${t.noteId}`);
      const timings = logged.get(t.noteId);
      if (tj) {
        add('transcribe: queued (finish -> job start)', tj.started - t.startedAt);
        add('transcribe: job wait in queue', tj.started - tj.created);
        add('note: ready -> the client sees it (its poll interval)', t.noteSeenMs - t.noteReadyMs);
      }
      if (timings) {
        add('transcribe: local copy', timings.copyMs);
        add('transcribe: wait for an ffmpeg turn', timings.convertWaitMs);
        add('transcribe: ffmpeg', timings.convertMs);
        add('transcribe: engine less the fake delay', (timings.engineMs ?? 0) - STT_DELAY_MS);
        add('transcribe: analysis (thread)', timings.analysisMs);
        add('transcribe: store', timings.storeMs);
      }
      const draftJobs = t.draftIds.map((id) => job.get(`studio.draft:${id}`)).filter((j) => j !== undefined);
      for (const dj of draftJobs) {
        add('draft: job wait in queue', dj.started - dj.created);
        add('draft: job run', dj.completed - dj.started);
      }
      if (draftJobs.length)
        add(
          'drafts: last job done -> the client sees them (its poll interval)',
          t.startedAt + t.seenMs - Math.max(...draftJobs.map((j) => j.completed)),
        );
      add('drafts: asked -> five ready', t.draftsReadyMs - t.draftsAskedMs);
    }
    return [...phases]
      .map(
        ([name, values]) =>
          `${name} p50 ${Math.round(percentile(values, 50))} max ${Math.round(Math.max(...values))}`,
      )
      .join('; ');
  } finally {
    await db.end();
  }
}
