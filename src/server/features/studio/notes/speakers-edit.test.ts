import { describe, expect, it } from 'vitest';
import {
  addSpeaker,
  assignRun,
  mergeSpeakers,
  ownWords,
  renameSpeaker,
  type SpeakerState,
  setMe,
  speakersAfterEdit,
} from './speakers-edit.ts';

const speaker = (id: string, position: number, me = false) => ({
  id,
  position,
  label: id.toUpperCase(),
  name: id,
  me,
});
const state: SpeakerState = {
  speakers: [speaker('sam', 0), speaker('priya', 1)],
  sentences: [
    { id: 's1', text: 'Welcome back.', speakerId: 'sam' },
    { id: 's2', text: 'What made you quit?', speakerId: 'sam' },
    { id: 's3', text: 'Demand.', speakerId: 'priya' },
    { id: 's4', text: 'Saturdays sold out.', speakerId: 'priya' },
    { id: 's5', text: 'Thank you.', speakerId: 'sam' },
  ],
};
const whoSays = (s: SpeakerState) => s.sentences.map((x) => x.speakerId);

describe('editing who says what', () => {
  it('renames, and keeps exactly one "me"', () => {
    expect(renameSpeaker(state, 'priya', 'Priya Shah').speakers[1]).toMatchObject({
      label: 'PRIYA',
      name: 'Priya Shah',
    });
    const sam = setMe(state, 'sam');
    expect(sam.speakers.map((s) => s.me)).toEqual([true, false]);
    expect(setMe(sam, 'priya').speakers.map((s) => s.me)).toEqual([false, true]);
    expect(() => setMe(state, 'nobody')).toThrow(/Speaker not found/);
  });

  it('gives a run of sentences to a speaker, in either direction', () => {
    expect(whoSays(assignRun(state, 'priya', 's2'))).toEqual(['sam', 'priya', 'priya', 'priya', 'sam']);
    expect(whoSays(assignRun(state, 'sam', 's4', 's3'))).toEqual(['sam', 'sam', 'sam', 'sam', 'sam']);
    expect(() => assignRun(state, 'sam', 'nope')).toThrow(/Sentence not found/);
  });

  it('merges two labels of one person, the owner staying the owner', () => {
    const merged = mergeSpeakers(setMe(state, 'priya'), 'priya', 'sam');
    expect(merged.speakers).toEqual([{ ...speaker('sam', 0), me: true }]);
    expect(whoSays(merged)).toEqual(['sam', 'sam', 'sam', 'sam', 'sam']);
    expect(() => mergeSpeakers(state, 'sam', 'sam')).toThrow(/another speaker/);
  });

  it('splits a turn with a new speaker, and makes a solo note a conversation', () => {
    const { state: split, id } = addSpeaker(state, { name: 'Producer', from: 's4' }, 'Me');
    expect(split.speakers.at(-1)).toMatchObject({ id, name: 'Producer', position: 2, me: false });
    expect(whoSays(split)).toEqual(['sam', 'sam', 'priya', id, 'sam']);
    const solo: SpeakerState = {
      speakers: [],
      sentences: state.sentences.map((s) => ({ ...s, speakerId: null })),
    };
    const made = addSpeaker(solo, { name: 'Accountant', from: 's3', to: 's4' }, 'Ana');
    const owner = made.state.speakers[0]!;
    expect(owner).toMatchObject({ name: 'Ana', me: true, position: 0 });
    expect(whoSays(made.state)).toEqual([owner.id, owner.id, made.id, made.id, owner.id]);
  });

  it("reads the owner's words turn by turn, and none without an owner", () => {
    expect(ownWords(state)).toBeNull();
    expect(ownWords(setMe(state, 'sam'))).toBe('Welcome back. What made you quit?\n\nThank you.');
    expect(ownWords(setMe(state, 'priya'))).toBe('Demand. Saturdays sold out.');
  });
});

describe('speakersAfterEdit', () => {
  // Old: Sam asks, Priya answers twice.
  const before = [{ speakerId: 'sam' }, { speakerId: 'priya' }, { speakerId: 'priya' }];
  const at = (text: string, ...starts: string[]) => starts.map((s) => ({ startChar: text.indexOf(s) }));

  it('keeps the speaker of the sentence each one came from, and gives a new one its paragraph neighbour', () => {
    const text = 'Why? Take your time.\n\nNew first. Because. Changed words.';
    const sentences = at(text, 'Why?', 'Take', 'New', 'Because', 'Changed');
    const kept = [{ old: 0 }, { old: null }, { old: null }, { old: 1 }, { old: 2 }];
    expect(speakersAfterEdit(text, sentences, kept, before)).toEqual([
      'sam',
      'sam',
      'priya',
      'priya',
      'priya',
    ]);
  });

  it('gives a paragraph of new sentences the speaker before it, else after it', () => {
    const text = 'Brand new.\n\nWhy?\n\nAlso new.';
    const sentences = at(text, 'Brand', 'Why?', 'Also');
    expect(speakersAfterEdit(text, sentences, [{ old: null }, { old: 0 }, { old: null }], before)).toEqual([
      'sam',
      'sam',
      'sam',
    ]);
  });
});
