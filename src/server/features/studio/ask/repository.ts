import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { studioNoteSentences, studioNoteSpeakers, studioNotes } from '../../../db/schema/studio.ts';

/**
 * A note saved from an answer (its source link is the question's, answerSourceUrl): its sentences
 * are copies of the notes it cites, which are cited instead.
 */
const SAVED_ANSWER = (note: SQL) => sql`coalesce(${note}.source_url like '%/studio?ask=%', false)`;

export type CandidateRow = {
  id: string;
  noteId: string;
  position: number;
  text: string;
  startMs: number | null;
  filler: boolean;
  /** The speaker's name in a conversation note; null in a solo note or an unassigned turn. */
  speakerName: string | null;
  speakerIsMe: boolean | null;
};

/**
 * The sentences of the owner's notes `noteIds` that hold a word of `search` (websearch syntax, its
 * forms joined by "or"), the best `limit` by rank, or the sentences `sentenceIds`; each with the
 * sentence before and after it (an answer keeps its context). The owner is checked here: another
 * owner's note or sentence id finds nothing.
 */
export async function candidateSentences(
  db: DbOrTx,
  owner: string,
  among: { noteIds: string[]; search: string } | { sentenceIds: string[] },
  limit: number,
): Promise<CandidateRow[]> {
  const n = studioNotes;
  const s = studioNoteSentences;
  const sp = studioNoteSpeakers;
  let hits: SQL;
  if ('sentenceIds' in among) {
    if (among.sentenceIds.length === 0) return [];
    hits = sql`
      select ${s.noteId} as note_id, ${s.position} as position
        from ${s} join ${n} note on note.id = ${s.noteId}
       where note.owner_email = ${owner} and ${s.id} = any(${`{${among.sentenceIds.join(',')}}`}::uuid[])
       limit ${limit}`;
  } else {
    if (among.noteIds.length === 0 || !among.search) return [];
    hits = sql`
      select ${s.noteId} as note_id, ${s.position} as position
        from ${s} join ${n} note on note.id = ${s.noteId}
             cross join websearch_to_tsquery('english', ${among.search}) as q(query)
       where note.owner_email = ${owner} and ${s.noteId} = any(${`{${among.noteIds.join(',')}}`}::uuid[])
         and ${s.search} @@ q.query and not ${SAVED_ANSWER(sql`note`)}
       order by ts_rank(${s.search}, q.query) desc, ${s.position}
       limit ${limit}`;
  }
  const result = await db.execute<CandidateRow>(sql`
    with hits as (${hits}),
    wanted as (
      select distinct hits.note_id, hits.position + shift as position
        from hits cross join (values (-1), (0), (1)) as shifts(shift)
    )
    select ${s.id} as id, ${s.noteId} as "noteId", ${s.position} as position, ${s.text} as text,
           ${s.startMs} as "startMs", ${s.filler} as filler,
           ${sp.name} as "speakerName", ${sp.isMe} as "speakerIsMe"
      from wanted
      join ${s} on ${s.noteId} = wanted.note_id and ${s.position} = wanted.position
      left join ${sp} on ${sp.id} = ${s.speakerId}
     order by ${s.noteId}, ${s.position}`);
  return result.rows;
}

export type SavedSentenceRow = Pick<CandidateRow, 'id' | 'noteId' | 'position' | 'text' | 'speakerName'> & {
  speakerIsMe: boolean | null;
  noteTitle: string;
  noteCreatedAt: string | Date;
};

/** The owner's sentences `ids` with their note's title and date; another owner's ids find nothing. */
export async function savedSentences(db: DbOrTx, owner: string, ids: string[]): Promise<SavedSentenceRow[]> {
  const n = studioNotes;
  const s = studioNoteSentences;
  const sp = studioNoteSpeakers;
  const result = await db.execute<SavedSentenceRow>(sql`
    select ${s.id} as id, ${s.noteId} as "noteId", ${s.position} as position, ${s.text} as text,
           ${sp.name} as "speakerName", ${sp.isMe} as "speakerIsMe",
           ${n.title} as "noteTitle", ${n.createdAt} as "noteCreatedAt"
      from ${s} join ${n} on ${n.id} = ${s.noteId}
      left join ${sp} on ${sp.id} = ${s.speakerId}
     where ${n.ownerEmail} = ${owner} and ${s.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  return result.rows;
}
