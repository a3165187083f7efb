import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { Capabilities } from '#contract/system.ts';
import { FakeOpenAi, multipartField } from '#tests/support/fake-openai.ts';
import {
  eventually,
  type StudioTestApp,
  sessionCookie,
  setUpStudioOwner,
  speechWav,
  tusUpload,
} from '#tests/support/studio.ts';

/**
 * Speakers from a speech-to-text server (decision 023): with STT_DIARIZE_MODEL, a recording or upload
 * the owner marks as a conversation is sent to the diarizing model as `diarized_json` and its
 * segments' speakers become the note's; unmarked, or on a server without one, a note is the owner's
 * own words as before.
 */
let stt: FakeOpenAi;
let speech: Buffer;
beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  speech = await speechWav(
    'Welcome to the show. Thanks for having me. What did you learn? Pricing is a message.',
  );
});
afterAll(() => stt?.stop());
const diarizing = setUpStudioOwner('host@example.com', () => ({
  STT_BASE_URL: stt.baseUrl,
  STT_MODEL: 'whisper-test',
  STT_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
}));
const plain = setUpStudioOwner('plain@example.com', () => ({
  STT_BASE_URL: stt.baseUrl,
  STT_MODEL: 'whisper-test',
}));

const readyNote = (app: StudioTestApp, cookie: string, id: string) =>
  eventually(async () => {
    const note = (
      await app.app!.inject({ method: 'GET', url: `/api/studio/notes/${id}`, headers: { cookie } })
    ).json() as NoteDetail;
    return note.status === 'ready' || note.status === 'failed' ? note : null;
  }, 60_000);

const capabilities = async (app: StudioTestApp) =>
  (await app.app!.inject({ method: 'GET', url: '/api/capabilities' })).json() as Capabilities;

const upload = async (app: StudioTestApp, cookie: string, conversation: boolean) => {
  const res = await tusUpload(app, cookie, speech, {
    filename: 'interview.wav',
    filetype: 'audio/wav',
    ...(conversation ? { conversation: '1' } : {}),
  });
  expect(res.status).toBe(204);
  return res.headers.get('echo-note-id')!;
};

describe('a diarizing speech-to-text server', () => {
  it('makes a conversation note of diarized_json segments: speakers as labelled, a speaker per sentence', async () => {
    const { echo, cookie } = diarizing;
    expect((await capabilities(echo)).studio.diarize).toBe(true);
    stt.diarizedSegments = [
      { start: 0, end: 1.5, text: 'Welcome to the show.', speaker: 'A' },
      { start: 1.6, end: 3, text: 'Thanks for having me.', speaker: 'B' },
      { start: 3.1, end: 4.5, text: 'What did you learn?', speaker: 'A' },
      { start: 4.6, end: 7, text: 'Pricing is a message. Customers heard it.', speaker: 'B' },
    ];
    const before = stt.transcriptions.length;
    const note = await readyNote(echo, cookie, await upload(echo, cookie, true));
    expect(note.status).toBe('ready');
    const sent = stt.transcriptions.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(multipartField(request.raw, 'model')).toBe('gpt-4o-transcribe-diarize');
      expect(multipartField(request.raw, 'response_format')).toBe('diarized_json');
      expect(multipartField(request.raw, 'chunking_strategy')).toBe('auto');
    }
    expect(note.speakers.map((s) => s.label)).toEqual(['A', 'B']);
    const [a, b] = note.speakers;
    expect(note.sentences.map((s) => [s.text, s.speaker_id])).toEqual([
      ['Welcome to the show.', a!.id],
      ['Thanks for having me.', b!.id],
      ['What did you learn?', a!.id],
      ['Pricing is a message.', b!.id],
      ['Customers heard it.', b!.id],
    ]);
    // Times come from the segments.
    expect(note.sentences[1]!.start_ms).toBe(1600);
    expect(note.conversation).toEqual({ speakers: 2, me_answered: false });
    // Turns are paragraphs: no sentence spans two speakers.
    expect(note.text.split('\n\n')).toHaveLength(4);
  });

  it('transcribes an upload not marked as a conversation as the owner’s words, as before', async () => {
    const { echo } = diarizing;
    const cookie = await sessionCookie(echo, 'solo@example.com');
    stt.transcriptionText = 'Just me talking about pricing.';
    const before = stt.transcriptions.length;
    const note = await readyNote(echo, cookie, await upload(echo, cookie, false));
    expect(multipartField(stt.transcriptions[before]!.raw, 'response_format')).toBe('verbose_json');
    expect(multipartField(stt.transcriptions[before]!.raw, 'model')).toBe('whisper-test');
    expect(note.speakers).toEqual([]);
    expect(note.conversation).toBeNull();
    expect(note.sentences.every((s) => s.speaker_id === null)).toBe(true);
  });

  it('isolates a conversation: another owner sees none of it', async () => {
    const { echo } = diarizing;
    const host = await sessionCookie(echo, 'host2@example.com');
    const other = await sessionCookie(echo, 'other@example.com');
    stt.diarizedSegments = [
      { start: 0, end: 1, text: 'Hello there.', speaker: 'A' },
      { start: 1, end: 2, text: 'Hi back.', speaker: 'B' },
    ];
    const id = await upload(echo, host, true);
    await readyNote(echo, host, id);
    const seen = await echo.app!.inject({
      method: 'GET',
      url: `/api/studio/notes/${id}`,
      headers: { cookie: other },
    });
    expect(seen.statusCode).toBe(404);
    const speakers = (await readyNote(echo, host, id)).speakers;
    const rename = await echo.app!.inject({
      method: 'PATCH',
      url: `/api/studio/notes/${id}/speakers/${speakers[0]!.id}`,
      headers: { cookie: other, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Mallory' }),
    });
    expect(rename.statusCode).toBe(404);
  });
});

describe('a server without a diarizing model', () => {
  it('offers no conversation mark, and a marked upload is the owner’s words as today', async () => {
    const { echo, cookie } = plain;
    expect((await capabilities(echo)).studio).toEqual({ engine: 'server', diarize: false });
    stt.transcriptionText = 'Welcome to the show. Thanks for having me.';
    const before = stt.transcriptions.length;
    const note = await readyNote(echo, cookie, await upload(echo, cookie, true));
    expect(note.status).toBe('ready');
    expect(multipartField(stt.transcriptions[before]!.raw, 'response_format')).toBe('verbose_json');
    expect(note.speakers).toEqual([]);
    expect(note.text).toBe('Welcome to the show. Thanks for having me.');
  });
});
