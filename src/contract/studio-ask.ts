import { z } from 'zod';
import { NOTE_KINDS, STUDIO_API } from './studio.ts';

/**
 * Echo Studio: asking the notes a question (decision 024). The answer is the owner's own sentences,
 * each cited to its note and moment, or "not found" with the closest notes; with a language model
 * configured, also a short answer written from those sentences only, each of its sentences checked
 * against the sentences it cites.
 */

export const STUDIO_ASK_PATH = `${STUDIO_API}/ask`;
/** A question, not a document: longer ones are refused with a clear message. */
export const ASK_QUESTION_MAX_CHARS = 500;
export const ASK_NOT_FOUND = "I don't find that in your notes.";

export const askRequestSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, { error: 'Type a question to ask your notes' })
    .max(ASK_QUESTION_MAX_CHARS, {
      error: `A question can be up to ${ASK_QUESTION_MAX_CHARS} characters. Ask one thing at a time.`,
    }),
  /** auto: also a written answer when a language model is configured; offline: the sentences only. */
  engine: z.enum(['auto', 'offline']).default('auto'),
});
export type AskRequest = z.input<typeof askRequestSchema>;

/** A sentence of a note, as cited or beside a cited one. */
export const askSentenceSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Where it was said in the recording (open and play from there); null for a written note. */
  start_ms: z.number().int().nullable(),
  /** Who said it, in a conversation; null when it is the owner's own words in a solo note. */
  speaker: z.string().nullable(),
});
export type AskSentence = z.infer<typeof askSentenceSchema>;

export const askCitationSchema = askSentenceSchema.extend({
  /** The sentence before it, when the cited one leans on it ("That's why..."). */
  before: askSentenceSchema.nullable(),
  /** The sentence after it, when the cited one leads into it. */
  after: askSentenceSchema.nullable(),
});
export type AskCitation = z.infer<typeof askCitationSchema>;

export const askNoteSchema = z.object({
  note_id: z.string(),
  note_title: z.string(),
  note_kind: z.enum(NOTE_KINDS),
  /** When the note was made (ISO). */
  created_at: z.string(),
});
export type AskNoteRef = z.infer<typeof askNoteSchema>;

export const askGroupSchema = askNoteSchema.extend({ citations: z.array(askCitationSchema) });
export type AskGroup = z.infer<typeof askGroupSchema>;

/** A sentence the model wrote, with the note sentences it rests on. */
export const askWrittenSentenceSchema = z.object({
  text: z.string(),
  /** Ids of cited sentences (see `groups`). */
  sources: z.array(z.string()),
});

export const askResponseSchema = z.object({
  question: z.string(),
  /**
   * answer: the sentences that answer it; across: what was said about it, note by note, newest
   * first; first: when it was first said, oldest first.
   */
  intent: z.enum(['answer', 'across', 'first']),
  found: z.boolean(),
  /** Shown when nothing answers (ASK_NOT_FOUND); null otherwise. */
  message: z.string().nullable(),
  /** The answer, note by note; empty when not found. */
  groups: z.array(askGroupSchema),
  /** When nothing answers: the notes that came closest. */
  closest: z.array(askNoteSchema),
  /** With a language model: a short answer written from the cited sentences only; null offline. */
  written: z
    .object({
      sentences: z.array(askWrittenSentenceSchema),
      /** The model's sentences left out because the cited sentences do not say them. */
      dropped: z.number().int(),
    })
    .nullable(),
  /** Why there is no written answer though one was asked for (no model, today's model budget used). */
  written_note: z.string().nullable(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

/**
 * POST /ask/notes: the answer kept as a text note of the owner's cited sentences, with a closing
 * "From your notes: <title, date>" line. Its `source_url` is the question's link (answerQuestionOf
 * reads it back): such a note is the owner's words re-used, so it stays out of the voice profile.
 */
export const STUDIO_ASK_NOTES_PATH = `${STUDIO_ASK_PATH}/notes`;
/** An answer cites at most five notes of two sentences, each with its two neighbours. */
export const ASK_SAVED_SENTENCES_MAX = 40;
export const ASK_FROM_NOTES = 'From your notes:';

export const saveAnswerSchema = z.object({
  question: askRequestSchema.shape.question,
  /** The answer's sentences (cited, and those shown beside them), in the answer's order. */
  sentence_ids: z.array(z.string().uuid()).min(1).max(ASK_SAVED_SENTENCES_MAX),
});
export type SaveAnswerInput = z.input<typeof saveAnswerSchema>;

/** The link a saved answer keeps to its question: /studio?ask=... on the server's address. */
export const answerSourceUrl = (origin: string, question: string) =>
  `${origin}/studio?${new URLSearchParams({ ask: question })}`;

/** The question a note was saved from, read from its source link; null for any other note. */
export function answerQuestionOf(sourceUrl: string | null | undefined): string | null {
  if (!sourceUrl || !URL.canParse(sourceUrl)) return null;
  const url = new URL(sourceUrl);
  return url.pathname === '/studio' ? url.searchParams.get('ask') : null;
}
