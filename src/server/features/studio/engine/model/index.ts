/**
 * The Studio's language-model engine (decision 015): the prompt and the answer's shape (`llm.ts`)
 * and the planner's rules the answer is held to (`llm-checks.ts`). It is handed the model to call
 * and counts nothing itself: it bounds each prompt and answer, tells the caller a prompt's size
 * before sending it, and the drafts room counts the owner's daily model calls and characters
 * (`drafts/model-calls.ts`) and runs it for a draft. This folder's only face.
 */
export {
  ECHO_KINDS,
  type EngineDraft,
  type EngineInput,
  generateWithLlm,
  LLM_ANSWER_MAX_CHARS,
  LLM_PROMPT_MAX_CHARS,
  LLM_SAMPLE_CHARS,
  LLM_SAMPLES,
  type SourceSentence,
  type VoiceBrief,
} from './llm.ts';
export { type ContentCheck, checkContent, contentProblem, contentWarning } from './llm-checks.ts';
export { leadProblem } from './llm-leads.ts';
export { type ModelNotes, modelCheck, modelSources } from './llm-sources.ts';
