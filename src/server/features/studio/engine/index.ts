/**
 * The Studio's writing engine (decision 015): what reads a note and writes drafts, and nothing else.
 * It imports no room of the Studio's, no database, no route and no job queue; it is handed what it
 * works on and answers values. The rooms that serve users (capture, notes, search, corrections,
 * drafts, exports) reach it only through this file, listed by what they use it for. Inside, each
 * folder is reached through its own `index.ts`: `text/` (language basics), `style/` (a note's
 * analysis, the voice profile, fidelity), `extractive/` and `formats/` (the offline writer),
 * `model/` (writing with a language model), `analysis/` (the threads a note's analysis runs on) and
 * `ask/` (a question's terms and the sentences that answer it).
 */

// Reading a note: its text cleaned and analysed (sentences, stats, key phrases), always off the
// event loop: a new or edited note (capture, notes), a retyped sentence (corrections).

export {
  analyseOffThread,
  captionsOffThread,
  closeAnalysisPool,
  draftOffThread,
  factsOffThread,
  fidelityOffThread,
  modelCheckOffThread,
  modelSourcesOffThread,
} from './analysis/index.ts';
// Which of a text's sentences an edited text's sentences are (a transcript or a draft's paragraph
// edited as one text: notes, drafts).
export {
  type Analysis,
  alignSentences,
  cleanText,
  sentencesAsSegments,
  wordsAsSegments,
} from './style/index.ts';

// The owner's voice: the profile built from the notes' stats, and how much a draft reads like its
// owner (notes, drafts).

export {
  AS_SAID_REASON,
  buildProfile,
  type Fidelity,
  type FidelityBlock,
  type FidelityRequest,
  fidelityFor,
  type NoteStats,
  noteStats,
  type Register,
  type RegisterProfile,
  scoreDraftFidelity,
  scoreFaithful,
  scoreFidelity,
  type VoiceProfile,
} from './style/index.ts';
export { FW, splitSentences, tokenize } from './text/index.ts';

// The themes the owner's notes keep coming back to (the Ideas).

export { ideasView } from './text/index.ts';

// Which of the notes' sentences a draft's words rest on (drafts).

export { bestSources, claimsSupport, supportOf } from './text/index.ts';

// Spoken numbers as a reader expects them ("eighty-five dollars" -> "$85"): the offline drafts use it;
// the rooms may for what they show or search.

export { figureSpans, searchFigures, searchQueryFigures, writtenForm } from './text/index.ts';

// Asking the notes a question (ask): the question's terms in their other forms, and the answer
// made of the owner's cited sentences.

export {
  type AskAnswer,
  type AskCitation,
  type AskIntent,
  type AskNote,
  type AskSentence,
  answerQuestion,
  citedSentences,
  readQuestion,
} from './ask/index.ts';

// Writing drafts offline from the owner's sentences (drafts: on the analysis threads,
// draftOffThread), and a clip's captions (exports: captionsOffThread); both read the whole note.

export { analyse, asWritten, type Unit } from './extractive/index.ts';
export {
  type CaptionClip,
  type CaptionRequest,
  captionFile,
  clipCaptions,
  flattenDraft,
  generateExtractive,
  type SourceNote,
  type TimedSentence,
  timedUnits,
  toSrt,
  toVtt,
} from './formats/index.ts';

// What a draft keeps of its notes' facts (drafts: the checklist on the analysis threads,
// factsOffThread; a left-out fact's sentence put back as written, asWritten; a thread post cut to fit).

export { splitToFit } from './extractive/index.ts';

// Writing drafts with a language model, held to the offline planner's rules (drafts).

export {
  checkContent,
  contentProblem,
  contentWarning,
  ECHO_KINDS,
  type EngineDraft,
  type EngineInput,
  generateWithLlm,
  LLM_ANSWER_MAX_CHARS,
  LLM_PROMPT_MAX_CHARS,
  LLM_SAMPLE_CHARS,
  LLM_SAMPLES,
  leadProblem,
  type ModelNotes,
  type VoiceBrief,
} from './model/index.ts';
