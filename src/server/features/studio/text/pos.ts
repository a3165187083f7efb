/**
 * Parts of speech for the key-phrase finder: wink-nlp's English light model (shipped in npm, no
 * download, about 0.3 ms per 100 words after a one-off 80 ms load), so themes, keywords and
 * headings are noun phrases ("American forces") rather than runs that swallow a verb ("month
 * American forces killed"). Pure and deterministic.
 */
import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';

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
  const doc = tagger().readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const out = new Map<number, string>();
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    // wink keeps the text as written, so each token is found at or after the previous one.
    const at = text.indexOf(value, cursor);
    if (at < 0) continue;
    out.set(at, tags[i]!);
    cursor = at + value.length;
  }
  return out;
}
