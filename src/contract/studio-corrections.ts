/** The owner corrects what Echo heard: a sentence's words, and who said which sentences. */
import { z } from 'zod';
import { CONVERSATION_LIMITS, NOTE_NOT_FOUND_MESSAGE } from './studio.ts';

// ---------------------------------------------------------------- correcting what was heard

export const SENTENCE_NOT_FOUND_MESSAGE = 'Sentence not found';
export const CORRECTION_SPLITS_MESSAGE =
  'A correction keeps one sentence. To split or join sentences, edit the whole text.';

/** Characters a corrected sentence may have. */
export const SENTENCE_MAX_CHARS = 2000;

/** PATCH /notes/:id/sentences/:sentenceId: the sentence's corrected words (its times stay). */
export const correctSentenceSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: 'Type the sentence as it was said.' })
    .max(SENTENCE_MAX_CHARS, { error: `A sentence can be at most ${SENTENCE_MAX_CHARS} characters.` }),
});
export type CorrectSentenceInput = z.infer<typeof correctSentenceSchema>;
export const sentenceParamsSchema = z.object({
  id: z.uuid({ error: NOTE_NOT_FOUND_MESSAGE }),
  sentenceId: z.uuid({ error: SENTENCE_NOT_FOUND_MESSAGE }),
});

// ---------------------------------------------------------------- speakers of a conversation

export const SPEAKER_NOT_FOUND_MESSAGE = 'Speaker not found';
const speakerName = z
  .string()
  .trim()
  .min(1, { error: 'Give the speaker a name.' })
  .max(CONVERSATION_LIMITS.labelMaxChars, {
    error: `A speaker's name can be at most ${CONVERSATION_LIMITS.labelMaxChars} characters.`,
  });
export const speakerParamsSchema = z.object({
  id: z.uuid({ error: NOTE_NOT_FOUND_MESSAGE }),
  speakerId: z.uuid({ error: SPEAKER_NOT_FOUND_MESSAGE }),
});
/** A run of sentences, `from` to `to` (both included; `to` absent: `from` alone). */
const sentenceRun = {
  from: z.uuid({ error: SENTENCE_NOT_FOUND_MESSAGE }),
  to: z.uuid({ error: SENTENCE_NOT_FOUND_MESSAGE }).optional(),
};
/** PATCH /notes/:id/speakers/:speakerId: rename, and/or say "this is me" (the one `me` of the note). */
export const updateSpeakerSchema = z
  .object({ name: speakerName.optional(), me: z.literal(true).optional() })
  .refine((value) => value.name !== undefined || value.me !== undefined, { error: 'Nothing to change' });
export type UpdateSpeakerInput = z.infer<typeof updateSpeakerSchema>;
/**
 * POST /notes/:id/speakers: someone else speaking (to split a turn: the run of sentences given
 * becomes theirs). In a solo note the owner becomes its first speaker, with every other sentence.
 */
export const addSpeakerSchema = z.object({
  name: speakerName,
  from: sentenceRun.from.optional(),
  to: sentenceRun.to,
});
export type AddSpeakerInput = z.infer<typeof addSpeakerSchema>;
/** POST /notes/:id/speakers/assign: the run of sentences is said by the speaker. */
export const assignSpeakerSchema = z.object({
  speaker_id: z.uuid({ error: SPEAKER_NOT_FOUND_MESSAGE }),
  ...sentenceRun,
});
export type AssignSpeakerInput = z.infer<typeof assignSpeakerSchema>;
/** POST /notes/:id/speakers/:speakerId/merge: the speaker's sentences become `into`'s and it goes. */
export const mergeSpeakerSchema = z.object({ into: z.uuid({ error: SPEAKER_NOT_FOUND_MESSAGE }) });
export type MergeSpeakerInput = z.infer<typeof mergeSpeakerSchema>;
