import type { NoteKind, SearchHit, SearchResponse } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { figureSpans, searchFigures, searchQueryFigures, writtenForm } from '../engine/index.ts';
import { fulltextSearch, HIGHLIGHT_START, HIGHLIGHT_STOP, similarSearch } from './repository.ts';

/** Turns ts_headline's marked text into plain text plus highlight ranges (no HTML ever leaves). */
export function readHeadline(marked: string): {
  snippet: string;
  highlights: Array<{ start: number; end: number }>;
} {
  // Copies the text between marks in slices: a snippet is a few hundred characters, read per hit.
  let snippet = '';
  const highlights: Array<{ start: number; end: number }> = [];
  let open: number | null = null;
  let from = 0;
  for (let i = 0; i < marked.length; i++) {
    const char = marked[i];
    if (char !== HIGHLIGHT_START && char !== HIGHLIGHT_STOP) continue;
    snippet += marked.slice(from, i);
    from = i + 1;
    if (char === HIGHLIGHT_START) open = snippet.length;
    else {
      if (open !== null && snippet.length > open) highlights.push({ start: open, end: snippet.length });
      open = null;
    }
  }
  return { snippet: snippet + marked.slice(from), highlights };
}

const trigrams = (word: string): Set<string> => {
  const padded = `  ${word.toLowerCase()} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
};

const similarityOf = (ta: Set<string>, tb: Set<string>): number => {
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared || 1);
};

/** pg_trgm's similarity of two words (shared trigrams over all trigrams). */
export const trigramSimilarity = (a: string, b: string): number => similarityOf(trigrams(a), trigrams(b));

/** Highlights the words of a sentence spelt most like the query's words (for similar-spelling hits). */
export function highlightSimilar(sentence: string, query: string): Array<{ start: number; end: number }> {
  // The query's trigrams once, not once per word of the sentence.
  const queryWords = (query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).map(trigrams);
  const out: Array<{ start: number; end: number }> = [];
  for (const match of sentence.matchAll(/[\p{L}\p{N}']+/gu)) {
    const word = trigrams(match[0]);
    if (queryWords.some((q) => similarityOf(q, word) >= 0.3))
      out.push({ start: match.index, end: match.index + match[0].length });
  }
  return out;
}

/** Characters of a query read for its number words (a search box's query is short). */
const QUERY_FIGURES_MAX = 500;

/**
 * The query as the notes' figures are stored ("$18,000" -> "18000", so it finds "eighteen
 * thousand"), and, when it says numbers in words, a second form with them as figures ("forty-two"
 * also finds a typed "42"); the second is undefined when it reads the same.
 */
export function queryForms(query: string): { query: string; also?: string } {
  const figures = searchQueryFigures(query);
  const written = searchQueryFigures(writtenForm(query.slice(0, QUERY_FIGURES_MAX)));
  return written !== figures ? { query: figures, also: written } : { query: figures };
}

/**
 * Full-text hits (websearch syntax: "quoted phrases", -excluded, or), ranked; a number matches
 * however it was said or written (`queryForms`, the notes' `figures`). When there are none,
 * sentences with a similarly spelt word (a misspelt name) instead.
 */
export async function searchNotes(
  ctx: AppContext,
  owner: string,
  query: string,
  limit: number,
): Promise<SearchResponse> {
  const db = ctx.database.db;
  const forms = queryForms(query);
  // A hit found by a number said in words: the words are highlighted (ts_headline reads them as said).
  const figures = new Set(searchFigures(query.slice(0, QUERY_FIGURES_MAX)).split(' ').filter(Boolean));
  const hits: SearchHit[] = (await fulltextSearch(db, owner, forms.query, limit, forms.also)).map((row) => {
    const headline = readHeadline(row.headline);
    const found =
      headline.highlights.length === 0 && figures.size > 0 ? figureSpans(headline.snippet, figures) : [];
    return {
      note_id: row.id,
      note_title: row.title,
      note_kind: row.kind as NoteKind,
      sentence_id: row.sentenceId,
      start_ms: row.startMs,
      snippet: headline.snippet,
      highlights: found.length ? found : headline.highlights,
      rank: Number(row.rank),
      match: 'fulltext' as const,
      created_at: new Date(row.createdAt).toISOString(),
    };
  });
  const letters = query.replace(/[^\p{L}\p{N}]/gu, '');
  if (hits.length === 0 && letters.length >= 3) {
    const similar = await similarSearch(db, owner, query.slice(0, 100), [], limit);
    for (const row of similar) {
      hits.push({
        note_id: row.noteId,
        note_title: row.title,
        note_kind: row.kind as NoteKind,
        sentence_id: row.sentenceId,
        start_ms: row.startMs,
        snippet: row.text,
        highlights: highlightSimilar(row.text, query),
        rank: Number(row.similarity) / 10,
        match: 'similar',
        created_at: new Date(row.createdAt).toISOString(),
      });
    }
  }
  return { query, hits };
}
