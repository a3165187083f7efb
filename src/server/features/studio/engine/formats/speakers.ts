/**
 * Who said what in a conversation note, as the offline writer reads it: the owner's own sentences
 * (a sentence without a speaker, or one marked as theirs) and everyone else's, by sentence.
 */
import type { SourceNote, SourceRef, Unit } from '../extractive/index.ts';

export interface Speaker {
  name: string;
  me: boolean;
}

/** A conversation note read for drafting: who said each sentence, and the owner's own sentences. */
export interface Talk {
  /** The notes with only the owner's sentences (questions put to someone else left out). */
  own: SourceNote[];
  /** Who said each sentence (by `refKey`); absent: the owner's words. */
  speakerOf: Map<string, Speaker>;
  /** Everyone who speaks, in order of first turn (nameless turns left out). */
  speakers: Speaker[];
  /** The owner's display name in the conversation, when one speaker is marked as them. */
  me?: string;
}

export const refKey = (ref: SourceRef): string => `${String(ref.noteId)}\u0000${String(ref.sentenceId)}`;
const QUESTION_END = /\?["'”’)]*\s*$/;

/** The conversation in the notes, or undefined for solo notes (no sentence names a speaker). */
export function conversationOf(notes: readonly SourceNote[]): Talk | undefined {
  if (!notes.some((n) => n.sentences.some((s) => s.speaker))) return undefined;
  const speakerOf = new Map<string, Speaker>();
  const speakers: Speaker[] = [];
  for (const note of notes)
    for (const s of note.sentences) {
      if (!s.speaker) continue;
      speakerOf.set(refKey({ noteId: note.id, sentenceId: s.id }), s.speaker);
      if (s.speaker.name && !speakers.some((p) => p.name === s.speaker!.name)) speakers.push(s.speaker);
    }
  const mine = (s: { speaker?: Speaker }) => !s.speaker || s.speaker.me;
  const own = notes.map((note) => ({
    id: note.id,
    // A question the owner put to someone else (their turn ends on it and another's begins) is the
    // interview's, not a line of the owner's post.
    sentences: note.sentences.filter(
      (s, i) =>
        mine(s) &&
        !(QUESTION_END.test(s.text) && note.sentences[i + 1] !== undefined && !mine(note.sentences[i + 1]!)),
    ),
  }));
  const me = speakers.find((p) => p.me)?.name;
  return { own, speakerOf, speakers, ...(me ? { me } : {}) };
}

/** Whose a unit's words are: the named speaker, or undefined for the owner's own. */
export function speakerOfUnit(talk: Talk, unit: Unit): Speaker | undefined {
  const speaker = talk.speakerOf.get(refKey(unit.ref));
  return speaker && !speaker.me ? speaker : undefined;
}

/** "Priya", "Priya and Dev", "Priya, Dev and Ana". */
export const namesOf = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** A timestamp as chapters and quotes show it: mm:ss, or h:mm:ss past the hour. */
export function stampOf(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
