import { randomUUID } from 'node:crypto';
import { CONVERSATION_LIMITS } from '#contract/studio.ts';
import { SENTENCE_NOT_FOUND_MESSAGE, SPEAKER_NOT_FOUND_MESSAGE } from '#contract/studio-corrections.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';

/**
 * Who says what in a note, as the owner edits it by hand (decision 023): each edit is a function
 * from one state to the next, so the service can analyse the owner's words of the result before it
 * stores anything, and store the edit and its analysis in one transaction.
 */

export interface EditableSpeaker {
  id: string;
  position: number;
  label: string;
  name: string;
  me: boolean;
}

export interface SpeakerState {
  speakers: EditableSpeaker[];
  /** The note's sentences in order: their id, words and speaker (null: the owner's, in a solo note). */
  sentences: Array<{ id: string; text: string; speakerId: string | null }>;
}

/** Two states alike: an edit stores its result only over the state it started from. */
export const sameState = (a: SpeakerState, b: SpeakerState) => JSON.stringify(a) === JSON.stringify(b);

const speakerOf = (state: SpeakerState, id: string): EditableSpeaker => {
  const speaker = state.speakers.find((s) => s.id === id);
  if (!speaker) throw notFound(SPEAKER_NOT_FOUND_MESSAGE);
  return speaker;
};

/** The positions of a run of sentences, `from` to `to` in either order (`to` absent: `from` alone). */
function runOf(state: SpeakerState, from: string, to = from): [number, number] {
  const start = state.sentences.findIndex((s) => s.id === from);
  const end = state.sentences.findIndex((s) => s.id === to);
  if (start === -1 || end === -1) throw notFound(SENTENCE_NOT_FOUND_MESSAGE);
  return start <= end ? [start, end] : [end, start];
}

const withSpeakers = (state: SpeakerState, speakers: EditableSpeaker[]): SpeakerState => ({
  ...state,
  speakers,
});

export function renameSpeaker(state: SpeakerState, id: string, name: string): SpeakerState {
  speakerOf(state, id);
  return withSpeakers(
    state,
    state.speakers.map((s) => (s.id === id ? { ...s, name } : s)),
  );
}

/** "This is me": the one speaker of the note whose words are the owner's. */
export function setMe(state: SpeakerState, id: string): SpeakerState {
  speakerOf(state, id);
  return withSpeakers(
    state,
    state.speakers.map((s) => ({ ...s, me: s.id === id })),
  );
}

/** The run of sentences is said by the speaker. */
export function assignRun(state: SpeakerState, id: string, from: string, to?: string): SpeakerState {
  speakerOf(state, id);
  const [start, end] = runOf(state, from, to);
  return {
    ...state,
    sentences: state.sentences.map((s, i) => (i >= start && i <= end ? { ...s, speakerId: id } : s)),
  };
}

/**
 * The speaker's sentences become `into`'s and it goes (two labels of one person); `into` is the
 * owner when either was.
 */
export function mergeSpeakers(state: SpeakerState, id: string, into: string): SpeakerState {
  const gone = speakerOf(state, id);
  speakerOf(state, into);
  if (id === into) throw badRequest('Choose another speaker to merge with.');
  return {
    speakers: state.speakers
      .filter((s) => s.id !== id)
      .map((s) => (s.id === into ? { ...s, me: s.me || gone.me } : s)),
    sentences: state.sentences.map((s) => (s.speakerId === id ? { ...s, speakerId: into } : s)),
  };
}

/**
 * Someone else speaking: a new speaker, given the run of sentences when one is (a turn split). In a
 * solo note the owner becomes its first speaker (named `ownerName`), with every other sentence.
 */
export function addSpeaker(
  state: SpeakerState,
  input: { name: string; from?: string | undefined; to?: string | undefined },
  ownerName: string,
): { state: SpeakerState; id: string } {
  let next = state;
  if (next.speakers.length === 0) {
    const owner: EditableSpeaker = {
      id: randomUUID(),
      position: 0,
      label: ownerName,
      name: ownerName,
      me: true,
    };
    next = { speakers: [owner], sentences: next.sentences.map((s) => ({ ...s, speakerId: owner.id })) };
  }
  if (next.speakers.length >= CONVERSATION_LIMITS.speakersPerNote)
    throw badRequest(`A conversation can have at most ${CONVERSATION_LIMITS.speakersPerNote} speakers.`);
  const speaker: EditableSpeaker = {
    id: randomUUID(),
    position: Math.max(...next.speakers.map((s) => s.position)) + 1,
    label: input.name,
    name: input.name,
    me: false,
  };
  next = withSpeakers(next, [...next.speakers, speaker]);
  return { state: input.from ? assignRun(next, speaker.id, input.from, input.to) : next, id: speaker.id };
}

/**
 * The owner's words of a conversation note, turn by turn (a paragraph each), for the profile and
 * the Ideas; null when no speaker is the owner (the note is then kept out of both). A solo note's
 * words are all the owner's: the caller analyses the whole text.
 */
export function ownWords(state: SpeakerState): string | null {
  const me = state.speakers.find((s) => s.me);
  if (!me) return null;
  let text = '';
  let inTurn = false;
  for (const sentence of state.sentences) {
    const mine = sentence.speakerId === me.id;
    if (mine) text += inTurn ? ` ${sentence.text}` : `${text ? '\n\n' : ''}${sentence.text}`;
    inTurn = mine;
  }
  return text.trim() ? text : null;
}

/**
 * Who says each sentence of a conversation's whole text after an edit: a sentence the edit kept or
 * changed (`old`, the sentence it came from) keeps that sentence's speaker; a new one takes its
 * neighbour's in the same paragraph (a turn is a paragraph), the one before it first, else the one
 * after; a paragraph of new sentences only takes the speaker of the sentence before it (else after).
 */
export function speakersAfterEdit(
  text: string,
  sentences: ReadonlyArray<{ startChar: number }>,
  kept: ReadonlyArray<{ old: number | null }>,
  before: ReadonlyArray<{ speakerId: string | null }>,
): Array<string | null> {
  const own = kept.map((k) => (k.old === null ? null : (before[k.old]?.speakerId ?? null)));
  // The paragraph of each sentence: a blank line between two sentences starts a new one.
  const paragraph: number[] = [];
  let at = 0;
  sentences.forEach((s, i) => {
    if (i > 0 && /\n[^\S\n]*\n/.test(text.slice(sentences[i - 1]!.startChar, s.startChar))) at++;
    paragraph.push(at);
  });
  const nearest = (i: number, sameParagraph: boolean): string | null => {
    for (let j = i - 1; j >= 0; j--) {
      if (sameParagraph && paragraph[j] !== paragraph[i]) break;
      if (own[j]) return own[j]!;
    }
    for (let j = i + 1; j < own.length; j++) {
      if (sameParagraph && paragraph[j] !== paragraph[i]) break;
      if (own[j]) return own[j]!;
    }
    return null;
  };
  return own.map((speaker, i) => speaker ?? nearest(i, true) ?? nearest(i, false));
}
