import { z } from 'zod';
import { type NoteKind, STUDIO_LIMITS } from '#contract/studio.ts';
import {
  ASK_NOT_FOUND,
  type AskCitation,
  type AskNoteRef,
  type AskResponse,
  type AskSentence,
} from '#contract/studio-ask.ts';
import type { AppContext } from '../../../context.ts';
import { createLlm, type Llm } from '../../../providers/llm/llm.ts';
import { countModelCall, modelLimitsOf } from '../drafts/index.ts';
import {
  type AskAnswer,
  type AskNote,
  answerQuestion,
  citedSentences,
  readQuestion,
  supportOf,
} from '../engine/index.ts';
import { fulltextSearch, similarSearch } from '../search/index.ts';
import { type CandidateRow, candidateSentences } from './repository.ts';

/**
 * Bounds of one question's work, whatever the library: the search path's limit of notes, and of
 * sentences read from them (each with its two neighbours).
 */
export const ASK_NOTES_READ = STUDIO_LIMITS.searchMaxHits;
export const ASK_SENTENCES_READ = 400;
/** Notes spelt close to a misspelt word, when no note holds any word of the question. */
const ASK_SIMILAR_NOTES = 10;

type Sentence = CandidateRow;
type Note = AskNote & AskNoteRef;

const sentenceOf = (row: CandidateRow | null | undefined): AskSentence | null =>
  row
    ? {
        id: row.id,
        text: row.text,
        start_ms: row.startMs,
        speaker: row.speakerName,
      }
    : null;

const noteRef = (note: Note): AskNoteRef => ({
  note_id: note.note_id,
  note_title: note.note_title,
  note_kind: note.note_kind,
  created_at: note.created_at,
});

/** The offline answer: the owner's sentences that answer, or "not found" with the closest notes. */
export async function answerOffline(
  ctx: AppContext,
  owner: string,
  question: string,
): Promise<{ response: AskResponse; answer: AskAnswer<Sentence, Note> | null }> {
  const asked = readQuestion(question, Date.now());
  const db = ctx.database.db;
  const empty = (closest: Note[]): { response: AskResponse; answer: null } => ({
    response: {
      question,
      intent: asked.intent,
      found: false,
      message: ASK_NOT_FOUND,
      groups: [],
      closest: closest.map(noteRef),
      written: null,
      written_note: null,
    },
    answer: null,
  });
  if (!asked.search) return empty([]);

  const notes = new Map<string, Note>();
  const addNote = (id: string, title: string, kind: string, createdAt: string | Date) => {
    if (notes.has(id)) return;
    const created = new Date(createdAt).toISOString();
    notes.set(id, {
      id,
      createdAt: created,
      note_id: id,
      note_title: title,
      note_kind: kind as NoteKind,
      created_at: created,
    });
  };
  for (const hit of await fulltextSearch(db, owner, asked.search, ASK_NOTES_READ))
    addNote(hit.id, hit.title, hit.kind, hit.createdAt);
  let rows: CandidateRow[] = [];
  if (notes.size > 0) {
    rows = await candidateSentences(
      db,
      owner,
      { noteIds: [...notes.keys()], search: asked.search },
      ASK_SENTENCES_READ,
    );
  } else {
    // No note holds a word of the question as asked: maybe a name misspelt ("Natarjan").
    const words = asked.terms.map((t) => t.word).filter((w) => w.length >= 4 && !/\d/.test(w));
    const similar = words.length
      ? await similarSearch(db, owner, words.join(' ').slice(0, 100), [], ASK_SIMILAR_NOTES)
      : [];
    for (const hit of similar) addNote(hit.noteId, hit.title, hit.kind, hit.createdAt);
    rows = await candidateSentences(
      db,
      owner,
      { sentenceIds: similar.map((s) => s.sentenceId) },
      ASK_SENTENCES_READ,
    );
  }
  const answer = answerQuestion(asked, rows, [...notes.values()]);
  if (!answer.found) return empty(answer.closest);
  const citation = (c: AskAnswer<Sentence, Note>['groups'][number]['citations'][number]): AskCitation => ({
    ...sentenceOf(c.sentence)!,
    before: sentenceOf(c.before),
    after: sentenceOf(c.after),
  });
  return {
    response: {
      question,
      intent: answer.intent,
      found: true,
      message: null,
      groups: answer.groups.map((group) => ({
        ...noteRef(group.note),
        citations: group.citations.map(citation),
      })),
      closest: [],
      written: null,
      written_note: null,
    },
    answer,
  };
}

// ---------------------------------------------------------------- with a language model

/** The model's answer: a few sentences, each with the numbers of the note sentences it rests on. */
const modelAnswerSchema = z.object({
  sentences: z
    .array(z.object({ text: z.string().max(600), sources: z.array(z.number().int()).max(8) }))
    .max(6),
});
export const MODEL_USED_UP =
  "Today's language-model calls are used up, so here are your sentences as you said them.";
/** The longest answer the model may give, in tokens (a short answer: a few sentences). */
const ASK_ANSWER_MAX_TOKENS = 400;
const CHARS_PER_TOKEN = 4;

export function askMessages(
  question: string,
  sources: Array<{ text: string; speaker: string | null }>,
): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    {
      role: 'system',
      content:
        "You answer a question from the numbered sentences of the user's own notes, and from nothing else. " +
        'Write at most three short sentences in the first person, as the user would say it. ' +
        'Every sentence must say only what its cited sentences say: no figure, name or claim they do not hold. ' +
        'Answer with JSON: {"sentences":[{"text":"...","sources":[1,2]}]}.',
    },
    {
      role: 'user',
      content: `Question: ${question}\n\nSentences from my notes:\n${sources
        .map((s, i) => `${i + 1}. ${s.speaker ? `(${s.speaker}) ` : ''}${s.text}`)
        .join('\n')}`,
    },
  ];
}

/**
 * A short answer written by the model from the cited sentences (and the neighbours shown with them)
 * only; each of its sentences is checked against the sentences it cites (the drafts' support
 * check), and one they do not support is dropped. The call is counted in the owner's model budget
 * before it is made; past the budget, or when the model fails, the answer stays offline and says why.
 */
export async function writeAnswer(
  ctx: AppContext,
  owner: string,
  question: string,
  answer: AskAnswer<Sentence, Note>,
  llm: Llm | null = createLlm({ ...ctx.config.llm, maxRetries: 0 }),
): Promise<Pick<AskResponse, 'written' | 'written_note'>> {
  if (!llm) return { written: null, written_note: null };
  const cited = citedSentences(answer);
  const shown = answer.groups.flatMap((g) =>
    g.citations.flatMap((c) => [c.before, c.sentence, c.after].filter((s): s is Sentence => s !== null)),
  );
  const sources = [...new Map(shown.map((s) => [s.id, s])).values()];
  const messages = askMessages(
    question,
    sources.map((s) => ({ text: s.text, speaker: s.speakerIsMe ? null : s.speakerName })),
  );
  const chars = messages.reduce((n, m) => n + m.content.length, 0) + ASK_ANSWER_MAX_TOKENS * CHARS_PER_TOKEN;
  if (await countModelCall(ctx.database.db, modelLimitsOf(ctx), owner, chars))
    return { written: null, written_note: MODEL_USED_UP };
  let reply: z.infer<typeof modelAnswerSchema>;
  try {
    reply = await llm.completeJson(modelAnswerSchema, messages, { maxTokens: ASK_ANSWER_MAX_TOKENS });
  } catch (error) {
    ctx.log.warn({ err: error }, 'ask: the language model did not answer');
    return { written: null, written_note: 'The language model did not answer, so here are your sentences.' };
  }
  const citedIds = new Set(cited.map((s) => s.id));
  const kept: Array<{ text: string; sources: string[] }> = [];
  let dropped = 0;
  for (const sentence of reply.sentences) {
    const rests = sentence.sources.map((n) => sources[n - 1]).filter((s): s is Sentence => s !== undefined);
    const text = sentence.text.trim();
    if (!text) continue;
    if (
      rests.length === 0 ||
      !supportOf(
        text,
        rests.map((s) => s.text),
      ).supported
    ) {
      dropped++;
      continue;
    }
    // Cited as the answer's sentences (a neighbour shown for context stands for its cited one).
    const ids = rests.map((s) => (citedIds.has(s.id) ? s.id : nearestCited(s, cited)));
    kept.push({ text, sources: [...new Set(ids)] });
  }
  return { written: { sentences: kept, dropped }, written_note: null };
}

/** The cited sentence a neighbour was shown beside. */
const nearestCited = (s: Sentence, cited: Sentence[]): string =>
  cited.find((c) => c.noteId === s.noteId && Math.abs(c.position - s.position) === 1)?.id ?? s.id;

/** Answers a question from the owner's notes only: offline always, written by the model when asked for. */
export async function askNotes(
  ctx: AppContext,
  owner: string,
  question: string,
  engine: 'auto' | 'offline',
): Promise<AskResponse> {
  const { response, answer } = await answerOffline(ctx, owner, question);
  if (!answer || engine === 'offline' || !ctx.config.llm.baseUrl) return response;
  return { ...response, ...(await writeAnswer(ctx, owner, question, answer)) };
}
