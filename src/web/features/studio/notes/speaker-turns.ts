import type { NoteDetail, NoteSpeaker, Sentence } from '#contract/studio.ts';

/** The speaker the owner most likely is: a speaker named like their byline. */
export function likelyMe(speakers: readonly NoteSpeaker[], byline: string | null | undefined): string {
  const name = byline?.trim().toLowerCase();
  if (!name) return '';
  const first = name.split(/\s+/)[0];
  return (
    speakers.find((s) => s.name.toLowerCase() === name || s.label.toLowerCase() === name)?.id ??
    speakers.find((s) => s.name.toLowerCase().split(/\s+/)[0] === first)?.id ??
    ''
  );
}

/** A run of a conversation's sentences said by one speaker. */
export interface Turn {
  speaker: NoteSpeaker | null;
  sentences: Array<{ sentence: Sentence; position: number }>;
}

/** The sentences in turns: consecutive sentences of one speaker (a header each, not a label per sentence). */
export function turnsOf(note: Pick<NoteDetail, 'sentences' | 'speakers'>): Turn[] {
  const byId = new Map(note.speakers.map((s) => [s.id, s]));
  const turns: Turn[] = [];
  note.sentences.forEach((sentence, i) => {
    const speaker = (sentence.speaker_id && byId.get(sentence.speaker_id)) || null;
    const last = turns[turns.length - 1];
    if (last && last.speaker?.id === speaker?.id) last.sentences.push({ sentence, position: i + 1 });
    else turns.push({ speaker, sentences: [{ sentence, position: i + 1 }] });
  });
  return turns;
}

/** A turn as the whole-text editor shows it: its speaker, its words, where they start in the note. */
export interface EditableTurn {
  key: string;
  speaker: NoteSpeaker | null;
  text: string;
  start: number;
}

/**
 * What the whole-text editor edits: a solo note's text as one field; a conversation's turns, each
 * its words from its first sentence to its last (the speaker stays out of the text).
 */
export function editableTurns(note: Pick<NoteDetail, 'text' | 'sentences' | 'speakers'>): EditableTurn[] {
  if (!note.speakers.length || !note.sentences.length)
    return [{ key: 'text', speaker: null, text: note.text, start: 0 }];
  return turnsOf(note).map((turn) => {
    const first = turn.sentences[0]!.sentence;
    const last = turn.sentences[turn.sentences.length - 1]!.sentence;
    return {
      key: first.id,
      speaker: turn.speaker,
      text: note.text.slice(first.start_char, last.end_char),
      start: first.start_char,
    };
  });
}

/** The turns back as one text, a paragraph each (a turn emptied is gone). */
export const joinTurns = (texts: readonly string[]): string =>
  texts
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
