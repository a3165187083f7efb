import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_STT_MESSAGE, type NoteDetail } from '#contract/studio.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { type SpokenAudio, speak } from '#tests/support/speech.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';
import { mediaEngineName } from '../../transcription/index.ts';

/**
 * Who transcribes a recording: the speech-to-text server when configured, else
 * PocketSphinx when installed (a rough transcript), else nobody (kept as audio, saying what to set up).
 */
const SENTENCES = [
  'We recorded twelve episodes before we published a single one.',
  'Nobody listened to the second show until the summer.',
];

let audio: SpokenAudio;
let wav: Buffer;
beforeAll(async () => {
  audio = await speak('espeak-ng', SENTENCES);
  wav = await readFile(audio.file);
});
afterAll(() => audio?.remove());

/** Records `wav` in two chunks through the Studio's recording API; returns the new note's id. */
async function record(
  echo: StudioTestApp,
  cookie: string,
  transcript?: unknown[],
  onDevice?: boolean,
): Promise<string> {
  const call = (method: 'POST' | 'PUT', url: string, body?: unknown) =>
    callAs(echo, method, url, cookie, body);
  const started = await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' });
  expect(started.statusCode).toBe(201);
  const id = started.json().id;
  const half = Math.ceil(wav.length / 2);
  await call('PUT', `/api/studio/recordings/${id}/chunks/0`, wav.subarray(0, half));
  await call('PUT', `/api/studio/recordings/${id}/chunks/1`, wav.subarray(half));
  const done = await call('POST', `/api/studio/recordings/${id}/finish`, {
    chunk_count: 2,
    ...(transcript ? { transcript } : {}),
    ...(onDevice !== undefined ? { transcript_on_device: onDevice } : {}),
  });
  expect(done.statusCode).toBe(201);
  expect(done.json().status).toBe('transcribing');
  return done.json().id;
}

async function settled(echo: StudioTestApp, cookie: string, id: string, timeoutMs = 60_000) {
  return eventually(async () => {
    const note = (
      await echo.app!.inject({ method: 'GET', url: `/api/studio/notes/${id}`, headers: { cookie } })
    ).json() as NoteDetail;
    return note.status === 'transcribing' ? null : note;
  }, timeoutMs);
}

const capabilities = async (echo: StudioTestApp) =>
  (await echo.app!.inject({ method: 'GET', url: '/api/capabilities' })).json();

describe('the engine order', () => {
  it('is the speech-to-text server, else PocketSphinx when installed, else none', () => {
    const server = { stt: { baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' } };
    expect(mediaEngineName({ ...server, pocketsphinxPath: undefined })).toBe('server');
    expect(mediaEngineName({ stt: { model: 'whisper-1' }, pocketsphinxPath: undefined })).toBe(
      'pocketsphinx',
    );
    expect(
      mediaEngineName({
        stt: { model: 'whisper-1' },
        pocketsphinxPath: WITHOUT_POCKETSPHINX.POCKETSPHINX_PATH,
      }),
    ).toBeNull();
  });
});

describe('without a speech-to-text server, PocketSphinx', { timeout: 120_000 }, () => {
  let echo: StudioTestApp;
  let cookie: string;
  beforeAll(async () => {
    echo = await startStudioApp();
    cookie = await sessionCookie(echo, 'offline@example.com');
  });
  afterAll(() => echo?.close());

  it('transcribes a recording of real speech into timed sentences through the real job, marked rough', async () => {
    expect((await capabilities(echo)).studio).toEqual({ engine: 'pocketsphinx', diarize: false });
    const note = await settled(echo, cookie, await record(echo, cookie));
    expect(note).toMatchObject({ status: 'ready', status_message: null, transcript_engine: 'pocketsphinx' });
    // Rough, but it heard these words (espeak-ng's voice is clear).
    expect(note.text.toLowerCase()).toMatch(/episodes|recorded|published/);
    expect(note.text.toLowerCase()).toMatch(/summer|listened|second/);
    expect(note.sentences.length).toBeGreaterThanOrEqual(2);
    let last = 0;
    for (const sentence of note.sentences) {
      expect(sentence.start_ms).toEqual(expect.any(Number));
      expect(sentence.start_ms!).toBeGreaterThanOrEqual(last);
      expect(sentence.end_ms!).toBeGreaterThanOrEqual(sentence.start_ms!);
      expect(sentence.end_ms!).toBeLessThanOrEqual(audio.durationMs + 50);
      last = sentence.end_ms!;
    }
    // Word times became sentence times: a sentence starts where the second one was said.
    const second = audio.sentences[1]!.startMs;
    expect(note.sentences.some((s) => Math.abs(s.start_ms! - second) < 700)).toBe(true);
    expect(note.duration_ms).toBeGreaterThan(audio.durationMs - 500);
    // PocketSphinx's word times are kept with each sentence, inside its times.
    const stored = await echo.query<{
      start_ms: number;
      end_ms: number;
      words: Array<{ text: string; startMs: number }>;
    }>('select start_ms, end_ms, words from studio_note_sentences where note_id = $1 order by position', [
      note.id,
    ]);
    expect(stored.some((s) => (s.words ?? []).length > 2)).toBe(true);
    for (const s of stored)
      for (const w of s.words ?? []) {
        expect(w.startMs).toBeGreaterThanOrEqual(s.start_ms);
        expect(w.startMs).toBeLessThanOrEqual(s.end_ms);
      }
    // Search finds what it heard.
    const word = /summer|listened|episodes/.exec(note.text.toLowerCase())![0];
    const { hits } = (
      await echo.app!.inject({ method: 'GET', url: `/api/studio/search?q=${word}`, headers: { cookie } })
    ).json();
    expect(hits[0]).toMatchObject({ note_id: note.id });
  });

  it("keeps the browser's on-device transcript of a recording over its own, and replaces a cloud one", async () => {
    const onDevice = await settled(echo, cookie, await record(echo, cookie, HEARD, true));
    expect(onDevice).toMatchObject({
      status: 'ready',
      transcript_engine: 'browser',
      transcript_on_device: true,
    });
    expect(onDevice.text).toBe(
      'We recorded twelve episodes before we published a single one. Nobody listened to the second show until the summer.',
    );
    expect(onDevice.sentences.map((s) => [s.start_ms, s.end_ms])).toEqual([
      [150, 3900],
      [4700, 8100],
    ]);
    // The library lists it the same way.
    const { notes } = (
      await echo.app!.inject({ method: 'GET', url: '/api/studio/notes', headers: { cookie } })
    ).json() as { notes: Array<{ id: string; transcript_on_device?: boolean }> };
    expect(notes.find((n) => n.id === onDevice.id)?.transcript_on_device).toBe(true);
    // A cloud recogniser's transcript counts as rough: PocketSphinx's replaces it.
    const cloud = await settled(echo, cookie, await record(echo, cookie, HEARD, false));
    expect(cloud).toMatchObject({
      status: 'ready',
      transcript_engine: 'pocketsphinx',
      transcript_on_device: false,
    });
  });

  it('that fails leaves the note as audio with its reason and what to set up', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-broken-ps-'));
    const broken = path.join(dir, 'pocketsphinx_continuous');
    await writeFile(broken, '#!/bin/sh\necho "ERROR: acoustic model not found" >&2\nexit 3\n');
    await chmod(broken, 0o755);
    const other = await startStudioApp({ POCKETSPHINX_PATH: broken });
    try {
      const otherCookie = await sessionCookie(other, 'broken@example.com');
      const note = await settled(other, otherCookie, await record(other, otherCookie));
      expect(note).toMatchObject({ status: 'needs_stt', has_media: true, transcript_engine: null });
      expect(note.status_message).toMatch(
        /^The rough offline transcript failed: PocketSphinx exited with code 3: ERROR: acoustic model not found\. /,
      );
      expect(note.status_message!.endsWith(NEEDS_STT_MESSAGE)).toBe(true);
    } finally {
      await other.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('with a speech-to-text server', { timeout: 60_000 }, () => {
  let echo: StudioTestApp;
  let stt: FakeOpenAi;
  beforeAll(async () => {
    stt = await new FakeOpenAi().start();
    stt.transcriptionText = 'We recorded twelve episodes. Nobody listened until the summer.';
    echo = await startStudioApp({ STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-test' });
  });
  afterAll(async () => {
    await echo?.close();
    await stt?.stop();
  });

  it('the server transcribes even where PocketSphinx is installed, and replaces a browser transcript', async () => {
    expect((await capabilities(echo)).studio).toEqual({ engine: 'server', diarize: false });
    const cookie = await sessionCookie(echo, 'server@example.com');
    const heard = [{ start_ms: 100, end_ms: 3000, text: 'we recorded twelve episodes' }];
    const note = await settled(echo, cookie, await record(echo, cookie, heard));
    expect(note).toMatchObject({ status: 'ready', transcript_engine: 'server', text: stt.transcriptionText });
    expect(stt.transcriptions.length).toBe(1);
    // The server's word timestamps are kept with each sentence.
    const stored = await echo.query<{ words: Array<{ text: string }> | null }>(
      'select words from studio_note_sentences where note_id = $1 order by position',
      [note.id],
    );
    expect(stored.map((s) => s.words?.map((w) => w.text).join(' '))).toEqual([
      'We recorded twelve episodes.',
      'Nobody listened until the summer.',
    ]);
    // Even one heard on-device: the server hears best.
    const onDevice = await settled(echo, cookie, await record(echo, cookie, heard, true));
    expect(onDevice).toMatchObject({ status: 'ready', transcript_engine: 'server' });
    expect(stt.transcriptions.length).toBe(2);
  });
});

const HEARD = [
  { start_ms: 150, end_ms: 3900, text: 'we recorded twelve episodes before we published a single one' },
  { start_ms: 4700, end_ms: 8100, text: 'nobody listened to the second show until the summer' },
];

describe('with neither', { timeout: 60_000 }, () => {
  it("uses the browser's transcript of a recording, with its times, labelled as the browser's", async () => {
    const echo = await startStudioApp(WITHOUT_POCKETSPHINX);
    try {
      const cookie = await sessionCookie(echo, 'browser@example.com');
      const note = await settled(echo, cookie, await record(echo, cookie, HEARD));
      expect(note).toMatchObject({ status: 'ready', transcript_engine: 'browser' });
      expect(note.text).toBe(
        'We recorded twelve episodes before we published a single one. Nobody listened to the second show until the summer.',
      );
      expect(note.sentences.map((s) => [s.start_ms, s.end_ms])).toEqual([
        [150, 3900],
        [4700, 8100],
      ]);
    } finally {
      await echo.close();
    }
  });

  it('keeps the recording as audio, saying what to set up', async () => {
    const echo = await startStudioApp(WITHOUT_POCKETSPHINX);
    try {
      expect((await capabilities(echo)).studio).toEqual({ engine: 'none', diarize: false });
      const cookie = await sessionCookie(echo, 'none@example.com');
      const call = (method: 'POST' | 'PUT', url: string, body?: unknown) =>
        callAs(echo, method, url, cookie, body);
      const id = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json().id;
      await call('PUT', `/api/studio/recordings/${id}/chunks/0`, wav);
      const done = await call('POST', `/api/studio/recordings/${id}/finish`, { chunk_count: 1 });
      expect(done.json()).toMatchObject({
        status: 'needs_stt',
        status_message: NEEDS_STT_MESSAGE,
        transcript_engine: null,
      });
    } finally {
      await echo.close();
    }
  });
});
