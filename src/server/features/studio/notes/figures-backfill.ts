import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNotes } from '../../../db/schema/studio.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Logger } from '../../../lib/logger.ts';
import { searchFigures } from '../engine/index.ts';
import { figuresJob } from './job-definitions.ts';

/**
 * The searchable figures of notes analysed before they were stored (`figures`, "forty-two" ->
 * "42"): a note gets them at its next edit, or here, a batch at a time. A note with no number gets
 * '' (null is "not yet worked out"), so each note is done once; its `updated_at` is left alone (the
 * owner changed nothing).
 */
export const FIGURES_BATCH = 50;
/** A run of the job stops after this long and sends itself again: it never holds a worker long. */
const RUN_MS = 30_000;

/** The figures of up to `limit` ready notes still without them; how many notes were done. */
export async function backfillFigures(database: Database, limit = FIGURES_BATCH): Promise<number> {
  const notes = await pending(database.db, limit);
  for (const id of notes)
    await database.transaction(async (tx) => {
      // Locked and read again: an edit storing its own figures meanwhile wins.
      const [note] = await tx.db
        .select({ id: studioNotes.id })
        .from(studioNotes)
        .where(and(eq(studioNotes.id, id), isNull(studioNotes.figures)))
        .for('update');
      if (!note) return;
      const sentences = await tx.db
        .select({ id: studioNoteSentences.id, text: studioNoteSentences.text })
        .from(studioNoteSentences)
        .where(eq(studioNoteSentences.noteId, id))
        .orderBy(asc(studioNoteSentences.position));
      const all = new Set<string>();
      for (const sentence of sentences) {
        const figures = searchFigures(sentence.text);
        if (!figures) continue;
        for (const figure of figures.split(' ')) all.add(figure);
        await tx.db
          .update(studioNoteSentences)
          .set({ figures })
          .where(eq(studioNoteSentences.id, sentence.id));
      }
      await tx.db
        .update(studioNotes)
        .set({ figures: [...all].join(' ') })
        .where(eq(studioNotes.id, id));
    });
  return notes.length;
}

const pending = async (db: DbOrTx, limit: number) =>
  (
    await db
      .select({ id: studioNotes.id })
      .from(studioNotes)
      .where(and(isNull(studioNotes.figures), eq(studioNotes.status, 'ready')))
      .limit(limit)
  ).map((r) => r.id);

/** Whether any note waits for its figures (the maintenance pass then sends the job). */
export async function figuresPending(db: DbOrTx): Promise<boolean> {
  return (await pending(db, 1)).length > 0;
}

/** Sends the backfill once (a second sent while one waits is dropped). */
export const queueFiguresBackfill = (queue: Pick<JobQueue, 'enqueue'>, database: Database) =>
  database.transaction((tx) =>
    queue.enqueue(tx, figuresJob, {}, { singletonKey: 'figures', debounceSeconds: 60 }),
  );

export function registerFiguresJob(queue: JobQueue, deps: { database: Database; log: Logger }): void {
  queue.handle(figuresJob, async () => {
    const started = Date.now();
    let done = 0;
    for (;;) {
      const batch = await backfillFigures(deps.database);
      done += batch;
      if (batch < FIGURES_BATCH) break;
      if (Date.now() - started > RUN_MS) {
        await queueFiguresBackfill(queue, deps.database);
        break;
      }
    }
    if (done > 0) deps.log.info({ notes: done }, 'studio figures backfilled');
  });
}
