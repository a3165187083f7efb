import { z } from 'zod';
import { STUDIO_LIMITS } from './studio.ts';

/**
 * Echo Studio's voice profile (GET/PUT /api/studio/voice): what the user's notes show of how they
 * speak and write, per register, with their pinned phrases, banned words and the name they sign with.
 */

const shareSchema = z.object({
  text: z.string(),
  /** Fraction of sentences (openers) or of notes (closers), 0..1. */
  share: z.number(),
});

/**
 * The readable part of one register's profile (computed from the stored per-note stats,
 * deterministic, explainable). The hashed character n-gram vector stays on the server.
 */
export const registerProfileSchema = z.object({
  notes: z.number().int(),
  words: z.number().int(),
  sentences: z.number().int(),
  sentence_length: z.object({
    mean: z.number(),
    median: z.number(),
    /** Upper bounds (inclusive, in words) of the bins; the histogram has one more (longer) bin. */
    bins: z.array(z.number()),
    /** Share of sentences per bin (sums to 1). */
    histogram: z.array(z.number()),
    /** The same bins for typical English prose, for the chart. */
    typical: z.array(z.number()),
  }),
  words_per_paragraph: z.number(),
  /** Relative frequency of each function word (the basis of Burrows' Delta). */
  function_words: z.record(z.string(), z.number()),
  /** Word n-grams over-represented against reference English, strongest first. */
  signature_phrases: z.array(
    z.object({
      phrase: z.string(),
      count: z.number().int(),
      /** Notes that use it. */
      notes: z.number().int(),
      /** How many times more often than in reference English. */
      ratio: z.number(),
    }),
  ),
  habits: z.object({
    openers: z.array(shareSchema),
    closers: z.array(shareSchema),
    /** Share of sentences that are questions / exclamations (0..1). */
    question_rate: z.number(),
    exclamation_rate: z.number(),
    emoji_per_100_words: z.number(),
    hashtags_per_100_words: z.number(),
    /** Share of words that are first-person pronouns (0..1). */
    first_person_rate: z.number(),
    /** Flesch-Kincaid grade level. */
    readability_grade: z.number(),
  }),
  /** Words drafts reach for that this person has used, with counts (absent: never used). */
  buzzwords: z.record(z.string(), z.number()),
});
export type RegisterProfile = z.infer<typeof registerProfileSchema>;

export const voiceProfileSchema = z.object({
  /** "based on N notes, M words" */
  based_on: z.object({ notes: z.number().int(), words: z.number().int() }),
  summary: z.string(),
  /** Null until the register has a ready note. */
  spoken: registerProfileSchema.nullable(),
  written: registerProfileSchema.nullable(),
  pins: z.array(z.string()),
  bans: z.array(z.string()),
  /** Part 2: the user's own words in an edited draft feed the voice profile (no note) unless this is off. */
  learn_from_edits: z.boolean(),
  /** The name or handle the user chose for their content (on carousel slides); null: none shown. */
  byline: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;
export const basedOnSentence = (basedOn: { notes: number; words: number }): string =>
  `based on ${basedOn.notes.toLocaleString('en-US')} ${basedOn.notes === 1 ? 'note' : 'notes'}, ${basedOn.words.toLocaleString('en-US')} ${basedOn.words === 1 ? 'word' : 'words'}`;

export const BYLINE_MAX_CHARS = 60;
const phraseSchema = z.string().trim().min(1).max(STUDIO_LIMITS.phraseMaxChars);
/** PUT /voice: pinned phrases, banned words ("never write 'synergy'"), learning from edits. */
export const updateVoiceSchema = z.object({
  pins: z.array(phraseSchema).max(STUDIO_LIMITS.pinsMax).optional(),
  bans: z.array(phraseSchema).max(STUDIO_LIMITS.bansMax).optional(),
  learn_from_edits: z.boolean().optional(),
  /** "Name for your content": an empty one removes it. */
  byline: z.string().trim().max(BYLINE_MAX_CHARS, `At most ${BYLINE_MAX_CHARS} characters`).optional(),
});
export type UpdateVoiceInput = z.input<typeof updateVoiceSchema>;
