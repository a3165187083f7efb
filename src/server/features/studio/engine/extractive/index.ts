/**
 * The offline writer's reading of a note (decision 015): units and their fillers, light edits
 * recorded as cuts, sentence roles, atoms that keep a list whole, the plan and the title. The
 * formats room writes the drafts from these. Pure modules.
 */

export {
  type Analysis,
  analyse,
  asWritten,
  factsOf,
  partOf,
  partsInOrder,
  phrasesIn,
  tooShortMessage,
  type Unit,
  userPart,
} from './analyse.ts';
export { type Atom, atomsOf, condenseAtom, subjectPronounOf } from './atoms.ts';
export { takeOutBanned } from './bans.ts';
export {
  BlockList,
  countWordsOf,
  cutAtWord,
  hookScore,
  ownLine,
  slugOf,
  splitToFit,
  startsAsSentence,
} from './common.ts';
export { LINK_IN_BIO, linkForPlatform, linkGoes } from './cta.ts';
export { editSentence, shortenAtClause } from './edit.ts';
export {
  type CheckedFact,
  FACTS_MAX,
  type Fact,
  type FactSentence,
  factChecklist,
  factKept,
  factsOfNotes,
  holdsFact,
  readDraft,
} from './facts.ts';
export {
  aboutTheTalk,
  COUNTED_ITEM,
  type LeadFault,
  leadFault,
  leadsBadly,
  OPENS_ON_SUBJECT,
  PERSON_PRONOUN_AT_START,
  pointWeight,
} from './lead.ts';
export { goesOnWithPerson, introducesPerson, namedOpening } from './named.ts';
export { atomsFor, plan } from './plan.ts';
export { POINTS_BACK_AT_START } from './roles.ts';
export { titleOf } from './title.ts';
export {
  type Block,
  type BlogMeta,
  type ClipMeta,
  type Draft,
  FORMATS,
  type Format,
  type FormatResult,
  type Part,
  type SourceNote,
  type SourceRef,
  type TooShort,
} from './types.ts';
