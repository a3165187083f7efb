import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { CLIP_NOTE_DELETED_MESSAGE, type Draft } from '#contract/studio-drafts.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  eventually,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  tusMetadata,
} from '#tests/support/studio.ts';
import { ffmpegBinary, parseFfmpegDuration, runFfmpeg } from '../../../providers/media/ffmpeg-run.ts';
import { clipCaptions, timedUnits } from '../engine/index.ts';
import { listSentences } from '../notes/index.ts';
import { cutArgs } from './clips.ts';

/**
 * Cut clips of clip-hooks drafts: a voice note (espeak speech) and a video note (a plain colour
 * with the same speech), both transcribed by the fake speech-to-text server at 1.5 s a sentence
 * (the transcript's 50 sentences span 75 s; the media lasts 80 s).
 */

const transcript = readFileSync(
  new URL('../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);
const MEDIA_SECONDS = '80';

let echo: StudioTestApp;
let stt: FakeOpenAi;
let alice: string;
let bob: string;
let tmp: string;
let ffmpeg: string;
let voice: { note: NoteDetail; draft: Draft };
let video: { note: NoteDetail; draft: Draft };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

/** A voice note made by the recording API (one chunk). */
async function recordVoiceNote(file: Buffer): Promise<string> {
  const started = await call('POST', '/api/studio/recordings', alice, { mime_type: 'audio/mpeg' });
  const id = started.json().id as string;
  const chunk = await echo.app!.inject({
    method: 'PUT',
    url: `/api/studio/recordings/${id}/chunks/0`,
    headers: { cookie: alice, 'content-type': 'application/octet-stream' },
    payload: file,
  });
  expect(chunk.statusCode, chunk.body).toBe(200);
  const done = await call('POST', `/api/studio/recordings/${id}/finish`, alice, { chunk_count: 1 });
  expect(done.statusCode, done.body).toBe(201);
  return done.json().id;
}

/** A video note uploaded over tus (real HTTP, as a browser sends it). */
async function uploadVideoNote(file: Buffer): Promise<string> {
  const created = await fetch(`${echo.url}/api/studio/uploads`, {
    method: 'POST',
    headers: {
      cookie: alice,
      'tus-resumable': '1.0.0',
      'upload-length': String(file.length),
      'upload-metadata': tusMetadata({ filename: 'pricing.mp4', filetype: 'video/mp4' }),
    },
  });
  expect(created.status).toBe(201);
  const patched = await fetch(new URL(created.headers.get('location')!, echo.url), {
    method: 'PATCH',
    headers: {
      cookie: alice,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(file),
  });
  expect(patched.status).toBe(204);
  return patched.headers.get('echo-note-id')!;
}

async function readyNote(id: string): Promise<NoteDetail> {
  return eventually(async () => {
    const note = (await call('GET', `/api/studio/notes/${id}`, alice)).json() as NoteDetail;
    return note.status === 'ready' && note;
  });
}

async function clipDraft(noteId: string): Promise<Draft> {
  const res = await call('POST', '/api/studio/drafts', alice, { note_ids: [noteId], formats: ['clips'] });
  expect(res.statusCode, res.body).toBe(202);
  const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
  return eventually(async () => {
    const draft = (await call('GET', `/api/studio/drafts/${id}`, alice)).json() as Draft;
    return ['ready', 'failed'].includes(draft.status) && draft;
  });
}

/** What ffmpeg reports of a file: its duration and whether it has video and audio streams. */
async function probe(body: Buffer, ext: string) {
  const file = path.join(tmp, `probe-${Date.now()}.${ext}`);
  await writeFile(file, body);
  const report = await runFfmpeg(ffmpeg, ['-i', file, '-f', 'null', '-'], 60_000);
  return {
    seconds: parseFfmpegDuration(report)! / 1000,
    video: /Stream #\d+:\d+.*: Video:/.test(report),
    audio: /Stream #\d+:\d+.*: Audio: aac/.test(report),
  };
}

const clipsOf = (draft: Draft) => draft.blocks.filter((b) => b.kind === 'clip');
const lengthOf = (clip: Draft['blocks'][number]) => (clip.end_ms! - clip.start_ms!) / 1000;

beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = transcript;
  stt.secondsPerSegment = 1.5;
  echo = await startStudioApp({ STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-test' });
  alice = await sessionCookie(echo, 'alice@example.com');
  bob = await sessionCookie(echo, 'bob@example.com');
  ffmpeg = ffmpegBinary(echo.ctx.config);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'echo-clips-test-'));
  const wav = path.join(tmp, 'speech.wav');
  await writeFile(wav, await speechWav(transcript));
  await runFfmpeg(ffmpeg, [
    '-y',
    '-i',
    wav,
    '-t',
    MEDIA_SECONDS,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '32k',
    `${tmp}/voice.mp3`,
  ]);
  await runFfmpeg(ffmpeg, [
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=180x320:r=5',
    '-i',
    wav,
    '-t',
    MEDIA_SECONDS,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    `${tmp}/video.mp4`,
  ]);
  const [voiceId, videoId] = await Promise.all([
    recordVoiceNote(await readFile(`${tmp}/voice.mp3`)),
    uploadVideoNote(await readFile(`${tmp}/video.mp4`)),
  ]);
  const [voiceNote, videoNote] = await Promise.all([readyNote(voiceId), readyNote(videoId)]);
  expect(videoNote.kind).toBe('video');
  const [voiceDraft, videoDraft] = await Promise.all([clipDraft(voiceId), clipDraft(videoId)]);
  voice = { note: voiceNote, draft: voiceDraft };
  video = { note: videoNote, draft: videoDraft };
}, 60_000);

afterAll(async () => {
  await echo?.close();
  await stt?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('cut clips of clip hooks', () => {
  it('cuts clip 1 of a voice note as AAC audio of the clip’s length, leaving no file behind', async () => {
    expect(voice.draft.status, voice.draft.error ?? '').toBe('ready');
    const clip = clipsOf(voice.draft)[0]!;
    const res = await call('GET', `/api/studio/drafts/${voice.draft.id}/clips/1`, alice);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mp4');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clip-1-\d{4}-\d{2}-\d{2}\.m4a"$/,
    );
    const file = await probe(res.rawPayload, 'm4a');
    expect(file).toMatchObject({ video: false, audio: true });
    expect(Math.abs(file.seconds - lengthOf(clip))).toBeLessThanOrEqual(1);
    // The cut's folder (and, from a bucket, the media's local copy) is gone once the clip is sent.
    await eventually(async () => (await readdir(echo.tempDir).catch(() => [])).length === 0);
  });

  it('cuts a clip of a video note as H.264 video with its captions re-timed to start at 0', async () => {
    expect(video.draft.status, video.draft.error ?? '').toBe('ready');
    const clips = clipsOf(video.draft);
    const n = clips.length;
    const clip = clips[n - 1]!;
    const res = await call('GET', `/api/studio/drafts/${video.draft.id}/clips/${n}`, alice);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    const file = await probe(res.rawPayload, 'mp4');
    expect(file).toMatchObject({ video: true, audio: true });
    expect(Math.abs(file.seconds - lengthOf(clip))).toBeLessThanOrEqual(1);

    // The captions burned in: the clip's own sentences, on the cut's clock.
    const cues = clipCaptions(
      timedUnits([video.note.id], await listSentences(echo.ctx.database.db, video.note.id)),
      clip.start_ms!,
      clip.end_ms!,
    );
    const length = clip.end_ms! - clip.start_ms!;
    expect(cues.length).toBeGreaterThan(1);
    expect(cues[0]!.startMs).toBeLessThan(1500);
    expect(cues.at(-1)!.endMs).toBeGreaterThan(length - 1500);
    for (const cue of cues) {
      expect(cue.startMs).toBeGreaterThanOrEqual(0);
      expect(cue.endMs).toBeLessThanOrEqual(length);
    }
  });

  it('exports captions of everything said in each clip: all clips on the recording’s clock, or one from 0', async () => {
    const clips = clipsOf(voice.draft);
    const times = (srt: string) =>
      [...srt.matchAll(/(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})/g)].map((m) => {
        const ms = (h: string, mi: string, se: string, f: string) => ((+h * 60 + +mi) * 60 + +se) * 1000 + +f;
        return [ms(m[1]!, m[2]!, m[3]!, m[4]!), ms(m[5]!, m[6]!, m[7]!, m[8]!)] as const;
      });
    const all = await call('GET', `/api/studio/drafts/${voice.draft.id}/export?as=srt`, alice);
    expect(all.statusCode).toBe(200);
    const allCues = times(all.body);
    // More cues than clips: a clip's captions are all it says, not only its hook line.
    expect(allCues.length).toBeGreaterThan(clips.length * 2);
    for (const [start, end] of allCues)
      expect(
        clips.some((c) => start >= c.start_ms! && end <= c.end_ms!),
        `${start}-${end}`,
      ).toBe(true);

    const one = await call('GET', `/api/studio/drafts/${voice.draft.id}/export?as=vtt&clip=1`, alice);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/filename="clip-1-\d{4}-\d{2}-\d{2}\.vtt"/);
    expect(one.body.startsWith('WEBVTT')).toBe(true);
    // The speech-to-text server gave word times: the captions highlight word by word.
    expect(one.body).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> .*\n\S+ <\d\d:\d\d:\d\d\.\d{3}>\S/m);
    const oneCues = times(one.body.replace(/(\d\d:\d\d:\d\d)\.(\d{3})/g, '$1,$2'));
    expect(oneCues[0]![0]).toBeLessThan(1500);
    for (const [, end] of oneCues) expect(end).toBeLessThanOrEqual(lengthOf(clips[0]!) * 1000);
    expect(
      (await call('GET', `/api/studio/drafts/${voice.draft.id}/export?as=md&clip=1`, alice)).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `/api/studio/drafts/${voice.draft.id}/export?as=srt&clip=19`, alice)).statusCode,
    ).toBe(404);
  });

  it('answers 404 to another owner, and for a clip the draft does not have', async () => {
    const url = `/api/studio/drafts/${voice.draft.id}/clips/1`;
    const theirs = await call('GET', url, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'not_found', message: 'Draft not found' });
    const missing = await call('GET', `/api/studio/drafts/${voice.draft.id}/clips/19`, alice);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/there is no clip 19/);
    expect((await call('GET', `/api/studio/drafts/${voice.draft.id}/clips/0`, alice)).statusCode).toBe(400);
  });

  it('reads the recording with the demuxer of its detected type only, and nothing of another type', async () => {
    const url = `/api/studio/drafts/${voice.draft.id}/clips/1`;
    const mimeOf = async () =>
      (
        await echo.query<{ media_mime: string }>('select media_mime from studio_notes where id = $1', [
          voice.note.id,
        ])
      )[0]!.media_mime;
    const setMime = (mime: string) =>
      echo.query('update studio_notes set media_mime = $2 where id = $1', [voice.note.id, mime]);
    const detected = await mimeOf();
    expect(detected).toBe('audio/mpeg');
    expect(
      cutArgs({
        kind: 'voice',
        source: 'in',
        mime: detected,
        startMs: 0,
        endMs: 1000,
        captions: false,
        output: 'o.m4a',
      }).join(' '),
    ).toContain('-f mp3 -i in');
    try {
      // An MP3 taken for WAV: ffmpeg reads it as WAV only (no probing for what it might be), and fails.
      await setMime('audio/wav');
      const misread = await call('GET', url, alice);
      expect(misread.statusCode).toBe(415);
      expect(misread.json()).toEqual({
        code: 'unsupported_media_type',
        message: 'Echo could not cut this clip: the note’s media could not be read.',
      });
      // A type Echo does not accept: ffmpeg is not run at all.
      await setMime('application/vnd.apple.mpegurl');
      expect(() =>
        cutArgs({
          kind: 'voice',
          source: 'in',
          mime: 'application/vnd.apple.mpegurl',
          startMs: 0,
          endMs: 1000,
          captions: false,
          output: 'o.m4a',
        }),
      ).toThrow('this file type is not accepted');
      expect((await call('GET', url, alice)).statusCode).toBe(415);
    } finally {
      await setMime(detected);
    }
    expect((await call('GET', url, alice)).statusCode).toBe(200);
    await eventually(async () => (await readdir(echo.tempDir).catch(() => [])).length === 0);
  });

  it('says so in JSON when the media file is gone or the note was deleted', async () => {
    const [row] = await echo.query<{ media_path: string }>(
      'select media_path from studio_notes where id = $1',
      [video.note.id],
    );
    await echo.storage.delete(row!.media_path);
    const gone = await call('GET', `/api/studio/drafts/${video.draft.id}/clips/1`, alice);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'not_found', message: 'The media file of this note is gone' });

    expect((await call('DELETE', `/api/studio/notes/${voice.note.id}`, alice)).statusCode).toBe(204);
    const deleted = await call('GET', `/api/studio/drafts/${voice.draft.id}/clips/1`, alice);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ code: 'not_found', message: CLIP_NOTE_DELETED_MESSAGE });
  });
});
