/**
 * The Studio's language basics (decision 015): words, sentences, fillers, parts of speech, key
 * phrases, ideas and source support. Pure modules, no database, no I/O; the other rooms see them
 * only through this file. See README.md for what each module holds.
 */

export { markFillers, type Span, withoutFillers } from './fillers.ts';
export { BUZZ_INDEX, BUZZWORDS, FUNCTION_WORDS, FW, FW_INDEX, STOP_WORDS } from './function-words.ts';
export { ideasView } from './ideas.ts';
export { type KeyPhrase, keyPhrases } from './keyphrases.ts';
export { MONTHS, WEEKDAYS } from './number-words.ts';
export { splitSentences, type TranscriptSegment } from './sentences.ts';
export { bestSources, claimsSupport, supportOf } from './support.ts';
export { countWords, hash32, stem, syllables, type Token, tokenize, wordsOf } from './tokens.ts';
export {
  figureSpans,
  searchFigures,
  searchQueryFigures,
  type WrittenFormStats,
  writtenForm,
  writtenSpans,
} from './written-form.ts';
