import { describe, expect, it } from 'vitest';
import { engineSpeakerOf, isOwners, speakingAs } from './speakers.ts';

const speaker = (id: string, position: number, name: string, isMe = false) => ({
  id,
  noteId: 'n1',
  position,
  name,
  isMe,
});

describe('whom a conversation draft speaks as', () => {
  it('is the speaker marked "this is me", confirmed', () => {
    const as = speakingAs([speaker('a', 0, 'Priya'), speaker('b', 1, 'Sam', true)], ['Priya']);
    expect(as).toMatchObject({ name: 'Sam', confirmed: true });
    expect(engineSpeakerOf({ noteId: 'n1', speakerId: 'a', speakerName: 'Priya' }, as)).toEqual({
      name: 'Priya',
      me: false,
    });
    expect(isOwners({ noteId: 'n1', speakerId: 'b', speakerName: 'Sam' }, as)).toBe(true);
  });

  it('until answered: a name the owner used before, else the first to speak, never confirmed', () => {
    expect(speakingAs([speaker('a', 0, 'Priya'), speaker('b', 1, 'Sam')], [' sam '])).toMatchObject({
      name: 'Sam',
      confirmed: false,
    });
    expect(speakingAs([speaker('b', 1, 'Sam'), speaker('a', 0, 'Priya')], [])).toMatchObject({
      name: 'Priya',
      confirmed: false,
    });
  });

  it("leaves a solo note's sentences the owner's, and an unassigned turn nobody's", () => {
    const as = speakingAs([speaker('a', 0, 'Priya', true)], []);
    expect(engineSpeakerOf({ noteId: 'solo', speakerId: null, speakerName: null }, as)).toBeUndefined();
    expect(isOwners({ noteId: 'solo', speakerId: null, speakerName: null }, as)).toBe(true);
    expect(engineSpeakerOf({ noteId: 'n1', speakerId: null, speakerName: null }, as)).toEqual({
      name: '',
      me: false,
    });
    expect(speakingAs([], ['Sam'])).toMatchObject({ name: null, confirmed: false });
  });
});
