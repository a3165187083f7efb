/**
 * The Studio's language-model engine (decision 015): the prompt and the answer's shape (`llm.ts`),
 * the planner's rules the answer is held to (`llm-checks.ts`) and the daily count of model calls per
 * address (`model-calls.ts`). It uses no room; the drafts room runs it for a draft. The room's only
 * face.
 */
export {
  type EngineDraft,
  type EngineInput,
  generateWithLlm,
  LLM_SAMPLE_CHARS,
  LLM_SAMPLES,
  type VoiceBrief,
} from './llm.ts';
export { checkContent, contentProblem, contentWarning } from './llm-checks.ts';
export { assertModelCallsLeft, countModelCall, modelCallsUsedUpNote } from './model-calls.ts';
