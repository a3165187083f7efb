import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNotes } from '../../../db/schema/studio.ts';
import type { NoteRow, SentenceRow } from '../notes/index.ts';

/** Marks ts_headline puts around matched words (control characters never kept in note text). */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=28, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export type FulltextRow = Pick<NoteRow, 'id' | 'title' | 'kind' | 'createdAt'> & {
  rank: number;
  sentenceId: SentenceRow['id'] | null;
  startMs: SentenceRow['startMs'];
  headline: string;
};

/**
 * Full-text search over the owner's notes (title weighted above text, the figures of the numbers
 * they say beside their words), ranked by ts_rank_cd; `also` is a second form of the query, either
 * matching (the query with its number words as figures). Each
 * hit carries its best matching sentence (rank within the note, then position) and a ts_headline
 * snippet of that sentence (of the note's opening when no sentence matches alone).
 */
export async function fulltextSearch(
  db: DbOrTx,
  owner: string,
  query: string,
  limit: number,
  also?: string,
): Promise<FulltextRow[]> {
  const n = studioNotes;
  const s = studioNoteSentences;
  const either =
    also === undefined
      ? sql`websearch_to_tsquery('english', ${query})`
      : sql`websearch_to_tsquery('english', ${query}) || websearch_to_tsquery('english', ${also})`;
  const result = await db.execute<FulltextRow>(sql`
    with q as (select ${either} as query),
    hits as (
      select ${n.id} as id, ${n.title} as title, ${n.kind} as kind, ${n.createdAt} as created_at,
             ts_rank_cd(${n.search}, q.query, 32) as rank, q.query as query
        from ${n} cross join q
       where ${n.ownerEmail} = ${owner} and ${n.search} @@ q.query
       order by rank desc, ${n.createdAt} desc
       limit ${limit}
    )
    select hits.id, hits.title, hits.kind, hits.created_at as "createdAt", hits.rank,
           best.id as "sentenceId", best.start_ms as "startMs",
           ts_headline('english', coalesce(best.text, left(note.text, 3000), hits.title), hits.query,
                       ${HEADLINE_OPTIONS}) as headline
      from hits
      join ${n} note on note.id = hits.id
      left join lateral (
        select ${s.id} as id, ${s.startMs} as start_ms, ${s.text} as text
          from ${s}
         where ${s.noteId} = hits.id and ${s.search} @@ hits.query
         order by ts_rank(${s.search}, hits.query) desc, ${s.position}
         limit 1
      ) best on true
     order by hits.rank desc, hits.created_at desc`);
  return result.rows;
}

export type SimilarRow = Pick<NoteRow, 'title' | 'kind' | 'createdAt'> & {
  noteId: NoteRow['id'];
  sentenceId: SentenceRow['id'];
  startMs: SentenceRow['startMs'];
  text: SentenceRow['text'];
  similarity: number;
};

/**
 * Sentences holding a word spelt like the query (pg_trgm word similarity, GIN trigram index), for
 * misspelt names; one per note, notes in `excludeIds` left out.
 */
export async function similarSearch(
  db: DbOrTx,
  owner: string,
  query: string,
  excludeIds: string[],
  limit: number,
  threshold = 0.45,
): Promise<SimilarRow[]> {
  const n = studioNotes;
  const s = studioNoteSentences;
  const excluded = `{${excludeIds.join(',')}}`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
    const result = await tx.execute<SimilarRow>(sql`
      select distinct on (note.id)
             note.id as "noteId", note.title, note.kind, note.created_at as "createdAt",
             ${s.id} as "sentenceId", ${s.startMs} as "startMs", ${s.text} as text,
             word_similarity(${query}, ${s.text}) as similarity
        from ${s} join ${n} note on note.id = ${s.noteId}
       where note.owner_email = ${owner} and ${query} <% ${s.text}
         and note.status = 'ready' and not (note.id = any(${excluded}::uuid[]))
       order by note.id, similarity desc, ${s.position}
       limit 1000`);
    return result.rows;
  });
  return rows.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}
