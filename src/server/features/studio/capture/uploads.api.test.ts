import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEEDS_STT_MESSAGE,
  type NoteDetail,
  QUOTA_EXCEEDED_MESSAGE,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '#contract/studio.ts';
import { FakeOpenAi, multipartField } from '#tests/support/fake-openai.ts';
import {
  callAs,
  eventually,
  joinedMediaPath,
  STUDIO_TEST_STORAGE,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
  tusMetadata,
  WITHOUT_POCKETSPHINX,
} from '#tests/support/studio.ts';

/** One HTTP request to the running app; `abortAfter` sends that many body bytes then drops the connection. */
function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
  abortAfter?: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | 'aborted'> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', (error) => (abortAfter !== undefined ? resolve('aborted') : reject(error)));
    if (abortAfter !== undefined && body) {
      req.write(body.subarray(0, abortAfter));
      setTimeout(() => req.destroy(), 300);
    } else req.end(body);
  });
}

async function tusCreate(echo: StudioTestApp, cookie: string, size: number, meta: Record<string, string>) {
  return request(echo.url, 'POST', '/api/studio/uploads', {
    cookie,
    'tus-resumable': '1.0.0',
    'upload-length': String(size),
    'upload-metadata': tusMetadata(meta),
  }) as Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

async function tusPatch(echo: StudioTestApp, cookie: string, location: string, offset: number, body: Buffer) {
  return request(
    echo.url,
    'PATCH',
    location,
    {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(body.length),
    },
    body,
  ) as Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

const getNote = async (echo: StudioTestApp, cookie: string, id: string) =>
  (
    await echo.app!.inject({ method: 'GET', url: `/api/studio/notes/${id}`, headers: { cookie } })
  ).json() as NoteDetail;

let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav(
    'Pricing is a message. We raised our prices and nobody left. Um, that surprised me.',
  );
});

describe('uploads without speech-to-text', () => {
  let echo: StudioTestApp;
  let cookie: string;
  beforeAll(async () => {
    echo = await startStudioApp(WITHOUT_POCKETSPHINX);
    cookie = await sessionCookie(echo, 'uploader@example.com');
  });
  afterAll(() => echo?.close());

  it('resumes an upload interrupted halfway; the note waits in needs_stt; media plays by range; delete removes the file', async () => {
    const created = await tusCreate(echo, cookie, speech.length, {
      filename: 'idea.wav',
      filetype: 'audio/wav',
    });
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    const noteId = location.split('/').pop()!;
    const uploading = await getNote(echo, cookie, noteId);
    expect(uploading).toMatchObject({ status: 'uploading', title: 'idea', kind: 'voice', has_media: false });

    const half = Math.floor(speech.length / 2);
    expect(
      await request(
        echo.url,
        'PATCH',
        location,
        {
          cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(speech.length),
        },
        speech,
        half,
      ),
    ).toBe('aborted');
    const head = await eventually(async () => {
      const res = (await request(echo.url, 'HEAD', location, { cookie, 'tus-resumable': '1.0.0' })) as {
        status: number;
        headers: http.IncomingHttpHeaders;
      };
      // On local disk what arrived stays; a bucket keeps whole parts only (8 MiB), so nothing of this one.
      return res.status === 200 && (STUDIO_TEST_STORAGE === 's3' || Number(res.headers['upload-offset']) > 0)
        ? res
        : null;
    });
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeLessThanOrEqual(half);

    // The interrupted PATCH may still be ending on the server (409 until it has).
    const finished = await eventually(async () => {
      const res = await tusPatch(echo, cookie, location, offset, speech.subarray(offset));
      return res.status === 409 ? null : res;
    });
    expect(finished.status).toBe(204);
    expect(finished.headers['echo-note-id']).toBe(noteId);
    const note = await getNote(echo, cookie, noteId);
    expect(note).toMatchObject({
      status: 'needs_stt',
      status_message: NEEDS_STT_MESSAGE,
      has_media: true,
      media_bytes: speech.length,
    });
    const key = `uploads/${noteId}`;
    expect(await echo.readStored(key)).toEqual(speech);

    const ranged = await echo.app!.inject({
      method: 'GET',
      url: note.media_url!,
      headers: { cookie, range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${speech.length}`);
    expect(ranged.rawPayload).toEqual(speech.subarray(100, 200));
    const other = await sessionCookie(echo, 'someone-else@example.com');
    expect(
      (
        (await request(echo.url, 'HEAD', location, { cookie: other, 'tus-resumable': '1.0.0' })) as {
          status: number;
        }
      ).status,
    ).toBe(404);

    const deleted = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/studio/notes/${noteId}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(204);
    // The object and what the tus store kept beside it (.json on disk, .info in a bucket).
    expect(await echo.storedKeys(key)).toEqual([]);
  });

  it('refuses a file that is not audio or video by its content, whatever its name', async () => {
    const fake = Buffer.from(`%PDF-1.7\n${'x'.repeat(5000)}`);
    const created = await tusCreate(echo, cookie, fake.length, {
      filename: 'song.mp3',
      filetype: 'audio/mpeg',
    });
    const location = created.headers.location!;
    const res = await tusPatch(echo, cookie, location, 0, fake);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({
      code: 'unsupported_media_type',
      message: UNSUPPORTED_MEDIA_MESSAGE,
    });
    const noteId = location.split('/').pop()!;
    expect(
      (await echo.app!.inject({ method: 'GET', url: `/api/studio/notes/${noteId}`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    expect(await echo.storedKeys(`uploads/${noteId}`)).toEqual([]);
    expect([...(echo.s3?.uploads.values() ?? [])].filter((u) => u.key.includes(noteId))).toEqual([]);
  });
});

describe('speech-to-text, recordings and the quota', () => {
  let echo: StudioTestApp;
  let stt: FakeOpenAi;
  let cookie: string;
  beforeAll(async () => {
    stt = await new FakeOpenAi().start();
    stt.transcriptionText =
      'Pricing is a message. We raised our prices and nobody left. Um, that surprised me.';
    echo = await startStudioApp({
      STT_BASE_URL: stt.baseUrl,
      STT_MODEL: 'whisper-test',
      STUDIO_QUOTA_MB: '1',
    });
    cookie = await sessionCookie(echo, 'speaker@example.com');
  });
  afterAll(async () => {
    await echo?.close();
    await stt?.stop();
  });

  it('transcribes an uploaded recording of real speech with sentence times from verbose_json segments', async () => {
    const created = await tusCreate(echo, cookie, speech.length, {
      filename: 'pricing.wav',
      filetype: 'audio/wav',
    });
    const finished = await tusPatch(echo, cookie, created.headers.location!, 0, speech);
    expect(finished.status).toBe(204);
    const noteId = String(finished.headers['echo-note-id']);
    const note = await eventually(async () => {
      const n = await getNote(echo, cookie, noteId);
      return n.status === 'ready' ? n : null;
    });
    const sent = stt.transcriptions.at(-1)!;
    expect(multipartField(sent.raw, 'response_format')).toBe('verbose_json');
    expect(multipartField(sent.raw, 'model')).toBe('whisper-test');
    // ffmpeg turned the WAV into MP3 before sending it.
    expect(sent.raw.toString('latin1')).toMatch(/filename="piece0000\.flac"/);
    expect(note.text).toBe(stt.transcriptionText);
    expect(note.sentences.map((s) => [s.text, s.start_ms, s.end_ms])).toEqual([
      ['Pricing is a message.', 0, 2000],
      ['We raised our prices and nobody left.', 2000, 4000],
      ['Um, that surprised me.', 4000, 6000],
    ]);
    expect(note.sentences[2]!.fillers).toHaveLength(1);
    expect(note.duration_ms).toBeGreaterThan(2000);
    const { hits } = (
      await echo.app!.inject({
        method: 'GET',
        url: '/api/studio/search?q=nobody%20left',
        headers: { cookie },
      })
    ).json();
    expect(hits[0]).toMatchObject({ note_id: noteId, sentence_id: note.sentences[1]!.id, start_ms: 2000 });
  });

  it('records in chunks: resending a chunk is harmless, a missing chunk is named, finishing makes a voice note', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
      callAs(echo, method, url, cookie, body);
    const started = await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' });
    expect(started.statusCode).toBe(201);
    const id = started.json().id;
    const third = Math.ceil(speech.length / 3);
    const parts = [speech.subarray(0, third), speech.subarray(third, 2 * third), speech.subarray(2 * third)];
    expect((await call('PUT', `/api/studio/recordings/${id}/chunks/0`, parts[0])).json()).toEqual({
      n: 0,
      bytes: parts[0]!.length,
    });
    expect((await call('PUT', `/api/studio/recordings/${id}/chunks/2`, parts[2])).statusCode).toBe(200);
    expect((await call('PUT', `/api/studio/recordings/${id}/chunks/2`, parts[2])).statusCode).toBe(200);
    const missing = await call('POST', `/api/studio/recordings/${id}/finish`, { chunk_count: 3 });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toContain('Chunks missing: 1');
    expect((await call('GET', `/api/studio/recordings/${id}`)).json()).toMatchObject({
      chunks: [0, 2],
      bytes: parts[0]!.length + parts[2]!.length,
    });
    await call('PUT', `/api/studio/recordings/${id}/chunks/1`, parts[1]);
    const done = await call('POST', `/api/studio/recordings/${id}/finish`, {
      chunk_count: 3,
      duration_ms: 6100,
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ kind: 'voice', status: 'transcribing', duration_ms: 6100 });
    const again = await call('POST', `/api/studio/recordings/${id}/finish`, { chunk_count: 3 });
    expect(again.json().id).toBe(done.json().id);
    const mediaPath = await joinedMediaPath(echo, done.json().id);
    expect(await echo.readStored(mediaPath)).toEqual(speech);
    await eventually(async () => (await getNote(echo, cookie, done.json().id)).status === 'ready');
  });

  it('refuses an upload that would pass the storage quota, with a clear message', async () => {
    const res = await tusCreate(echo, cookie, 2 * 1024 * 1024, {
      filename: 'long.wav',
      filetype: 'audio/wav',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE });
    const usage = (
      await echo.app!.inject({ method: 'GET', url: '/api/studio/usage', headers: { cookie } })
    ).json();
    expect(usage.quota_bytes).toBe(1024 * 1024);
    expect(usage.used_bytes).toBeGreaterThanOrEqual(2 * speech.length);
  });
});
