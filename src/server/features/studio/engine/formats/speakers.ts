/**
 * Who said what in a conversation note, as the offline writer reads it: the owner's own sentences
 * (a sentence without a speaker, or one marked as theirs) and everyone else's, by sentence.
 */
import type { SourceNote, SourceRef, Unit } from '../extractive/index.ts';
import { STOP_WORDS } from '../text/index.ts';

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

/** "Next question", "Let's talk about hiring", "One more thing": a line that moves the talk on. */
export const MOVES_ON =
  /^(?:(?:so|okay|ok|now|alright|right),?\s+)?(?:let(?:'s|’s| us) (?:talk|move|turn|get)|moving on|next (?:question|up|topic)|(?:another|one more|one last|a last|a different) (?:question|thing|topic)|speaking of)\b/i;
/** "I do the same, but…", "Me too.", "Good.": an answer to the turn before, not a line of its own. */
const REPLIES =
  /^(?:i do the same|i did the same|same (?:here|for me|with us)|me too|so do i|i agree|agreed|exactly|absolutely|definitely|good|great|fair enough|that's (?:true|right|fair)|yes|yeah|no|right|true)\b/i;
const contentWords = (text: string) =>
  (text.toLowerCase().match(/[\p{L}'’-]{4,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w));

/**
 * Whether the owner's sentence opening a turn answers the turn before it and reads out of context
 * without it: a reply ("I do the same, but…", "Good."), or a short line on the other's words
 * ("Fifteen minutes is fine." after "…every morning for fifteen minutes").
 */
function answersTheTurnBefore(text: string, before: string): boolean {
  if (REPLIES.test(text)) return true;
  const words = contentWords(text);
  if (text.split(/\s+/).length > 6 || words.length === 0) return false;
  const theirs = new Set(contentWords(before));
  return words.some((w) => theirs.has(w));
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
  const own = notes.map((note) => {
    // The turn before each sentence: the other speaker's words the owner may be answering.
    const turnBefore: string[] = [];
    let turn: string[] = [];
    let previous: Speaker | undefined;
    for (const [i, s] of note.sentences.entries()) {
      if (i > 0 && s.speaker !== previous) turnBefore[i] = turn.join(' ');
      turn = i > 0 && s.speaker === previous ? turn : [];
      turn.push(s.text);
      previous = s.speaker;
    }
    return {
      id: note.id,
      // A question the owner put to someone else (their turn ends on it and another's begins) is the
      // interview's, not a line of the owner's post; so are their replies to the turn before and the
      // lines that move the talk on ("One more thing.").
      sentences: note.sentences.filter((s, i) => {
        if (!mine(s) || MOVES_ON.test(s.text)) return false;
        const next = note.sentences[i + 1];
        if (QUESTION_END.test(s.text) && next !== undefined && !mine(next)) return false;
        const before = turnBefore[i];
        const answering = before !== undefined && !mine(note.sentences[i - 1]!);
        return !(answering && answersTheTurnBefore(s.text, before));
      }),
    };
  });
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
