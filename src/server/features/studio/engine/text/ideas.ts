/**
 * What the Ideas card shows, from each note's stored key phrases. An Idea is a theme found in at
 * least two notes (grouped by `ideasOf`: stems and containment); until two notes share one, there
 * are no Ideas, the card says IDEAS_NEED_TWO_NOTES, and a library of exactly one note shows at most
 * NOTE_TOPICS_MAX "topics of this note" (labelled as such, never as Ideas). Pure and deterministic.
 */
import { IDEAS_NEED_TWO_NOTES, NOTE_TOPICS_LABEL, NOTE_TOPICS_MAX } from '#contract/studio.ts';
import { type Idea, ideasOf, type KeyPhrase } from './keyphrases.ts';
import { stem } from './tokens.ts';

export { IDEAS_NEED_TWO_NOTES, NOTE_TOPICS_LABEL, NOTE_TOPICS_MAX };

type Phrase = Pick<KeyPhrase, 'phrase' | 'score'>;

/**
 * Nouns too general to be a theme on their own ("people", "result"); they still count inside a
 * longer phrase ("people problem").
 */
// biome-ignore format: a word list
const GENERIC = new Set([
  'people', 'person', 'result', 'results', 'part', 'parts', 'point', 'points', 'problem', 'problems',
  'question', 'questions', 'idea', 'ideas', 'example', 'examples', 'reason', 'reasons', 'fact',
  'case', 'number', 'side', 'level', 'place', 'world', 'man', 'woman', 'guy', 'guys', 'stuff',
  'everyone', 'everything', 'someone', 'something', 'end', 'start', 'beginning', 'moment', 'issue',
  'issues', 'word', 'words', 'name', 'area', 'piece', 'step', 'steps',
]);

const themeWorthy = (p: Phrase) => p.phrase.includes(' ') || !GENERIC.has(p.phrase);

export interface NoteTopics<Id> {
  noteId: Id;
  /** NOTE_TOPICS_LABEL: the card heads them so, never "Ideas". */
  label: string;
  /** At most NOTE_TOPICS_MAX, best first. */
  topics: string[];
}

export interface IdeasView<Id> {
  /** Themes found in at least two notes, most notes first (empty until there is one). */
  ideas: Idea<Id>[];
  /** IDEAS_NEED_TWO_NOTES when `ideas` is empty, else null. */
  message: string | null;
  /** Only for a library of exactly one note: its topics. */
  noteTopics: NoteTopics<Id> | null;
}

/**
 * Topics of one note: its key phrases grouped like Ideas, then phrases sharing a word grouped under
 * that word when no phrase is the word alone ("price lands", "price lives" -> "price"), ranked by
 * summed score.
 */
export function topicsOfNote(phrases: readonly Phrase[], max = NOTE_TOPICS_MAX): string[] {
  const groups = ideasOf([{ id: 0, phrases: phrases.filter(themeWorthy) }], { minNotes: 1, limit: 1000 });
  type Topic = { label: string; score: number; stems: Set<string> };
  const topics: Topic[] = groups.map((g) => ({
    label: g.label,
    score: g.score,
    stems: new Set(g.label.split(' ').map(stem)),
  }));
  // Words shared by two or more multi-word topics become one topic named by the word.
  const byWord = new Map<string, { surface: string; members: Topic[] }>();
  for (const topic of topics) {
    if (topic.stems.size < 2) continue;
    for (const word of topic.label.split(' ')) {
      const key = stem(word);
      if (GENERIC.has(word)) continue;
      const entry = byWord.get(key) ?? { surface: word, members: [] };
      if (!entry.members.includes(topic)) entry.members.push(topic);
      byWord.set(key, entry);
    }
  }
  const merged = new Set<Topic>();
  const shared: Topic[] = [];
  const candidates = [...byWord.entries()]
    .filter(([, e]) => e.members.length >= 2)
    .sort(
      (a, b) =>
        b[1].members.reduce((s, t) => s + t.score, 0) - a[1].members.reduce((s, t) => s + t.score, 0) ||
        (a[0] < b[0] ? -1 : 1),
    );
  for (const [key, entry] of candidates) {
    const members = entry.members.filter((t) => !merged.has(t));
    if (members.length < 2 || topics.some((t) => t.stems.size === 1 && t.stems.has(key))) continue;
    for (const t of members) merged.add(t);
    shared.push({
      label: entry.surface,
      score: members.reduce((s, t) => s + t.score, 0),
      stems: new Set([key]),
    });
  }
  return [...topics.filter((t) => !merged.has(t)), ...shared]
    .sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : 1))
    .slice(0, max)
    .map((t) => t.label);
}

/**
 * The Ideas card's content from every ready note's key phrases (in the order the notes are listed).
 * `limit` caps the Ideas returned.
 */
export function ideasView<Id>(
  notes: readonly { id: Id; phrases: readonly Phrase[] }[],
  { limit = 30 }: { limit?: number } = {},
): IdeasView<Id> {
  const ideas = ideasOf(
    notes.map((note) => ({ id: note.id, phrases: note.phrases.filter(themeWorthy) })),
    { limit, minNotes: 2 },
  );
  if (ideas.length > 0) return { ideas, message: null, noteTopics: null };
  const only = notes.length === 1 ? notes[0]! : null;
  const topics = only ? topicsOfNote(only.phrases) : [];
  return {
    ideas: [],
    message: IDEAS_NEED_TWO_NOTES,
    noteTopics: only && topics.length > 0 ? { noteId: only.id, label: NOTE_TOPICS_LABEL, topics } : null,
  };
}
