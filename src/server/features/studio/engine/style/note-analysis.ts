import type { NoteRegister } from '#contract/studio.ts';
import {
  countWords,
  keyPhrases,
  searchFigures,
  splitSentences,
  type TranscriptSegment,
} from '../text/index.ts';
import { noteStats } from './profile.ts';
import type { NoteStats } from './profile-shape.ts';
import { alignSentences, type Kept, type OldSentence } from './text-edit.ts';

/** Text PostgreSQL and the snippets can keep: no NUL or the snippet markers, normalised newlines. */
const UNSTORABLE = new RegExp(`[${String.fromCharCode(0, 2, 3)}]`, 'g');
export const cleanText = (text: string) => text.replace(/\r\n?/g, '\n').replace(UNSTORABLE, '');

/** Key phrases kept per note (the Ideas are ranked from them). */
export const KEY_PHRASES_PER_NOTE = 12;

/** A sentence of a note as the notes' table stores it (the table adds the note's id). */
export interface AnalysedSentence {
  position: number;
  text: string;
  startChar: number;
  endChar: number;
  startMs: number | null;
  endMs: number | null;
  filler: boolean;
  fillers: Array<{ start: number; end: number }>;
  /** The numbers the sentence says, as figures for search (`searchFigures`); null when none. */
  figures: string | null;
}

export interface Analysis {
  sentences: AnalysedSentence[];
  stats: NoteStats;
  keyPhrases: Array<{ phrase: string; score: number }>;
  wordCount: number;
  /** The numbers the note says, as figures for search (its sentences' figures); null when none. */
  figures: string | null;
  /** Given the text's sentences before an edit: which each sentence is, and its times (text-edit.ts). */
  kept?: Kept[];
}

/** One text to analyse (what analyseText takes). */
export interface AnalysisInput {
  text: string;
  register: NoteRegister;
  segments?: TranscriptSegment[] | undefined;
  /** The sentences before an edit of the whole text (the answer then says which each one is). */
  previous?: OldSentence[] | undefined;
}

/**
 * Everything Studio stores about a note's text, from the text engine: sentences with offsets (and
 * times from speech-to-text segments), filler marks, mergeable stats for the profile, key phrases.
 */
export function analyseText(
  text: string,
  register: NoteRegister,
  segments?: TranscriptSegment[],
  previous?: OldSentence[],
): Analysis {
  const sentences = splitSentences(text, segments);
  const figures = sentences.map((s) => searchFigures(s.text));
  const noteFigures = [...new Set(figures.flatMap((f) => (f ? f.split(' ') : [])))].join(' ');
  return {
    sentences: sentences.map((s, position) => ({
      position,
      text: s.text,
      startChar: s.startChar,
      endChar: s.endChar,
      startMs: s.startMs ?? null,
      endMs: s.endMs ?? null,
      filler: s.filler,
      fillers: s.fillers,
      figures: figures[position] || null,
    })),
    stats: noteStats(text, register),
    keyPhrases: keyPhrases(sentences, KEY_PHRASES_PER_NOTE).map(({ phrase, score }) => ({ phrase, score })),
    wordCount: countWords(text),
    figures: noteFigures || null,
    ...(previous
      ? {
          kept: alignSentences(
            previous,
            sentences.map((s) => s.text),
          ),
        }
      : {}),
  };
}

/** A note's stored sentences as segments, so an edited text keeps approximate times. */
export const sentencesAsSegments = (
  sentences: Array<{ startMs: number | null; endMs: number | null; text: string }>,
): TranscriptSegment[] =>
  sentences.flatMap((s) =>
    s.startMs !== null && s.endMs !== null ? [{ startMs: s.startMs, endMs: s.endMs, text: s.text }] : [],
  );
