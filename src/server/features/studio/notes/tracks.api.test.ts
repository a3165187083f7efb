import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoteDetail, UNSUPPORTED_MEDIA_MESSAGE } from '#contract/studio.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import {
  callAs,
  eventually,
  sessionCookie,
  setUpStudioOwner,
  speechWav,
  tusUpload,
} from '#tests/support/studio.ts';

/**
 * One file per speaker (decision 023): two to six tracks uploaded as one conversation, each
 * transcribed alone and their sentences interleaved by time, one speaker per track; a track that
 * fails is named on the note and the others still land; the tracks' files go with the note and
 * with 'Delete my data'.
 */
let stt: FakeOpenAi;
let host: Buffer;
let guest: Buffer;
beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  // Real speech of two voices at two sample rates (espeak-ng 22.05 kHz, flite 16 kHz), of different lengths.
  [host, guest] = await Promise.all([
    speechWav('Welcome to the show. What was the hardest part of the first shop?'),
    speechWav('Hiring was the hardest part. I knew there was demand for Saturday.', 'flite'),
  ]);
});
afterAll(() => stt?.stop());
const podcaster = setUpStudioOwner('podcaster@example.com', () => ({
  STT_BASE_URL: stt.baseUrl,
  STT_MODEL: 'whisper-test',
}));

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  callAs(podcaster.echo, method, url, cookie, body);

const settled = (cookie: string, id: string) =>
  eventually(async () => {
    const note = (await call(cookie, 'GET', `/api/studio/notes/${id}`)).json() as NoteDetail;
    return note.status === 'ready' || note.status === 'failed' ? note : null;
  }, 60_000);

/** Starts a conversation of these files and uploads each to its track; the note's id and the uploads' statuses. */
async function conversation(cookie: string, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const created = await call(cookie, 'POST', '/api/studio/conversations', {
    tracks: files.map((f) => ({ filename: f.name, size: f.bytes.length })),
  });
  expect(created.statusCode).toBe(201);
  const { note_id, tracks } = created.json() as {
    note_id: string;
    tracks: Array<{ id: string; label: string }>;
  };
  const statuses = await Promise.all(
    files.map(
      async (f, i) =>
        (
          await tusUpload(podcaster.echo, cookie, f.bytes, {
            filename: f.name,
            filetype: f.type ?? 'audio/wav',
            track: tracks[i]!.id,
          })
        ).status,
    ),
  );
  return { noteId: note_id, tracks, statuses };
}

describe('a conversation uploaded one file per speaker', () => {
  it('interleaves the tracks by time, one speaker per track named by its file; a failed track is named', async () => {
    const { echo, cookie } = podcaster;
    // Whichever track is heard first: the host's turns at 0, 4 and 8 s, the guest's at 2 and 6 s.
    stt.nextSegments = [
      [
        { start: 0, end: 1.5, text: 'Welcome to the show.' },
        { start: 4, end: 5.5, text: 'What was the hardest part?' },
        { start: 8, end: 9, text: 'Thank you.' },
      ],
      [
        { start: 2, end: 3.5, text: 'Thanks for having me.' },
        { start: 6, end: 7.9, text: 'Hiring was the hardest part.' },
      ],
    ];
    const { noteId, tracks, statuses } = await conversation(cookie, [
      { name: 'Sam.wav', bytes: host },
      { name: 'Priya.wav', bytes: guest },
      { name: 'Notes.wav', bytes: Buffer.from('These are not audio bytes at all, just text.'.repeat(20)) },
    ]);
    expect(tracks.map((t) => t.label)).toEqual(['Sam', 'Priya', 'Notes']);
    expect(statuses).toEqual([204, 204, 415]);
    const note = await settled(cookie, noteId);
    expect(note.status).toBe('ready');
    // Each track is transcribed alone, never the refused one.
    expect(stt.transcriptions).toHaveLength(2);
    expect(note.text.split('\n\n')).toHaveLength(5);
    const speakerOf = new Map(note.speakers.map((s) => [s.id, s.label]));
    const said = note.sentences.map((s) => speakerOf.get(s.speaker_id ?? ''));
    // Two speakers alternating, whichever file the fake heard first.
    expect(new Set(said)).toEqual(new Set(['Sam', 'Priya']));
    expect(said).toEqual([said[0], said[1], said[0], said[1], said[0]]);
    expect(note.sentences.map((s) => s.text)).toEqual([
      'Welcome to the show.',
      'Thanks for having me.',
      'What was the hardest part?',
      'Hiring was the hardest part.',
      'Thank you.',
    ]);
    expect(note.tracks.map((t) => [t.label, t.status])).toEqual([
      ['Sam', 'ready'],
      ['Priya', 'ready'],
      ['Notes', 'failed'],
    ]);
    expect(note.tracks[2]!.message).toBe(UNSUPPORTED_MEDIA_MESSAGE);
    expect(note.status_message).toContain('Notes');
    expect(note.conversation).toEqual({ speakers: 2, me_answered: false });

    // Another owner sees none of it, nor can upload to its tracks.
    const other = await sessionCookie(echo, 'stranger@example.com');
    expect((await call(other, 'GET', `/api/studio/notes/${noteId}`)).statusCode).toBe(404);
    const stolen = await tusUpload(echo, other, host, {
      filename: 'x.wav',
      filetype: 'audio/wav',
      track: tracks[0]!.id,
    });
    expect(stolen.status).toBe(404);

    // Deleting the note removes its tracks and their files.
    const keys = await echo.storedKeys('uploads/');
    expect(keys.length).toBeGreaterThan(0);
    expect((await call(cookie, 'DELETE', `/api/studio/notes/${noteId}`)).statusCode).toBe(204);
    expect(await echo.query('select 1 from studio_note_tracks where note_id = $1', [noteId])).toEqual([]);
    await eventually(async () => (await echo.storedKeys('uploads/')).length === 0);
  });

  it('lands the tracks heard when the server fails on one, and names the one that failed', async () => {
    const { echo } = podcaster;
    const cookie = await sessionCookie(echo, 'flaky@example.com');
    stt.nextSegments = [];
    stt.transcriptionText = 'I was the only one heard.';
    // A refusal is no passing failure: the track fails at once, not after retries.
    stt.failNext(400);
    const { noteId } = await conversation(cookie, [
      { name: 'host.wav', bytes: host },
      { name: 'guest.wav', bytes: guest },
    ]);
    const note = await settled(cookie, noteId);
    expect(note.status).toBe('ready');
    const failed = note.tracks.filter((t) => t.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toContain('speech-to-text server failed');
    expect(note.status_message).toContain(`Not transcribed: ${failed[0]!.label}`);
    // The one voice left is still a speaker, not taken for the owner's own words.
    const heard = note.tracks.find((t) => t.status === 'ready')!.label;
    expect(note.speakers.map((s) => s.label)).toEqual([heard]);
    expect(note.sentences.every((s) => s.speaker_id === note.speakers[0]!.id)).toBe(true);
  });

  it('refuses fewer than two or more than six files, and a file of another size than announced', async () => {
    const { echo } = podcaster;
    const cookie = await sessionCookie(echo, 'limits@example.com');
    const one = await call(cookie, 'POST', '/api/studio/conversations', {
      tracks: [{ filename: 'a.wav', size: 10 }],
    });
    expect(one.statusCode).toBe(400);
    const seven = await call(cookie, 'POST', '/api/studio/conversations', {
      tracks: Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.wav`, size: 10 })),
    });
    expect(seven.statusCode).toBe(400);
    expect(seven.json().message).toContain('at most 6');
    const created = (
      await call(cookie, 'POST', '/api/studio/conversations', {
        tracks: [
          { filename: 'a.wav', size: host.length + 1 },
          { filename: 'b.wav', size: guest.length },
        ],
      })
    ).json();
    const wrong = await tusUpload(echo, cookie, host, {
      filename: 'a.wav',
      filetype: 'audio/wav',
      track: created.tracks[0].id,
    });
    expect(wrong.status).toBe(400);
  });

  it("'Delete my data' removes the tracks and their files", async () => {
    const { echo } = podcaster;
    const email = 'leaving@example.com';
    const cookie = await sessionCookie(echo, email);
    stt.nextSegments = [];
    const { noteId } = await conversation(cookie, [
      { name: 'a.wav', bytes: host },
      { name: 'b.wav', bytes: guest },
    ]);
    await settled(cookie, noteId);
    const files = (
      await echo.query<{ media_path: string }>(
        'select media_path from studio_note_tracks where note_id = $1',
        [noteId],
      )
    ).map((r) => r.media_path);
    expect(files).toHaveLength(2);
    expect((await echo.storedKeys('uploads/')).filter((k) => files.some((f) => k.startsWith(f)))).not.toEqual(
      [],
    );
    const before = echo.smtp.to(email).length;
    expect((await call(cookie, 'POST', '/api/privacy/delete-data/request-code')).statusCode).toBe(200);
    await echo.smtp.waitFor(() => echo.smtp.to(email).length > before);
    const code = codeIn(echo.smtp.to(email).at(-1)!);
    expect((await call(cookie, 'POST', '/api/privacy/delete-data', { code })).statusCode).toBe(200);
    expect(await echo.query('select 1 from studio_note_tracks where note_id = $1', [noteId])).toEqual([]);
    await eventually(async () =>
      (await echo.storedKeys('uploads/')).every((k) => !files.some((f) => k.startsWith(f))),
    );
  });
});

describe('tracks transcribed by PocketSphinx (no speech-to-text server)', () => {
  const offline = setUpStudioOwner('offline@example.com');

  it('interleaves two voices of other sample rates and lengths into a rough conversation', async () => {
    const created = (
      await offline.call('POST', '/api/studio/conversations', {
        tracks: [
          { filename: 'host.wav', size: host.length },
          { filename: 'guest.wav', size: guest.length },
        ],
      })
    ).json() as { note_id: string; tracks: Array<{ id: string }> };
    for (const [i, bytes] of [host, guest].entries())
      expect(
        (
          await tusUpload(offline.echo, offline.cookie, bytes, {
            filename: 'x.wav',
            filetype: 'audio/wav',
            track: created.tracks[i]!.id,
          })
        ).status,
      ).toBe(204);
    const note = await eventually(async () => {
      const n = (await offline.call('GET', `/api/studio/notes/${created.note_id}`)).json() as NoteDetail;
      return n.status === 'ready' || n.status === 'failed' ? n : null;
    }, 120_000);
    expect(note.status).toBe('ready');
    expect(note.transcript_engine).toBe('pocketsphinx');
    expect(note.speakers.map((s) => s.label).sort()).toEqual(['guest', 'host']);
    expect(note.sentences.every((s) => s.speaker_id !== null)).toBe(true);
    // Both voices are heard, each in its own turns, in the order of their times.
    const ids = new Set(note.sentences.map((s) => s.speaker_id));
    expect(ids.size).toBe(2);
    const starts = note.sentences.map((s) => s.start_ms ?? 0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  }, 180_000);
});
