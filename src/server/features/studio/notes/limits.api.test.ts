import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
} from '#tests/support/studio.ts';
import { mediaTooLongMessage, notesPerDayMessage, textQuotaMessage } from './limits.ts';

/** Per-owner limits on notes a day, stored text and transcribed minutes. */
let echo: StudioTestApp;
let stt: FakeOpenAi;
beforeAll(async () => {
  stt = await new FakeOpenAi().start();
  echo = await startStudioApp({
    STT_BASE_URL: stt.baseUrl,
    STT_MODEL: 'whisper-test',
    STUDIO_NOTES_PER_DAY: '3',
    STUDIO_TEXT_QUOTA_CHARS: '100',
    STUDIO_MEDIA_MAX_MINUTES: '0.02',
  });
});
afterAll(async () => {
  await echo?.close();
  await stt?.stop();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);

describe('per-owner limits', () => {
  it('refuses notes past the daily number, with a clear message', async () => {
    const cookie = await sessionCookie(echo, 'busy@example.com');
    for (let i = 0; i < 3; i++)
      expect((await call(cookie, 'POST', '/api/studio/notes', { text: `Note ${i}.` })).statusCode).toBe(201);
    const refused = await call(cookie, 'POST', '/api/studio/notes', { text: 'One more.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: notesPerDayMessage(3) });
    const imported = await call(cookie, 'POST', '/api/studio/imports', {
      type: 'file',
      filename: 'posts.txt',
      content: 'A post.\n\nAnother post.',
    });
    expect(imported.statusCode).toBe(429);
    // Another owner is not affected.
    const other = await sessionCookie(echo, 'calm@example.com');
    expect((await call(other, 'POST', '/api/studio/notes', { text: 'Mine.' })).statusCode).toBe(201);
  });

  it('refuses text past the stored-text quota, for new notes and edits', async () => {
    const cookie = await sessionCookie(echo, 'wordy@example.com');
    const first = await call(cookie, 'POST', '/api/studio/notes', { text: 'x'.repeat(80) });
    expect(first.statusCode).toBe(201);
    const refused = await call(cookie, 'POST', '/api/studio/notes', { text: 'y'.repeat(30) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ code: 'quota_exceeded', message: textQuotaMessage(100) });
    const edited = await call(cookie, 'PATCH', `/api/studio/notes/${first.json().id}`, {
      text: 'z'.repeat(101),
    });
    expect(edited.statusCode).toBe(413);
    const shorter = await call(cookie, 'PATCH', `/api/studio/notes/${first.json().id}`, {
      text: 'z'.repeat(99),
    });
    expect(shorter.statusCode).toBe(200);
  });

  it('checks a recording’s length on the server before anything is sent to speech-to-text', async () => {
    const cookie = await sessionCookie(echo, 'long@example.com');
    const speech = await speechWav('Pricing is a message. We raised our prices and nobody left at all.');
    const started = (await call(cookie, 'POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json();
    await call(cookie, 'PUT', `/api/studio/recordings/${started.id}/chunks/0`, speech);
    const sentBefore = stt.transcriptions.length;
    const note = (
      await call(cookie, 'POST', `/api/studio/recordings/${started.id}/finish`, { chunk_count: 1 })
    ).json();
    const failed = await eventually(async () => {
      const n = (await call(cookie, 'GET', `/api/studio/notes/${note.id}`)).json();
      return n.status === 'failed' ? n : null;
    });
    expect(failed.status_message).toMatch(
      /^This recording is \d+ minutes long; Echo transcribes at most 0\.02 minutes/,
    );
    expect(failed.status_message).toBe(mediaTooLongMessage(1, 0.02));
    expect(stt.transcriptions.length).toBe(sentBefore);
  });
});
