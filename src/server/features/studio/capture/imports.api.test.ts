import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { boundOf, holdOf, holds } from '#tests/support/event-loop.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { codeIn } from '#tests/support/smtp-sink.ts';
import {
  eventually,
  joinedMediaPath,
  noProfileRebuildLeft,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
} from '#tests/support/studio.ts';

const CAPTIONED = 'https://www.youtube.com/watch?v=studio123';
const VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nPricing is a message.\n\n00:00:03.000 --> 00:00:06.000\nWe raised prices and nobody left.\n';
const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../../tests/fixtures/studio', name), 'utf8');

let echo: StudioTestApp;
let cookie: string;
beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({ [CAPTIONED]: { __subtitles: { 'en.vtt': VTT } } });
  echo = await startStudioApp({ YTDLP_PATH: ytdlp.bin });
  cookie = await sessionCookie(echo, 'importer@example.com');
});
afterAll(() => echo?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = cookie) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie: as, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

describe('imports', () => {
  it('turns each post of a LinkedIn Shares.csv into a written note; importing again skips duplicates', async () => {
    const res = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'Shares.csv',
      content: fixture('Shares.csv'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'linkedin_shares', imported: 2, skipped: 1 });
    const note = (await call('GET', `/api/studio/notes/${res.json().note_ids[0]}`)).json() as NoteDetail;
    expect(note).toMatchObject({ kind: 'post', register: 'written', status: 'ready' });
    expect(note.text).toBe(
      'Pricing is a message.\n\nWe raised our prices by 20% and nobody left. What would you charge?',
    );
    expect(note.created_at).toBe('2024-03-05T14:02:11.000Z');
    expect(note.sentences.length).toBe(3);
    const again = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'Shares.csv',
      content: fixture('Shares.csv'),
    });
    expect(again.json()).toMatchObject({ imported: 0, skipped: 3 });
  });

  it("imports an X archive's tweets.js and a Markdown file", async () => {
    const tweets = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'tweets.js',
      content: fixture('tweets.js'),
    });
    expect(tweets.json()).toMatchObject({ format: 'x_tweets', imported: 2 });
    const md = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'posts.md',
      content: fixture('posts.md'),
    });
    expect(md.json()).toMatchObject({ format: 'markdown', imported: 2 });
  });

  it('says which line of a malformed file is wrong, and refuses other files', async () => {
    const broken = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'Shares.csv',
      content:
        'Date,ShareLink,ShareCommentary\n2024-01-01,https://x,"ok"\n2024-01-02,https://y,"bad "quote"\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'malformed_request' });
    expect(broken.json().message).toMatch(/^Shares\.csv: Line 3: /);
    const png = await call('POST', '/api/studio/imports', {
      type: 'file',
      filename: 'photo.png',
      content: 'x',
    });
    expect(png.statusCode).toBe(415);
  });

  it('imports a video link through the transcription pipeline (captions)', async () => {
    const res = await call('POST', '/api/studio/imports', { type: 'link', url: CAPTIONED });
    expect(res.statusCode).toBe(201);
    const id = res.json().note_ids[0];
    const note = await eventually(async () => {
      const n = (await call('GET', `/api/studio/notes/${id}`)).json() as NoteDetail;
      return n.status === 'ready' ? n : null;
    });
    expect(note).toMatchObject({ kind: 'video', source_url: CAPTIONED, has_media: false });
    expect(note.sentences.map((s) => s.text)).toEqual([
      'Pricing is a message.',
      'We raised prices and nobody left.',
    ]);
    const bad = await call('POST', '/api/studio/imports', { type: 'link', url: 'https://example.com/video' });
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * Imports `content` as `filename`, and checks the event loop is held no longer than the bound of
 * the same body refused at once for its file name (the body's JSON is parsed either way:
 * tests/support/event-loop.ts), while GET /api/health keeps answering.
 */
async function importWithinBound(filename: string, content: string) {
  // An owner of its own: a hold measured again must not meet the import quota.
  const as = await sessionCookie(echo, `hostile-import-${randomUUID()}@example.com`);
  const post = (name: string, by: string) => () =>
    call('POST', '/api/studio/imports', { type: 'file', filename: name, content }, by);
  // Another owner's request, so the owner's own import quota is left for the file itself.
  const baseline = await sessionCookie(echo, 'import-baseline@example.com');
  const measureBound = async () =>
    boundOf(
      await holdOf(async () => {
        // 415: refused for its name, after its JSON was parsed.
        expect((await post('posts.pdf', baseline)()).statusCode).toBe(415);
      }),
    );
  const bound = await measureBound();
  let running = true;
  const health = (async () => {
    while (running) {
      expect((await echo.app!.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    return await holds(`importing ${filename}`, bound, post(filename, as), measureBound);
  } finally {
    running = false;
    await health;
  }
}

describe('a hostile import file', () => {
  let hostile: string;
  beforeAll(async () => {
    hostile = await sessionCookie(echo, 'hostile-import@example.com');
  });

  // One-letter rows: the most records per byte. Parsed in one go, 512 KB held the loop for seconds.
  it.each([
    ['512 KB', 512 * 1024],
    ['2 MB', 2 * 1024 * 1024],
  ])('of %s of one-letter rows never holds the event loop, and is refused', async (_size, bytes) => {
    const content = `text\n${'a\n'.repeat(bytes / 2)}`;
    const result = await importWithinBound('posts.csv', content);
    expect(result.statusCode).toBe(400);
    expect(result.json().message).toMatch(/more than 20,000 posts/);
  });

  it.each([
    [
      'a 2 MB text transcript',
      'call.txt',
      (i: number) => `${i % 2 ? 'Sam' : 'Priya'}: Line ${i} of the call.\n`,
    ],
    [
      'a 2 MB WebVTT transcript',
      'call.vtt',
      (i: number) =>
        `${i === 0 ? 'WEBVTT\n\n' : ''}${i}\n00:00:01.000 --> 00:00:02.000\n<v ${i % 2 ? 'Sam' : 'Priya'}>Line ${i} of the call.\n\n`,
    ],
  ])(
    'of %s never holds the event loop, and is refused as longer than a note',
    async (_name, filename, line) => {
      let content = '';
      for (let i = 0; content.length < 2 * 1024 * 1024; i++) content += line(i);
      const result = await importWithinBound(filename, content);
      expect(result.statusCode).toBe(400);
      expect(result.json().message).toMatch(/longer than 200,000 characters; split it/);
    },
  );

  it('reads a 10,000-character "name" as words, and a turn without a name as an unknown speaker', async () => {
    const mixed = await sessionCookie(echo, 'mixed-transcript@example.com');
    const res = await call(
      'POST',
      '/api/studio/imports',
      {
        type: 'file',
        filename: 'mixed.txt',
        content: `We started late, sorry.\n${'x'.repeat(10_000)}: not a name\nSam: Welcome.\nPriya: Hello.\nSam: Shall we?\n`,
      },
      mixed,
    );
    expect(res.json()).toMatchObject({ format: 'transcript', imported: 1 });
    const note = (await call('GET', `/api/studio/notes/${res.json().note_ids[0]}`, undefined, mixed)).json();
    expect(note.speakers.map((s: { name: string }) => s.name)).toEqual(['Sam', 'Priya', 'Unknown speaker']);
    expect(note.sentences[0].speaker_id).toBe(note.speakers[2].id);
    expect(note.text).toContain(`${'x'.repeat(10_000)}: not a name`);
  });

  it('is read only up to the post limit: what follows it is never parsed', async () => {
    // A broken quote after a megabyte past the limit: a parser that read on would report it instead.
    const content = `text\n${'a\n'.repeat(20_001)}${'b\n'.repeat(512 * 1024)}"unclosed\n`;
    const res = await call(
      'POST',
      '/api/studio/imports',
      { type: 'file', filename: 'posts.csv', content },
      hostile,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().message).toBe('This file has more than 20,000 posts; import at most 20,000 at a time.');
    const notes = (await call('GET', '/api/studio/notes', undefined, hostile)).json();
    expect(notes.total).toBe(0);
  });
});

describe('deletion, retention and cleanup', () => {
  it("'Delete my data' removes the owner's notes, media files and profile", async () => {
    const email = 'leaving@example.com';
    const own = await sessionCookie(echo, email);
    expect(
      (await call('POST', '/api/studio/notes', { text: 'Something I said once.' }, own)).statusCode,
    ).toBe(201);
    const started = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' }, own)).json();
    const wav = await speechWav('Goodbye.');
    await echo.app!.inject({
      method: 'PUT',
      url: `/api/studio/recordings/${started.id}/chunks/0`,
      headers: { cookie: own, 'content-type': 'application/octet-stream' },
      payload: wav,
    });
    const note = (
      await call('POST', `/api/studio/recordings/${started.id}/finish`, { chunk_count: 1 }, own)
    ).json();
    const file = await joinedMediaPath(echo, note.id);
    expect(await echo.storage.head(file)).not.toBeNull();
    expect((await call('PUT', '/api/studio/voice', { bans: ['synergy'] }, own)).statusCode).toBe(200);

    const before = echo.smtp.to(email).length;
    expect((await call('POST', '/api/privacy/delete-data/request-code', undefined, own)).statusCode).toBe(
      200,
    );
    await echo.smtp.waitFor(() => echo.smtp.to(email).length > before);
    const mails = echo.smtp.to(email);
    const code = codeIn(mails[mails.length - 1]!);
    const res = await call('POST', '/api/privacy/delete-data', { code }, own);
    expect(res.statusCode).toBe(200);
    // The profile rebuilds queued by the changes above run to the end first: none may bring the
    // owner's settings back.
    await eventually(() => noProfileRebuildLeft(echo));
    expect(await echo.query('select 1 from studio_notes where owner_email = $1', [email])).toEqual([]);
    expect(await echo.query('select 1 from studio_voice_settings where owner_email = $1', [email])).toEqual(
      [],
    );
    expect(await echo.storage.head(file)).toBeNull();
  });

  it('the retention pass removes Studio data of owners inactive for RETENTION_MONTHS', async () => {
    const email = 'dormant@example.com';
    const own = await sessionCookie(echo, email);
    await call('POST', '/api/studio/notes', { text: 'An old thought.' }, own);
    // The note's profile rebuild runs first: it would store the settings again (updated now).
    await eventually(() => noProfileRebuildLeft(echo));
    await echo.query(
      `update studio_notes set created_at = now() - interval '30 months', updated_at = now() - interval '30 months' where owner_email = $1`,
      [email],
    );
    await echo.query(
      `update studio_voice_settings set updated_at = now() - interval '30 months' where owner_email = $1`,
      [email],
    );
    const result = await runStudioRetention(echo.ctx, 24);
    expect(result.owners).toBeGreaterThanOrEqual(1);
    expect(await echo.query('select 1 from studio_notes where owner_email = $1', [email])).toEqual([]);
    expect((await call('GET', '/api/studio/notes')).json().total).toBeGreaterThan(0);
  });

  it('removes uploads unfinished after 24 hours, media files no note references and cut folders left behind', async () => {
    const created = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/uploads',
      headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000' },
    });
    const id = String(created.headers.location).split('/').pop()!;
    await echo.query(`update studio_notes set updated_at = now() - interval '25 hours' where id = $1`, [id]);
    const orphan = 'studio/media/orphan.webm';
    await echo.storage.put(orphan, Buffer.from('x'));
    const old = new Date(Date.now() - 2 * 3600_000);
    await echo.ageStored(orphan, old);
    // A clip cut whose folder a crash left behind.
    const cut = path.join(echo.dataDir, 'studio', 'cuts', 'left-by-a-crash');
    await mkdir(cut, { recursive: true });
    await writeFile(path.join(cut, 'clip.m4a'), 'x');
    await utimes(cut, old, old);
    const counts = await runStudioMaintenance({
      config: echo.ctx.config,
      database: echo.ctx.database,
      queue: echo.ctx.jobs,
      sttConfigured: false,
    });
    expect(counts).toMatchObject({ uploads: 1, orphans: 1, cuts: 1 });
    expect((await call('GET', `/api/studio/notes/${id}`)).statusCode).toBe(404);
    expect(await echo.storedKeys(`uploads/${id}`)).toEqual([]);
    expect(await echo.storage.head(orphan)).toBeNull();
    expect(existsSync(cut)).toBe(false);
  });
});

import { runStudioRetention } from '../index.ts';
import { runStudioMaintenance } from './jobs.ts';
