import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../../../lib/thread-priority.ts';
import { type Analysis, type AnalysisInput, analyseText } from './note-analysis.ts';

/**
 * The thread that analyses notes' text (started by the analysis room's pool, `analysis/analysis-pool.ts`): one message in (an id and the texts),
 * one message out (the analyses, or the error's message). It says when it is ready (the text engine
 * loaded), so a task's time budget never counts the thread's start. It runs at a lower priority
 * than the event loop (lib/thread-priority.ts): on a busy machine the loop is served first.
 */
lowerThisThreadsPriority((workerData as { niceness?: number } | null)?.niceness);
parentPort?.on('message', (task: { id: number; items: AnalysisInput[] }) => {
  try {
    const analyses: Analysis[] = task.items.map((item) =>
      analyseText(item.text, item.register, item.segments),
    );
    parentPort?.postMessage({ id: task.id, analyses });
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Warmed up (lazy tables built, code compiled) before the first task's time budget starts.
analyseText('Warm up the engine. It works, you know.', 'written');
parentPort?.postMessage({ ready: true });
