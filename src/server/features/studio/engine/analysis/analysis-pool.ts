import { Worker } from 'node:worker_threads';
import { AppError } from '../../../../lib/errors.ts';
import type { CaptionRequest, CheckedFact, OfflineDraft, OfflineDraftRequest } from '../formats/index.ts';
import type { ContentCheck, EngineDraft, ModelNotes, SourceSentence } from '../model/index.ts';
import type { Analysis, AnalysisInput, FidelityRequest, FidelitySides } from '../style/index.ts';
import type { AnalysisTask, FactRequest } from './analysis-worker.ts';
import { packNotes } from './notes-transfer.ts';

/**
 * Text work off the event loop: notes' texts are analysed, and drafts (and their captions) written
 * from them, by a small pool of worker threads, one task at a time per thread, first come first served, so a long or
 * hostile note never stalls other requests. A task that runs past its time budget has its thread terminated (a fresh
 * one takes its place) and fails with `payload_too_large`.
 */
export interface AnalysisSettings {
  /** Threads (STUDIO_ANALYSIS_THREADS). */
  threads: number;
  /** Time budget of one task once a thread runs it (STUDIO_ANALYSIS_TIMEOUT_SECONDS), ms. */
  timeoutMs: number;
  /** The threads' nice value (STUDIO_THREAD_NICENESS; default 10: the event loop is served first). */
  niceness?: number;
}

export const ANALYSIS_TOO_LONG_MESSAGE =
  'This text took too long to analyse. Split it into shorter notes and try again.';
/** Tasks waiting for a thread beyond which new ones are refused (503) rather than queued. */
export const ANALYSIS_QUEUE_MAX = 200;

interface Task {
  id: number;
  task: AnalysisTask;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}
interface Slot {
  worker: Worker;
  /** The thread has loaded the text engine. */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./analysis-worker.ts', import.meta.url);

export class AnalysisPool {
  readonly #settings: AnalysisSettings;
  readonly #slots: Slot[] = [];
  readonly #waiting: Task[] = [];
  #nextId = 1;
  #closed = false;

  constructor(settings: AnalysisSettings) {
    this.#settings = settings;
  }

  /** Analyses the texts in one task (an import's posts go together); resolves in the same order. */
  analyse(items: AnalysisInput[]): Promise<Analysis[]> {
    if (items.length === 0 && !this.#closed) return Promise.resolve([]);
    return this.#run({ items }) as Promise<Analysis[]>;
  }

  /** A draft's captions (SRT or WebVTT) made from its notes' sentences. */
  captions(request: CaptionRequest): Promise<string> {
    return this.#run({ captions: request }) as Promise<string>;
  }

  /**
   * One draft written offline (the offline writer ranks the whole note). The answer is the one the
   * writer gives in-process: a structured clone of plain values, so the stored draft is the same.
   */
  draft(request: OfflineDraftRequest): Promise<OfflineDraft> {
    return this.#run({ draft: { ...request, notes: packNotes(request.notes) } }) as Promise<OfflineDraft>;
  }

  /** A draft's score for its owner's voice (a long draft's word diff per block). */
  fidelity(request: FidelityRequest): Promise<FidelitySides | null> {
    return this.#run({ fidelity: request }) as Promise<FidelitySides | null>;
  }

  /** The best sentences of the notes for a model's prompt (the notes' whole analysis). */
  modelSources(request: ModelNotes & { limit: number }): Promise<SourceSentence[]> {
    return this.#run({
      modelSources: { ...request, notes: packNotes(request.notes) },
    }) as Promise<SourceSentence[]>;
  }

  /** A model's draft checked against the planner's rules (the notes' whole analysis). */
  modelCheck(request: ModelNotes & { draft: EngineDraft }): Promise<ContentCheck> {
    return this.#run({
      modelCheck: { ...request, notes: packNotes(request.notes) },
    }) as Promise<ContentCheck>;
  }

  /** A draft's fact checklist: the notes' facts, each kept or left out by the draft's texts. */
  facts(request: FactRequest): Promise<CheckedFact[]> {
    return this.#run({ facts: request }) as Promise<CheckedFact[]>;
  }

  #run(task: AnalysisTask): Promise<unknown> {
    if (this.#closed) return Promise.reject(new AppError('unavailable', 'The server is shutting down.'));
    if (this.#waiting.length >= ANALYSIS_QUEUE_MAX)
      return Promise.reject(new AppError('unavailable', 'The Studio is busy; try again in a minute.'));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ id: this.#nextId++, task, resolve, reject });
      this.#dispatch();
    });
  }

  /** Threads running now (for tests and the bench). */
  get threads(): number {
    return this.#slots.length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#waiting.splice(0))
      task.reject(new AppError('unavailable', 'The server is shutting down.'));
    await Promise.all(this.#slots.splice(0).map((slot) => this.#stop(slot)));
  }

  #dispatch(): void {
    while (this.#waiting.length > 0) {
      const slot = this.#slots.find((s) => s.ready && s.task === null);
      if (!slot) {
        if (this.#slots.length < this.#settings.threads) this.#spawn();
        return;
      }
      const task = this.#waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(() => this.#timeOut(slot), this.#settings.timeoutMs);
      slot.worker.postMessage({ id: task.id, task: task.task });
    }
  }

  #spawn(): void {
    const worker = new Worker(WORKER_URL, { workerData: { niceness: this.#settings.niceness } });
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    worker.unref();
    worker.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) {
        slot.ready = true;
        this.#dispatch();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      this.#release(slot);
      if (message.error === undefined) task.resolve(message.result);
      else task.reject(new Error(`Text analysis failed: ${message.error}`));
      this.#dispatch();
    });
    worker.on('error', (error) => this.#lose(slot, error));
    worker.on('exit', () => this.#lose(slot, new Error('The text analysis thread stopped.')));
    this.#slots.push(slot);
  }

  #release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  /** A thread that died or was terminated: its task fails, its place is freed for a fresh one. */
  #lose(slot: Slot, error: Error): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#slots.splice(index, 1);
    const task = slot.task;
    this.#release(slot);
    task?.reject(error);
    if (!this.#closed) this.#dispatch();
  }

  #timeOut(slot: Slot): void {
    this.#lose(slot, new AppError('payload_too_large', ANALYSIS_TOO_LONG_MESSAGE));
    void slot.worker.terminate();
  }

  async #stop(slot: Slot): Promise<void> {
    const task = slot.task;
    this.#release(slot);
    task?.reject(new AppError('unavailable', 'The server is shutting down.'));
    await slot.worker.terminate();
  }
}

let shared: { key: string; pool: AnalysisPool } | null = null;

/** The process's pool for these settings (one per process; settings change only in tests). */
export function analysisPool(settings: AnalysisSettings): AnalysisPool {
  const key = `${settings.threads}:${settings.timeoutMs}:${settings.niceness}`;
  if (shared?.key !== key) {
    void shared?.pool.close();
    shared = { key, pool: new AnalysisPool(settings) };
  }
  return shared.pool;
}

/** Stops the process's pool (at shutdown). */
export async function closeAnalysisPool(): Promise<void> {
  const current = shared;
  shared = null;
  await current?.pool.close();
}

/**
 * analyseText on the process's analysis threads, never on the event loop: one task for all the
 * texts (an import's posts), answers in the same order.
 */
export const analyseOffThread = (settings: AnalysisSettings, items: AnalysisInput[]): Promise<Analysis[]> =>
  analysisPool(settings).analyse(items);

/** A draft's captions made on the process's analysis threads (they read the whole note). */
export const captionsOffThread = (settings: AnalysisSettings, request: CaptionRequest): Promise<string> =>
  analysisPool(settings).captions(request);

/** A draft written offline on the process's analysis threads (it ranks the whole note). */
export const draftOffThread = (
  settings: AnalysisSettings,
  request: OfflineDraftRequest,
): Promise<OfflineDraft> => analysisPool(settings).draft(request);

/** A draft's fact checklist made on the process's analysis threads (it reads the whole note). */
export const factsOffThread = (settings: AnalysisSettings, request: FactRequest): Promise<CheckedFact[]> =>
  analysisPool(settings).facts(request);

/** A draft's score for its owner's voice, on the process's analysis threads (a word diff per block). */
export const fidelityOffThread = (
  settings: AnalysisSettings,
  request: FidelityRequest,
): Promise<FidelitySides | null> => analysisPool(settings).fidelity(request);

/** A model's best source sentences, on the process's analysis threads (they rank the whole note). */
export const modelSourcesOffThread = (
  settings: AnalysisSettings,
  request: ModelNotes & { limit: number },
): Promise<SourceSentence[]> => analysisPool(settings).modelSources(request);

/** A model's draft checked against the planner's rules, on the process's analysis threads. */
export const modelCheckOffThread = (
  settings: AnalysisSettings,
  request: ModelNotes & { draft: EngineDraft },
): Promise<ContentCheck> => analysisPool(settings).modelCheck(request);
