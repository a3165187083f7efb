import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../../../lib/thread-priority.ts';
import type { CaptionRequest, FactSentence, OfflineDraftRequest, SourceNote } from '../formats/index.ts';
import type { EngineDraft, ModelNotes } from '../model/index.ts';
import { type AnalysisInput, analyseText, type FidelityRequest, fidelityFor } from '../style/index.ts';
import { type PackedNotes, unpackNotes } from './notes-transfer.ts';

/** A request whose notes cross to the thread in columns (`notes-transfer.ts`). */
export type Packed<T extends { notes: SourceNote[] }> = Omit<T, 'notes'> & { notes: PackedNotes };
const unpacked = <T extends { notes: SourceNote[] }>(request: Packed<T>) =>
  ({ ...request, notes: unpackNotes(request.notes) }) as unknown as T;

/**
 * One task: notes' texts to analyse, a draft's captions to make, a draft to write offline, a draft's
 * score for its owner's voice, or a model's draft's text work (its best sentences, its answer checked).
 */
export type AnalysisTask =
  | { items: AnalysisInput[] }
  | { captions: CaptionRequest }
  | { draft: Packed<OfflineDraftRequest> }
  | { facts: FactRequest }
  | { fidelity: FidelityRequest }
  | { modelSources: Packed<ModelNotes & { limit: number }> }
  | { modelCheck: Packed<ModelNotes & { draft: EngineDraft }> };

/** A draft's fact checklist: the notes' sentences, and the draft's texts to check them against. */
export interface FactRequest {
  sentences: FactSentence[];
  texts: string[];
}

/**
 * The thread that reads notes' text (started by `analysis-pool.ts`): one message in (an id and a
 * task), one message out (the result, or the error's message). It says when it is ready (the text
 * engine loaded), so a task's time budget never counts the thread's start. It runs at a lower
 * priority than the event loop (lib/thread-priority.ts): on a busy machine the loop is served first.
 */
lowerThisThreadsPriority((workerData as { niceness?: number } | null)?.niceness);
/** The offline writer, loaded by the first task that needs it: a thread that only analyses never loads it. */
let formats: Promise<typeof import('../formats/index.ts')> | undefined;
const writer = () => {
  formats ??= import('../formats/index.ts');
  return formats;
};
/** The model's text work, loaded likewise. */
let model: Promise<typeof import('../model/index.ts')> | undefined;
const modelWork = () => {
  model ??= import('../model/index.ts');
  return model;
};

async function run(task: AnalysisTask): Promise<unknown> {
  if ('items' in task)
    return task.items.map((item) => analyseText(item.text, item.register, item.segments, item.previous));
  if ('captions' in task) return (await writer()).captionFile(task.captions);
  if ('draft' in task) return (await writer()).offlineDraft(unpacked(task.draft));
  if ('facts' in task) return (await writer()).factChecklist(task.facts.sentences, task.facts.texts);
  if ('fidelity' in task) return fidelityFor(task.fidelity);
  if ('modelSources' in task) return (await modelWork()).modelSources(unpacked(task.modelSources));
  return (await modelWork()).modelCheck(unpacked(task.modelCheck));
}

parentPort?.on('message', async (message: { id: number; task: AnalysisTask }) => {
  const { id, task } = message;
  try {
    parentPort?.postMessage({ id, result: await run(task) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Warmed up (lazy tables built, code compiled) before the first task's time budget starts.
analyseText('Warm up the engine. It works, you know.', 'written');
parentPort?.postMessage({ ready: true });
