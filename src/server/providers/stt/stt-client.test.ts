import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APIConnectionTimeoutError, APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi, multipartField } from '#tests/support/fake-openai.ts';
import { createSpeechToText, isTransientProviderError } from './stt.ts';

/**
 * The speech-to-text client streams the audio file as multipart/form-data (OpenAI's
 * POST /v1/audio/transcriptions), never holding it whole in memory; checked on what the fake received.
 */
let dir: string;
let stt: FakeOpenAi;
let audio: Buffer;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'echo-stt-client-'));
  stt = await new FakeOpenAi().start();
  // Over a few megabytes, in several reads of the file.
  audio = randomBytes(3 * 1024 * 1024 + 17);
  file = path.join(dir, 'piece0000.flac');
  await writeFile(file, audio);
});
afterAll(async () => {
  await stt?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The file part of a multipart body: its headers and bytes. */
function filePart(raw: Buffer, contentType: string) {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const start = raw.indexOf('name="file"');
  const headersEnd = raw.indexOf('\r\n\r\n', start) + 4;
  const end = raw.indexOf(`\r\n--${boundary}--`, headersEnd);
  return {
    headers: raw.subarray(start, headersEnd).toString('latin1'),
    bytes: raw.subarray(headersEnd, end),
  };
}

describe('the speech-to-text client', () => {
  it('sends the file as it is with the model, verbose_json and word times, and reads the segments', async () => {
    stt.transcriptionText = 'We raised our prices. Nobody left.';
    const client = createSpeechToText({ baseUrl: stt.baseUrl, apiKey: 'sk-test', model: 'whisper-1' })!;
    const before = stt.transcriptions.length;
    const timed = await client.transcribeTimed(file);
    expect(timed.text).toBe('We raised our prices. Nobody left.');
    expect(timed.segments.map((s) => [s.text.trim(), s.startMs, s.endMs])).toEqual([
      ['We raised our prices.', 0, 2000],
      ['Nobody left.', 2000, 4000],
    ]);
    expect(timed.segments[0]!.words?.map((w) => w.text)).toEqual(['We', 'raised', 'our', 'prices.']);
    const [request] = stt.transcriptions.slice(before);
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(multipartField(request!.raw, 'model')).toBe('whisper-1');
    expect(multipartField(request!.raw, 'response_format')).toBe('verbose_json');
    expect(
      request!.raw.toString('latin1').match(/name="timestamp_granularities\[\]"\r\n\r\n(\w+)/g),
    ).toHaveLength(2);
    const part = filePart(request!.raw, String(request!.headers['content-type']));
    expect(part.headers).toContain('filename="piece0000.flac"');
    expect(part.headers).toContain('Content-Type: audio/flac');
    expect(part.bytes.equals(audio)).toBe(true);
    expect(Number(request!.headers['content-length'])).toBe(request!.raw.length);
  });

  it('asks for plain JSON for a transcript without times', async () => {
    stt.transcriptionText = 'Hello there.';
    const client = createSpeechToText({ baseUrl: `${stt.baseUrl}/`, model: 'm' })!;
    const before = stt.transcriptions.length;
    expect(await client.transcribe(file)).toBe('Hello there.');
    const [request] = stt.transcriptions.slice(before);
    expect(multipartField(request!.raw, 'response_format')).toBe('json');
    expect(request!.headers.authorization).toBe('Bearer not-needed');
  });

  it('tries a passing failure once more, and says what a lasting one is', async () => {
    const client = createSpeechToText({ baseUrl: stt.baseUrl, model: 'm' })!;
    const before = stt.transcriptions.length;
    stt.failNext(503);
    expect((await client.transcribeTimed(file)).text).toBeTruthy();
    expect(stt.transcriptions.length - before).toBe(2);

    stt.failNext(503, 503);
    const twice = await client.transcribeTimed(file).catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(APIError);
    expect((twice as APIError).status).toBe(503);
    expect(isTransientProviderError(twice)).toBe(true);

    stt.failNext(400);
    const refused = await client.transcribeTimed(file).catch((e: unknown) => e);
    expect((refused as APIError).status).toBe(400);
    expect((refused as Error).message).toContain('fake failure 400');
    expect(isTransientProviderError(refused)).toBe(false);
  });

  it('gives up on a server that does not answer in time, as a passing failure', async () => {
    const client = createSpeechToText({ baseUrl: stt.baseUrl, model: 'm', timeoutMs: 300 })!;
    stt.failNext('hang', 'hang');
    const started = Date.now();
    const error = await client.transcribeTimed(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(isTransientProviderError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says so when there is no server at the address', async () => {
    const client = createSpeechToText({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' })!;
    const error = await client.transcribe(file).catch((e: unknown) => e);
    expect(isTransientProviderError(error)).toBe(true);
  });
});
