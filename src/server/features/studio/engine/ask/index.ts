/**
 * Asking the owner's notes a question (decision 024): reading the question into terms with their
 * other forms (`question.ts`: stems, numbers both ways, a small synonym table) and answering it
 * from the sentences the search found (`answer.ts`: scored with their neighbours, one to four cited
 * in order, or "not found"). Pure, offline. This folder's only face.
 */
export {
  ASK_MAX_NOTES,
  ASK_MAX_SENTENCES,
  type AskAnswer,
  type AskCitation,
  type AskGroup,
  type AskNote,
  type AskSentence,
  answerQuestion,
  citedSentences,
} from './answer.ts';
export { spokenForms, spokenNumber } from './numbers.ts';
export {
  type AskIntent,
  type AskQuestion,
  type AskTerm,
  canonicalKeys,
  readQuestion,
} from './question.ts';
