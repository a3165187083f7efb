/**
 * Parts of speech for the key-phrase finder: wink-nlp's English light model (shipped in npm, no
 * download, about 0.3 ms per 100 words after a one-off 80 ms load), so themes, keywords and
 * headings are noun phrases ("American forces") rather than runs that swallow a verb ("month
 * American forces killed"). Pure and deterministic.
 */
import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';
import { blankLongRuns, isSpaceForTagger, MAX_TOKEN_CHARS } from './bounds.ts';
import { tokenize } from './tokens.ts';

let nlp: WinkMethods | undefined;
const tagger = (): WinkMethods => {
  nlp ??= winkNLP(model, ['pos']);
  return nlp;
};

/**
 * The universal part-of-speech tag (NOUN, PROPN, VERB, ADJ, ...) of each word of `text`, keyed by
 * the word's start offset in `text`.
 */
export function posByOffset(text: string): Map<number, string> {
  const { its } = tagger();
  // A run of over MAX_TOKEN_CHARS non-space characters is not a word: wink's regular expressions
  // are quadratic in a token's length (its abbreviation test is /[a-z].*\.$/i), so such runs are
  // blanked before it reads the text and their words tagged X (never part of a key phrase).
  const { text: seen, blanked } = blankLongRuns(text);
  const doc = tagger().readDoc(seen);
  const values = doc.tokens().out(its.value) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const out = new Map<number, string>();
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    // wink keeps the text as written, so each token is found at or after the previous one, past
    // spaces; the search looks no further than one token's length (linear, even when it misses).
    while (cursor < seen.length && isSpaceForTagger(seen, cursor)) cursor++;
    const found = seen.slice(cursor, cursor + value.length + MAX_TOKEN_CHARS).indexOf(value);
    if (found < 0) continue;
    const at = cursor + found;
    out.set(at, tags[i]!);
    cursor = at + value.length;
  }
  for (const [start, end] of blanked) {
    for (const word of tokenize(text.slice(start, end), start)) out.set(word.start, 'X');
  }
  return out;
}
