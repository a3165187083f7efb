import { OPENS_ON_SUBJECT, POINTS_BACK_AT_START } from '../extractive/index.ts';
import { evidenceRule, namesAmong } from './evidence.ts';
import { frameHolds } from './frames.ts';
import { FIGURE_KINDS, OPENS_ON_CONSEQUENCE } from './kinds.ts';
import { type AskIntent, type AskQuestion, type AskTerm, NOT_TERM, readSentence } from './question.ts';
import { THIRD_PERSON } from './words.ts';

/**
 * Answering a question from the owner's sentences, offline: each sentence scored by the share of the
 * question's terms it holds (rarer terms weigh more), helped by its neighbours (an answer often
 * spreads over two sentences), then one to four sentences cited in the order they were said, each
 * with the neighbour it leans on. Nothing is written: the answer is the owner's sentences, or
 * "not found" with the closest notes. Pure; linear in the sentences handed to it.
 */

export interface AskSentence {
  id: string;
  noteId: string;
  /** The sentence's place in its note (neighbours are position - 1 and + 1). */
  position: number;
  text: string;
  /** A backchannel or abandoned start: never an answer on its own. */
  filler?: boolean;
}

export interface AskNote {
  id: string;
  /** ISO time the note was made: "newest first", "when did I first...". */
  createdAt: string;
}

export interface AskCitation<S extends AskSentence> {
  sentence: S;
  /** The sentence before, when the cited one leans on it ("That's why...", or it holds what was asked). */
  before: S | null;
  /** The sentence after, when the cited one leads into it (a question the note answers next, a colon). */
  after: S | null;
  score: number;
}

export interface AskGroup<S extends AskSentence, N extends AskNote> {
  note: N;
  citations: AskCitation<S>[];
}

export interface AskAnswer<S extends AskSentence, N extends AskNote> {
  found: boolean;
  intent: AskIntent;
  /** By note: the best note first (an answer), newest first (across notes), oldest first (first time). */
  groups: AskGroup<S, N>[];
  /** When nothing answers: the notes that came closest, best first (at most ASK_CLOSEST). */
  closest: N[];
}

/** An answer is one to this many sentences. */
export const ASK_MAX_SENTENCES = 4;
/**
 * A sentence is scored on this many of its first characters: a transcript without punctuation can
 * be one sentence of a whole note, and the work must stay bounded by the number of sentences.
 */
export const ASK_SENTENCE_CHARS = 1_000;
/** Across notes: this many notes, each with its best sentence or two. */
export const ASK_MAX_NOTES = 5;
export const ASK_CLOSEST = 3;
/** The score a sentence needs to answer: most of the question's weight, with its neighbours' help. */
export const ASK_FOUND_SCORE = 0.6;
/** Sentences below this share of the best one's score are left out of an answer. */
const KEEP_SHARE = 0.92;
/** Letter-trigram similarity for a misspelt word ("Kubernetis") that nothing matched as asked. */
const FUZZY_SIMILARITY = 0.5;
const FUZZY_WEIGHT = 0.7;
/** The share of a term's best match elsewhere in the note that a sentence of it gets. */
const NOTE_HELP = 0.7;
/** A sentence holding the kind of answer asked for: a figure for "how much", a time for "when". */
const KIND_BONUS = 0.1;
/**
 * A sentence asked "how often", "how many" or "when" that holds no frequency, amount or time, and
 * stands beside none: it may name what was asked about, but it does not answer.
 */
const KIND_MISSING = 0.15;
/**
 * A sentence that opens on announcing its subject ("I want to talk about my first hire") holds the
 * question's words and rarely its answer: it loses this much, unless it holds the figure asked for.
 */
const ANNOUNCES_SUBJECT = 0.15;
/**
 * What a sentence that tells only of the past loses when the question asks how things are now, and
 * one that says how things are now when the question asks how they were before.
 */
const TOLD_BEFORE = 0.1;
/** What "how many" counts weighs this much more: the answer holds it beside its figure. */
const COUNTED_WEIGHT = 2;
/**
 * The answer opens on a sentence of the best one's note that holds the figure asked for and a word
 * of the question the best one lacks, when it scores within this much of it.
 */
const KIND_REACH = 0.15;
/** Across notes, a note's sentences below this share of the best answer are left out. */
const ACROSS_SHARE = 0.85;

const trigrams = (word: string): Set<string> => {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
};

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** How well a set of keys holds a term (1 as asked, less for a synonym or a close spelling). */
const matchOf = (term: { keys: ReadonlyMap<string, number> }, keys: ReadonlySet<string>): number => {
  let best = 0;
  for (const [key, weight] of term.keys) if (weight > best && keys.has(key)) best = weight;
  return best;
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Answers `question` from `sentences` (any order; the neighbours of a match should be among them)
 * of `notes`. `sentences` are the candidates the search found: every one is looked at once.
 */
export function answerQuestion<S extends AskSentence, N extends AskNote>(
  question: AskQuestion,
  sentences: readonly S[],
  notes: readonly N[],
): AskAnswer<S, N> {
  const notFound = (closest: N[]): AskAnswer<S, N> => ({
    found: false,
    intent: question.intent,
    groups: [],
    closest: closest.slice(0, ASK_CLOSEST),
  });
  const noteById = new Map(notes.map((note) => [note.id, note]));
  const pool = sentences.filter((s) => noteById.has(s.noteId));
  if (question.terms.length === 0 || pool.length === 0) return notFound([...notes]);

  const texts = pool.map((s) => s.text.slice(0, ASK_SENTENCE_CHARS));
  const read = texts.map(readSentence);
  const keysOf = read.map((r) => r.keys);
  // A term nothing holds as asked may be misspelt: it also matches words spelt like it.
  const terms: AskTerm[] = question.terms.map((term) => {
    if (keysOf.some((keys) => matchOf(term, keys) > 0) || term.word.length < 5 || /\d/.test(term.word))
      return term;
    const grams = trigrams(term.word);
    const extra = new Map(term.keys);
    const vocabulary = new Set<string>();
    for (const keys of keysOf) for (const key of keys) if (key.length >= 4) vocabulary.add(key);
    for (const key of vocabulary) {
      if (similarity(grams, trigrams(key)) >= FUZZY_SIMILARITY) extra.set(key, FUZZY_WEIGHT);
    }
    return { ...term, keys: extra };
  });

  const matches = keysOf.map((keys) => terms.map((term) => matchOf(term, keys)));
  const matching = matches.filter((m) => m.some((x) => x > 0)).length;
  if (matching === 0) return notFound([...notes]);
  // Rarer terms weigh more (in the sentences that match any term); a term no sentence holds counts
  // as a plain word: it may be what the notes never say, or only the question's way of saying it.
  const weights = terms.map((_, t) => {
    const df = matches.filter((m) => m[t]! > 0).length;
    const weight = df === 0 ? 1 : 1 + Math.log((matching + 1) / (df + 1));
    return terms[t]!.counted ? COUNTED_WEIGHT * weight : weight;
  });
  // What the note says elsewhere helps a sentence of it a little ("the bakery" said once, the
  // price in another sentence of the same note).
  const noteBest = new Map<string, number[]>();
  pool.forEach((s, i) => {
    const best = noteBest.get(s.noteId) ?? terms.map(() => 0);
    noteBest.set(
      s.noteId,
      best.map((x, t) => Math.max(x, matches[i]![t]!)),
    );
  });
  const helped = matches.map((m, i) =>
    m.map((x, t) => Math.max(x, NOTE_HELP * noteBest.get(pool[i]!.noteId)![t]!)),
  );
  const wants = question.wants;
  const total = weights.reduce((a, b) => a + b, 0);
  const coverage = (m: readonly number[]) => m.reduce((sum, x, t) => sum + x * weights[t]!, 0) / total;

  const index = new Map(pool.map((s, i) => [`${s.noteId}:${s.position}`, i]));
  const at = (s: S, offset: number) => index.get(`${s.noteId}:${s.position + offset}`);
  const own = matches.map(coverage);
  const ownHelped = helped.map(coverage);
  /** The coverage of a sentence together with a neighbour (what it adds that the sentence lacks). */
  const withNeighbour = (i: number, j: number | undefined) =>
    j === undefined ? ownHelped[i]! : coverage(helped[i]!.map((x, t) => Math.max(x, matches[j]![t]!)));

  /** Whether a sentence holds what was asked for: a past time does not say when something is. */
  const holdsWanted = (j: number | undefined) =>
    wants !== null &&
    j !== undefined &&
    read[j]!.kinds.has(wants) &&
    !(wants === 'time' && question.ahead && read[j]!.past);
  // "How many hours...": a figure in a sentence that does not name the hours counts half (it is
  // "a design team of fourteen people", not the hours they saved).
  const counted = wants === 'amount' || wants === 'duration' ? terms.find((t) => t.counted) : undefined;
  const kindOf = (j: number | undefined): number => {
    if (!wants || j === undefined) return 0;
    const strength = read[j]!.kinds.get(wants) ?? 0;
    return counted && matchOf(counted, read[j]!.keys) === 0 ? Math.min(strength, 0.5) : strength;
  };
  const enough = evidenceRule({
    terms,
    names: namesAmong(terms, read),
    weights,
    matches,
    helped,
    ignored: (t) => t.word === NOT_TERM,
    holdsFigure: (j) => wants !== null && FIGURE_KINDS.has(wants) && holdsWanted(j) && kindOf(j) === 1,
    money: wants === 'money',
  });
  const scored = pool.map((s, i) => {
    const prev = at(s, -1);
    const next = at(s, 1);
    const pair = Math.max(withNeighbour(i, prev), withNeighbour(i, next));
    let score = 0.75 * ownHelped[i]! + 0.25 * pair;
    const figure = wants !== null && FIGURE_KINDS.has(wants);
    // An opening that announces its subject names it and says little of it; its "because" is why
    // the owner talks about it.
    const announces = question.intent === 'answer' && OPENS_ON_SUBJECT.test(texts[i]!);
    if (announces && !(figure && holdsWanted(i))) score -= ANNOUNCES_SUBJECT;
    else if (wants && own[i]! > 0 && holdsWanted(i)) score += KIND_BONUS * kindOf(i);
    // Money is not scored here: a sentence without it is left out below.
    if (figure && wants !== 'money' && !holdsWanted(i) && !holdsWanted(prev) && !holdsWanted(next))
      score -= KIND_MISSING;
    // "How many hours do I coach now" is not answered by how it was ("back in September I was...").
    if (question.now && read[i]!.past) score -= TOLD_BEFORE;
    // And "how many hours was I working before the program" is not answered by how it is now.
    if (question.before && read[i]!.now) score -= TOLD_BEFORE;
    const words = wordCount(texts[i]!);
    if (s.filler) score *= 0.3;
    if (words < 4) score -= 0.1;
    if (/\?["'”’)]*$/.test(texts[i]!)) score -= 0.1;
    return { s, i, prev, next, score, own: own[i]! };
  });

  const citationOf = (c: (typeof scored)[number]): AskCitation<S> => {
    const prev = c.prev === undefined ? null : pool[c.prev]!;
    const next = c.next === undefined ? null : pool[c.next]!;
    const adds = (j: number | undefined) => j !== undefined && withNeighbour(c.i, j) > ownHelped[c.i]! + 0.1;
    const text = texts[c.i]!.trim();
    const leansBack = POINTS_BACK_AT_START.test(text) || adds(c.prev);
    const leadsOn = /[?:]["'”’)]*$/.test(text) || (adds(c.next) && !adds(c.prev));
    return {
      sentence: c.s,
      before: leansBack ? prev : null,
      after: leadsOn ? next : null,
      score: Math.round(c.score * 1000) / 1000,
    };
  };

  // On equal scores, the note more about the question: more of its sentences hold its terms.
  const matchingIn = new Map<string, number>();
  pool.forEach((s, i) => {
    if (own[i]! > 0) matchingIn.set(s.noteId, (matchingIn.get(s.noteId) ?? 0) + 1);
  });
  const strength = (c: (typeof scored)[number]) => matchingIn.get(c.s.noteId) ?? 0;
  // A question about money is answered by a sentence that names some (or beside one that does):
  // "how much did I pay for the kiln" is not answered by the kiln's firing times.
  // So is a question asking when something is: "when is the marathon" is not answered by a sentence
  // with no time, nor by one that tells when a marathon was.
  const mustHold = wants === 'money' || (wants === 'time' && question.ahead);
  // "How many kilometres did Daniela run last week" is not answered by her running in a note made
  // in February that says no time of it: the sentence, a neighbour or the note's date must.
  const { frame } = question;
  const inFrame = (c: (typeof scored)[number]) =>
    !frame ||
    frameHolds(
      frame,
      [c.i, c.prev, c.next]
        .filter((j) => j !== undefined)
        .map((j) => ({ text: texts[j]!, keys: keysOf[j]! })),
      noteById.get(c.s.noteId)!.createdAt,
    );
  // "What did the kids think of story hour" is answered where what they thought or said is told: a
  // word of reporting in a sentence naming them or saying "they" ("that felt smart" is the owner's).
  const { reports } = question;
  const says = (j: number, keys: ReadonlySet<string>) => [...keys].some((key) => keysOf[j]!.has(key));
  const reported = (c: (typeof scored)[number]) =>
    !reports ||
    [c.i, c.prev, c.next].some(
      (j) =>
        j !== undefined && says(j, reports.words) && (says(j, reports.of) || THIRD_PERSON.test(texts[j]!)),
    );
  const ranked = scored
    .filter((c) => c.own > 0 && enough(c.i, c.prev, c.next) && reported(c))
    .filter((c) => !mustHold || holdsWanted(c.i) || holdsWanted(c.prev) || holdsWanted(c.next))
    .filter(inFrame)
    .sort(
      (a, b) =>
        b.score - a.score || strength(b) - strength(a) || b.own - a.own || a.s.position - b.s.position,
    );
  // "How much..." answered by the sentence that sets the scene ("our worst month in nine years")
  // when the next one holds the figure asked for ("we took in eleven thousand"): the next one
  // answers, with the first as its context.
  const head = ranked[0];
  // "Why did I almost close the bakery?" answered by the sentence saying so ("last March I almost
  // closed the bakery"): the reason is beside it, after it ("because I was losing money") or, when
  // it opens on a consequence ("So I got curious"), before it. That one answers, with it as context.
  const reasonBeside = (c: (typeof scored)[number]) => {
    if (read[c.i]!.kinds.has('reason')) return undefined;
    const usable = (j: number | undefined) =>
      j !== undefined && !pool[j]!.filler && !/\?["'”’)]*$/.test(texts[j]!) ? scored[j]! : undefined;
    if (c.next !== undefined && read[c.next]!.kinds.has('reason')) return usable(c.next);
    return OPENS_ON_CONSEQUENCE.test(texts[c.i]!) ? usable(c.prev) : undefined;
  };
  const holder =
    head && question.intent === 'answer' && FIGURE_KINDS.has(wants!) && kindOf(head.i) < 1
      ? (ranked.find(
          (c) =>
            c.s.noteId === head.s.noteId &&
            kindOf(c.i) === 1 &&
            matches[c.i]!.some((x, t) => x > matches[head.i]![t]!) &&
            holdsWanted(c.i) &&
            c.score >= head.score - KIND_REACH,
        ) ?? (kindOf(head.next) === 1 ? scored[head.next!]! : undefined))
      : head && question.intent === 'answer' && wants === 'reason'
        ? reasonBeside(head)
        : undefined;
  if (head && holder) {
    const at = ranked.indexOf(holder);
    if (at >= 0) ranked.splice(at, 1);
    ranked.unshift({ ...holder, score: head.score });
  }
  const best = ranked[0];
  const closest = (): N[] => {
    const out: N[] = [];
    for (const c of ranked) {
      const note = noteById.get(c.s.noteId)!;
      if (!out.includes(note)) out.push(note);
    }
    for (const note of notes) if (!out.includes(note)) out.push(note);
    return out;
  };
  if (!best || best.score < ASK_FOUND_SCORE) return notFound(closest());

  const byNote = new Map<string, (typeof scored)[number][]>();
  if (question.intent === 'answer') {
    const picked: (typeof scored)[number][] = [];
    const covered = new Set<number>();
    for (const c of ranked) {
      if (picked.length >= ASK_MAX_SENTENCES || c.score < Math.max(ASK_FOUND_SCORE, KEEP_SHARE * best.score))
        break;
      if (covered.has(c.i)) continue;
      picked.push(c);
      covered.add(c.i);
      if (c.prev !== undefined) covered.add(c.prev);
      if (c.next !== undefined) covered.add(c.next);
    }
    // The answer opens on the sentence that answers best and goes on in the order said: what the
    // best one's note says before it is left out (its neighbour stays, as context).
    for (const c of picked) {
      if (c.s.noteId === best.s.noteId && c.s.position < best.s.position) continue;
      byNote.set(c.s.noteId, [...(byNote.get(c.s.noteId) ?? []), c]);
    }
  } else {
    // Across notes, or the first time: each note's best sentence (and a second as good).
    for (const c of ranked) {
      if (c.score < Math.max(ASK_FOUND_SCORE, ACROSS_SHARE * best.score)) break;
      const group = byNote.get(c.s.noteId) ?? [];
      if (group.length === 0 && byNote.size >= ASK_MAX_NOTES * 4) continue;
      if (group.length >= 2 || (group.length === 1 && c.score < 0.95 * group[0]!.score)) continue;
      if (group.some((g) => Math.abs(g.s.position - c.s.position) <= 1)) continue;
      group.push(c);
      byNote.set(c.s.noteId, group);
    }
  }
  const time = (id: string) => Date.parse(noteById.get(id)!.createdAt);
  const order = [...byNote.keys()];
  if (question.intent === 'across') order.sort((a, b) => time(b) - time(a));
  else if (question.intent === 'first') order.sort((a, b) => time(a) - time(b));
  const groups = order
    .slice(0, question.intent === 'answer' ? ASK_MAX_SENTENCES : ASK_MAX_NOTES)
    .map((id) => ({
      note: noteById.get(id)!,
      citations: byNote
        .get(id)!
        .sort((a, b) => a.s.position - b.s.position)
        .map(citationOf),
    }));
  return { found: true, intent: question.intent, groups, closest: [] };
}

/** The cited sentences of an answer in the order shown (group by group). */
export const citedSentences = <S extends AskSentence, N extends AskNote>(answer: AskAnswer<S, N>): S[] =>
  answer.groups.flatMap((group) => group.citations.map((c) => c.sentence));
