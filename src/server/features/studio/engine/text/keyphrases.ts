/**
 * Key phrases of a note (RAKE-style: candidate phrases are noun phrases, runs of nouns and
 * adjectives ending on a noun between stop words, verbs and punctuation, scored by word frequency
 * and co-occurrence degree) and the Ideas of a whole corpus (key phrases ranked by how many notes
 * mention them, near-duplicates grouped). Pure and deterministic.
 */
import { RootIndex } from './containment.ts';
import { withoutFillers } from './fillers.ts';
import { STOP_WORDS } from './function-words.ts';
import { posByOffset } from './pos.ts';
import { splitSentences } from './sentences.ts';
import { stem, tokenize } from './tokens.ts';

export interface KeyPhrase {
  /** The most frequent surface form, lower case ("pricing page"). */
  phrase: string;
  /** Stems of its words, space-separated ("pric pag"): the grouping key. */
  key: string;
  score: number;
  count: number;
}

const MAX_WORDS = 4;

/**
 * Common verbs, number words and words of time: they end or split noun phrases ("pays nine
 * dollars" -> "dollars", "last month American forces" -> "American forces"), even where the
 * tagger takes them for nouns.
 */
// biome-ignore format: a word list
const NOT_NOUNS = new Set(
  ('pay pays paid paying charge charges charged charging raise raised raising ran run runs running write wrote written ' +
  'rewrite rewrote ask asked asks use used uses using sign signed talk talked talks talking learn learned learnt ' +
  'ship shipped build built start started starts work worked works sell sells sold save saved show shows showed ' +
  'love loved hear heard spend spent lose lost win won happen happened happens realise realised realize realized ' +
  'call called bring brought read reads change changed changes help helped helps turn turned stop stopped ' +
  'zero one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty sixty ' +
  'seventy eighty ninety hundred thousand million billion percent half dozen ' +
  'today tonight yesterday tomorrow morning evening night nights day days week weeks month months year years ' +
  'decade decades ' +
  // Verbs in -ing a tagger may take for nouns ("thanks for coming", "a new manager reading this").
  'coming going doing getting making taking saying trying thinking looking having being giving keeping ' +
  'telling putting feeling reading sitting standing waiting wanting needing knowing seeing').split(' '),
);

function isContent(word: string): boolean {
  if (STOP_WORDS.has(word) || NOT_NOUNS.has(word) || word.length <= 1 || /^\d/.test(word)) return false;
  // Adverbs in -ly ("honestly", "completely") are not themes.
  return !(word.length > 4 && word.endsWith('ly'));
}

/** Tags a noun phrase is made of (universal tags); a phrase ends on a noun. */
const IN_PHRASE = new Set(['NOUN', 'PROPN', 'ADJ']);
const ENDS_PHRASE = new Set(['NOUN', 'PROPN']);

/**
 * Candidate phrases of one sentence: maximal runs of content words tagged as nouns or adjectives,
 * not broken by punctuation, with trailing adjectives dropped ("pricing page", never "price almost
 * sets" or "surprise kills deals").
 */
function candidates(text: string): string[][] {
  const tokens = tokenize(text);
  const tags = posByOffset(text);
  const out: string[][] = [];
  let run: { norm: string; tag: string }[] = [];
  const flush = () => {
    while (run.length > 0 && !ENDS_PHRASE.has(run.at(-1)!.tag)) run.pop();
    const words = run.map((w) => w.norm);
    if (words.length > 0 && words.length <= MAX_WORDS) out.push(words);
    else if (words.length > MAX_WORDS) {
      // A long run: keep its pieces of MAX_WORDS (rare; lists of nouns).
      for (let i = 0; i < words.length; i += MAX_WORDS) out.push(words.slice(i, i + MAX_WORDS));
    }
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (i > 0 && /[^\s'’-]/.test(text.slice(tokens[i - 1]!.end, token.start))) flush();
    // A word the tagger did not mark (rare) is taken as a noun, and so is an -ing form: a gerund
    // names an activity, which is a theme ("Hiring is slow", "customer onboarding").
    const given = tags.get(token.start) ?? 'NOUN';
    const tag = given === 'VERB' && token.norm.length > 5 && token.norm.endsWith('ing') ? 'NOUN' : given;
    if (isContent(token.norm) && IN_PHRASE.has(tag)) run.push({ norm: token.norm, tag });
    else flush();
  }
  flush();
  return out;
}

/**
 * Key phrases of a text (or of its sentences, fillers already marked). Word score is
 * degree/frequency (RAKE) times log(1 + frequency), so both multi-word phrases and the words a note
 * keeps returning to rank high; forms sharing stems are merged.
 */
export function keyPhrases(
  input: string | { text: string; fillers: { start: number; end: number }[] }[],
  limit = 12,
): KeyPhrase[] {
  const sentences = typeof input === 'string' ? splitSentences(input) : input;
  const phrases: string[][] = [];
  for (const sentence of sentences) phrases.push(...candidates(withoutFillers(sentence)));
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of phrases) {
    for (const word of phrase) {
      freq.set(word, (freq.get(word) ?? 0) + 1);
      degree.set(word, (degree.get(word) ?? 0) + phrase.length);
    }
  }
  const wordScore = (word: string) => (degree.get(word)! / freq.get(word)!) * Math.log2(1 + freq.get(word)!);
  const byKey = new Map<string, { forms: Map<string, number>; count: number; score: number }>();
  for (const phrase of phrases) {
    const key = phrase.map(stem).join(' ');
    const surface = phrase.join(' ');
    let entry = byKey.get(key);
    if (!entry) {
      entry = { forms: new Map(), count: 0, score: phrase.reduce((sum, word) => sum + wordScore(word), 0) };
      byKey.set(key, entry);
    }
    entry.count++;
    entry.forms.set(surface, (entry.forms.get(surface) ?? 0) + 1);
  }
  const result: KeyPhrase[] = [];
  for (const [key, entry] of byKey) {
    const phrase = [...entry.forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    // A phrase said once in a long note is rarely a theme: weigh by repetition.
    const score = entry.score * (1 + Math.log2(entry.count));
    result.push({ phrase, key, score: Number(score.toFixed(3)), count: entry.count });
  }
  result.sort((a, b) => b.score - a.score || b.count - a.count || (a.phrase < b.phrase ? -1 : 1));
  return result.slice(0, limit);
}

export interface Idea<Id> {
  /** The theme, in the user's most common wording ("pricing"). */
  label: string;
  /** Other wordings grouped into it ("pricing page", "prices"). */
  phrases: string[];
  /** Notes that mention it, in input order. */
  noteIds: Id[];
  /** How many notes mention it (noteIds.length). */
  notes: number;
  score: number;
}

/**
 * Themes over a whole corpus: each note's key phrases, grouped by stems (plurals and -ing forms
 * meet) and by containment (a phrase joins a shorter theme whose stems it contains, "pricing page"
 * under "pricing", when that theme is mentioned in at least as many notes), ranked by the number of
 * notes that mention the theme, then by summed score. Themes need `minNotes` notes (default 2,
 * or 1 when the corpus has a single note).
 */
export function ideasOf<Id>(
  notes: readonly { id: Id; phrases: readonly Pick<KeyPhrase, 'phrase' | 'score'>[] }[],
  { limit = 20, minNotes }: { limit?: number; minNotes?: number } = {},
): Idea<Id>[] {
  type Group = {
    key: string[];
    joined: string;
    forms: Map<string, number>;
    notes: Set<number>;
    score: number;
  };
  const groups = new Map<string, Group>();
  notes.forEach((note, noteIndex) => {
    for (const { phrase, score } of note.phrases) {
      const stems = phrase.split(' ').map(stem);
      const key = stems.join(' ');
      let group = groups.get(key);
      if (!group) {
        group = { key: stems, joined: key, forms: new Map(), notes: new Set(), score: 0 };
        groups.set(key, group);
      }
      group.forms.set(phrase, (group.forms.get(phrase) ?? 0) + 1);
      group.notes.add(noteIndex);
      group.score += score;
    }
  });
  // Longer phrases join the best shorter group whose stems they contain (most notes first).
  const ordered = [...groups.values()].sort(
    (a, b) => a.key.length - b.key.length || b.notes.size - a.notes.size || (a.joined < b.joined ? -1 : 1),
  );
  const roots: Group[] = [];
  const index = new RootIndex<Group>();
  for (const group of ordered) {
    const parent = index.parentOf(group);
    if (parent) {
      for (const [form, count] of group.forms) parent.forms.set(form, (parent.forms.get(form) ?? 0) + count);
      for (const n of group.notes) parent.notes.add(n);
      parent.score += group.score;
    } else {
      roots.push(group);
      index.add(group);
    }
  }
  const threshold = minNotes ?? (notes.length > 1 ? 2 : 1);
  return roots
    .filter((group) => group.notes.size >= threshold)
    .map((group) => {
      const forms = [...group.forms].sort(
        (a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1),
      );
      const noteIndexes = [...group.notes].sort((a, b) => a - b);
      return {
        label: forms[0]![0],
        phrases: forms.slice(1).map(([form]) => form),
        noteIds: noteIndexes.map((i) => notes[i]!.id),
        notes: noteIndexes.length,
        score: Number(group.score.toFixed(3)),
      };
    })
    .sort((a, b) => b.notes - a.notes || b.score - a.score || (a.label < b.label ? -1 : 1))
    .slice(0, limit);
}
