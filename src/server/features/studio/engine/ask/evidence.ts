import type { AskTerm, ReadSentence } from './question.ts';

/**
 * What counts as evidence for an answer to a question that names someone or something ("why did
 * Lena leave the agency"): a name says whom the question is about, not what it asks of them, so a
 * sentence that only names Lena is no answer. Pure; linear in the sentences.
 */

/**
 * A question naming someone is answered where a name of it is said (in the sentence or beside it),
 * with at least this share of the rest of the question's weight said there too: the rest of the
 * note does not count, as a note naming Lena says nothing of why she left.
 */
export const NAMED_EVIDENCE = 0.5;

/**
 * Which terms are names: spelt with a capital in the question (`AskTerm.name`), or, for a question
 * typed in lower case, a word every candidate sentence holding it spells with a capital inside it
 * ("lena" said only as "Lena").
 */
export function namesAmong(terms: readonly AskTerm[], read: readonly ReadSentence[]): boolean[] {
  return terms.map((term) => {
    if (term.name) return true;
    if (term.predicate || /\d/.test(term.word)) return false;
    const key = [...term.keys].find(([, weight]) => weight === 1)?.[0];
    if (key === undefined) return false;
    let held = 0;
    for (const r of read) {
      if (!r.keys.has(key)) continue;
      if (!r.names.has(key)) return false;
      held++;
    }
    return held > 0;
  });
}

/**
 * Whether a sentence (`i`, with the sentences before and after it in its note) is evidence enough
 * for the question: always, unless the question names someone; then a name of it and its named
 * subject's verb must be said there ("leave" in "why did Lena leave"), with NAMED_EVIDENCE of the
 * rest of the question's weight. `matches[i][t]` is how well sentence i holds term t.
 */
export function evidenceRule(
  terms: readonly AskTerm[],
  names: readonly boolean[],
  weights: readonly number[],
  matches: readonly (readonly number[])[],
  /** Terms that never make evidence on their own (the negation). */
  ignored: (term: AskTerm) => boolean,
): (i: number, prev: number | undefined, next: number | undefined) => boolean {
  if (!names.some(Boolean)) return () => true;
  const asked = terms.map((t, k) => (names[k] || ignored(t) ? 0 : weights[k]!));
  const total = asked.reduce((a, b) => a + b, 0);
  return (i, prev, next) => {
    const held = (t: number) =>
      Math.max(
        matches[i]![t]!,
        prev === undefined ? 0 : matches[prev]![t]!,
        next === undefined ? 0 : matches[next]![t]!,
      );
    if (!terms.some((_, k) => names[k] && held(k) > 0)) return false;
    if (terms.some((t, k) => t.predicate && held(k) === 0)) return false;
    if (total === 0) return true;
    return asked.reduce((sum, w, t) => sum + w * held(t), 0) / total >= NAMED_EVIDENCE;
  };
}
