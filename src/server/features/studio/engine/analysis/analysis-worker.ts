import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../../../lib/thread-priority.ts';
import type { CaptionRequest, FactSentence, OfflineDraftRequest } from '../formats/index.ts';
import { type AnalysisInput, analyseText } from '../style/index.ts';

/** One task: notes' texts to analyse, a draft's captions to make, or a draft to write offline. */
export type AnalysisTask =
  | { items: AnalysisInput[] }
  | { captions: CaptionRequest }
  | { draft: OfflineDraftRequest }
  | { facts: FactRequest };

/** A draft's fact checklist: the notes' sentences, and the draft's texts to check them against. */
export interface FactRequest {
  sentences: FactSentence[];
  texts: string[];
}

/**
 * The thread that reads notes' text (started by `analysis-pool.ts`): one message in (an id and a
 * task: texts to analyse, captions to make, or a draft to write), one message out (the result, or the error's
 * message). It says when it is ready (the text engine loaded), so a task's time budget never counts
 * the thread's start. It runs at a lower priority than the event loop (lib/thread-priority.ts): on a
 * busy machine the loop is served first.
 */
lowerThisThreadsPriority((workerData as { niceness?: number } | null)?.niceness);
/** The offline writer, loaded by the first captions or draft task: a thread that only analyses never loads it. */
let formats: Promise<typeof import('../formats/index.ts')> | undefined;
const writer = () => {
  formats ??= import('../formats/index.ts');
  return formats;
};

parentPort?.on('message', async (message: { id: number; task: AnalysisTask }) => {
  const { id, task } = message;
  try {
    const result =
      'items' in task
        ? task.items.map((item) => analyseText(item.text, item.register, item.segments, item.previous))
        : 'captions' in task
          ? (await writer()).captionFile(task.captions)
          : 'facts' in task
            ? (await writer()).factChecklist(task.facts.sentences, task.facts.texts)
            : (await writer()).offlineDraft(task.draft);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Warmed up (lazy tables built, code compiled) before the first task's time budget starts.
analyseText('Warm up the engine. It works, you know.', 'written');
parentPort?.postMessage({ ready: true });
