import { MONEY_WORDS } from './kinds.ts';
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

export interface EvidenceOf {
  terms: readonly AskTerm[];
  /** Which terms are names (`namesAmong`). */
  names: readonly boolean[];
  weights: readonly number[];
  /** How well sentence i holds term t, as said there. */
  matches: readonly (readonly number[])[];
  /** The same, helped by the rest of its note. */
  helped: readonly (readonly number[])[];
  /** Terms that never make evidence on their own (the negation). */
  ignored: (term: AskTerm) => boolean;
  /** Whether sentence j holds the figure the question asks for ("how long": a duration). */
  holdsFigure: (j: number | undefined) => boolean;
  /** The question asks for money ("what did Hana charge"). */
  money: boolean;
}

/**
 * Whether a sentence (`i`, with the sentences before and after it in its note) is evidence enough
 * for the question: always, unless the question names someone; then a name of it and its named
 * subject's verb must be said there ("leave" in "why did Lena leave"), with NAMED_EVIDENCE of the
 * rest of the question's weight. The figure asked for, said in the sentence with the name, answers
 * for a verb of paying ("what did Hana charge": "Hana went from twenty-eight pounds an hour") and
 * lets the rest of the note say what the question is about ("how long did Daniela do the
 * exercises": "Daniela did this for three weeks"), but not what "how many" counts.
 */
export function evidenceRule(
  e: EvidenceOf,
): (i: number, prev: number | undefined, next: number | undefined) => boolean {
  const { names, weights, matches, helped } = e;
  if (!names.some(Boolean)) return () => true;
  // A verb of a word the notes spell as a name ("why did lena leave") is asked as a named subject's.
  const terms = e.terms.map((t) =>
    t.verbOf !== undefined && e.terms.some((s, k) => names[k] && s.word === t.verbOf)
      ? { ...t, predicate: true }
      : t,
  );
  const asked = terms.map((t, k) => (names[k] || e.ignored(t) ? 0 : weights[k]!));
  const total = asked.reduce((a, b) => a + b, 0);
  return (i, prev, next) => {
    const held = (t: number) =>
      Math.max(
        matches[i]![t]!,
        prev === undefined ? 0 : matches[prev]![t]!,
        next === undefined ? 0 : matches[next]![t]!,
      );
    if (!terms.some((_, k) => names[k] && held(k) > 0)) return false;
    // The figure counts said in the same sentence as the name: "Tomás wrote back..." beside "stayed
    // at the new price" says nothing of what he thought of the price.
    const figure = e.holdsFigure(i) && terms.some((_, k) => names[k] && matches[i]![k]! > 0);
    const paid = (t: AskTerm) => figure && e.money && MONEY_WORDS.test(t.word);
    if (terms.some((t, k) => t.predicate && held(k) === 0 && !paid(t))) return false;
    if (total === 0) return true;
    const share = (t: number) =>
      figure && !terms[t]!.counted && !terms[t]!.predicate ? Math.max(held(t), helped[i]![t]!) : held(t);
    return asked.reduce((sum, w, t) => sum + w * share(t), 0) / total >= NAMED_EVIDENCE;
  };
}
