/**
 * The engine's analysis threads (decision 015, 018): a note's text is analysed (sentences, stats,
 * key phrases: `style/note-analysis.ts`), a draft written offline (`formats/generate.ts`), its
 * captions made (`formats/captions.ts`) and its fact checklist (`extractive/facts.ts`), a draft's
 * fidelity scored (`style/fidelity.ts`) and a model's draft's sources picked and answer checked
 * (`model/llm-sources.ts`), by a small pool of worker threads (`analysis-worker.ts`),
 * never on the event loop.
 * No database and no room; notes and capture call it through the engine's face. This folder's only
 * face.
 */
export {
  analyseOffThread,
  captionsOffThread,
  closeAnalysisPool,
  draftOffThread,
  factsOffThread,
  fidelityOffThread,
  modelCheckOffThread,
  modelSourcesOffThread,
} from './analysis-pool.ts';
