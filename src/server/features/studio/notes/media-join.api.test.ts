import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '#tests/support/fake-s3.ts';
import {
  callAs,
  type StudioTestApp,
  sessionCookie,
  speechWav,
  startStudioApp,
} from '#tests/support/studio.ts';
import { runStudioMaintenance } from '../capture/index.ts';
import { deleteStudioDataOf, removeQueuedMediaNow } from '../index.ts';
import { isStorageFailure } from '../media-store.ts';
import { RECORDING_PART_MISSING } from './job-definitions.ts';
import { joinNoteMedia, withNoteMediaCopy } from './media-join.ts';
import { findNoteById } from './repository.ts';

/**
 * Finishing a recording joins nothing in the request (a 3-hour recording is ~2 GB of
 * chunks); its transcription or the studio.assemble job joins the chunks into the note's media. A
 * web process alone (ROLE=web), so each join here runs when the test says.
 */
let echo: StudioTestApp;
let cookie: string;
let speech: Buffer;
beforeAll(async () => {
  echo = await startStudioApp({ ROLE: 'web', STT_BASE_URL: 'http://127.0.0.1:9/v1' });
  cookie = await sessionCookie(echo, 'joiner@example.com');
  speech = await speechWav('Finish answers at once; the chunks are joined afterwards.');
});
afterAll(() => echo?.close());

const call = (method: string, url: string, body?: unknown) => callAs(echo, method, url, cookie, body);
const join = async (noteId: string) => {
  const note = await findNoteById(echo.ctx.database.db, noteId);
  if (note) await joinNoteMedia({ config: echo.ctx.config, database: echo.ctx.database }, note);
};
const jobsOf = (name: string, noteId: string) =>
  echo.query("select 1 from pgboss.job where name = $1 and data->>'noteId' = $2", [name, noteId]);

/** A recording sent in three chunks and finished: its id and the note's. */
async function finished(): Promise<{ recordingId: string; noteId: string }> {
  const { id } = (await call('POST', '/api/studio/recordings', { mime_type: 'audio/wav' })).json();
  const third = Math.ceil(speech.length / 3);
  for (const n of [0, 1, 2]) {
    const res = await echo.app!.inject({
      method: 'PUT',
      url: `/api/studio/recordings/${id}/chunks/${n}`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: speech.subarray(n * third, (n + 1) * third),
    });
    expect(res.statusCode).toBe(200);
  }
  const done = await call('POST', `/api/studio/recordings/${id}/finish`, { chunk_count: 3 });
  expect(done.statusCode).toBe(201);
  return { recordingId: id, noteId: done.json().id };
}

describe('joining a finished recording', () => {
  it('answers finish before anything is joined; the join makes the media and removes the chunks', async () => {
    const { recordingId, noteId } = await finished();
    // No media yet (no player is shown), the bytes already counted as the note's, the chunks kept.
    const pending = (await call('GET', `/api/studio/notes/${noteId}`)).json();
    expect(pending).toMatchObject({ status: 'transcribing', has_media: false, media_url: null });
    expect(pending.media_bytes).toBe(speech.length);
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toHaveLength(3);
    // Its transcription (a speech-to-text server: it joins them first) and the join, a minute later
    // unless the transcription did it by then.
    expect(await jobsOf('studio.transcribe', noteId)).toHaveLength(1);
    const [assemble] = await echo.query<{ wait: number }>(
      "select extract(epoch from start_after - created_on)::int as wait from pgboss.job where name = 'studio.assemble' and data->>'noteId' = $1",
      [noteId],
    );
    expect(assemble?.wait).toBeGreaterThanOrEqual(59);
    const usage = (await call('GET', '/api/studio/usage')).json();
    expect(usage.used_bytes).toBe(speech.length);

    await join(noteId);
    const note = (await call('GET', `/api/studio/notes/${noteId}`)).json();
    expect(note).toMatchObject({ has_media: true, media_bytes: speech.length });
    const media = await call('GET', note.media_url);
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload).toEqual(speech);
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toEqual([]);
    expect((await call('GET', '/api/studio/usage')).json().used_bytes).toBe(usage.used_bytes);

    // Run again (a job tried twice): nothing changes.
    await join(noteId);
    expect((await call('GET', note.media_url)).rawPayload).toEqual(speech);
  });

  it('joins once when two runs join at the same time (a transcription and the job): both see the media', async () => {
    const { recordingId, noteId } = await finished();
    const note = (await findNoteById(echo.ctx.database.db, noteId))!;
    const deps = { config: echo.ctx.config, database: echo.ctx.database };
    const seen: Buffer[] = [];
    const [joined, copied] = await Promise.all([
      joinNoteMedia(deps, note),
      withNoteMediaCopy(deps, note, async (copy) => {
        seen.push(await readFile(copy.file));
        return 'transcribed';
      }),
    ]);
    expect(copied).toBe('transcribed');
    expect(seen[0]!.equals(speech)).toBe(true);
    expect(joined).toMatchObject({
      joinRecordingId: null,
      mediaBytes: speech.length,
      status: 'transcribing',
    });
    const now = (await call('GET', `/api/studio/notes/${noteId}`)).json();
    expect(now).toMatchObject({ status: 'transcribing', has_media: true });
    expect((await call('GET', now.media_url)).rawPayload).toEqual(speech);
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toEqual([]);
  });

  it('removes the joined media and the chunks of a note deleted before its join', async () => {
    const { recordingId, noteId } = await finished();
    expect((await call('DELETE', `/api/studio/notes/${noteId}`)).statusCode).toBe(204);
    await join(noteId);
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toEqual([]);
    expect(await echo.storedKeys(`studio/media/${noteId}`)).toEqual([]);
  });

  it('fails the note, saying so, when a chunk went missing', async () => {
    const { recordingId, noteId } = await finished();
    await echo.storage.delete(`studio/recordings/${recordingId}/1`);
    await join(noteId);
    expect((await call('GET', `/api/studio/notes/${noteId}`)).json()).toMatchObject({
      status: 'failed',
      status_message: RECORDING_PART_MISSING,
      has_media: false,
    });
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toEqual([]);
    expect(await echo.storedKeys(`studio/media/${noteId}`)).toEqual([]);
  });

  it('keeps the chunks of a join still to do through the maintenance pass, and sends it again once it failed', async () => {
    const { recordingId, noteId } = await finished();
    // A day and an hour later, the join having failed on every try (the store did not answer).
    await echo.query("update studio_recordings set updated_at = now() - interval '25 hours' where id = $1", [
      recordingId,
    ]);
    await echo.query("update studio_notes set created_at = now() - interval '25 hours' where id = $1", [
      noteId,
    ]);
    for (const key of await echo.storedKeys(`studio/recordings/${recordingId}/`))
      await echo.ageStored(key, new Date(Date.now() - 25 * 3600_000));
    const maintenance = () =>
      runStudioMaintenance({
        config: echo.ctx.config,
        database: echo.ctx.database,
        queue: echo.ctx.jobs,
        sttConfigured: true,
      });
    // Its join still waits to be tried: nothing is sent.
    expect((await maintenance()).rejoined).toBe(0);
    await echo.query(
      "update pgboss.job set state = 'failed' where name = 'studio.assemble' and data->>'noteId' = $1",
      [noteId],
    );
    expect((await maintenance()).rejoined).toBe(1);
    expect(await echo.storedKeys(`studio/recordings/${recordingId}/`)).toHaveLength(3);
    expect(await jobsOf('studio.assemble', noteId)).toHaveLength(2);
    // Sent once, not on every pass while it waits.
    expect((await maintenance()).rejoined).toBe(0);
    await join(noteId);
    expect((await call('GET', `/api/studio/notes/${noteId}`)).json().has_media).toBe(true);
    // Joined: the recording and its chunks are no longer kept past a day.
    await maintenance();
    expect(await echo.query('select 1 from studio_recordings where id = $1', [recordingId])).toEqual([]);
  });

  it("'Delete my data' removes the chunks of a recording not joined yet", async () => {
    const leaving = await sessionCookie(echo, 'leaving-joiner@example.com');
    const { id } = (
      await callAs(echo, 'POST', '/api/studio/recordings', leaving, { mime_type: 'audio/wav' })
    ).json();
    await echo.app!.inject({
      method: 'PUT',
      url: `/api/studio/recordings/${id}/chunks/0`,
      headers: { cookie: leaving, 'content-type': 'application/octet-stream' },
      payload: speech,
    });
    expect(
      (await callAs(echo, 'POST', `/api/studio/recordings/${id}/finish`, leaving, { chunk_count: 1 }))
        .statusCode,
    ).toBe(201);
    const { media } = await echo.ctx.database.transaction((tx) =>
      deleteStudioDataOf(echo.ctx, tx, 'leaving-joiner@example.com'),
    );
    // The chunks go after commit (at once here, the store answering; else by studio.media-delete).
    await removeQueuedMediaNow(echo.ctx, media);
    expect(await echo.storedKeys(`studio/recordings/${id}/`)).toEqual([]);
  });
});

describe('joining while the bucket does not answer', () => {
  let s3: FakeS3;
  let app: StudioTestApp;
  beforeAll(async () => {
    s3 = await new FakeS3().start();
    app = await startStudioApp({ ROLE: 'web', STT_BASE_URL: 'http://127.0.0.1:9/v1', ...s3.env });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  /** A recording of `owner` sent as `chunks` and finished with `count` of them: its id and note. */
  async function bucketNote(email: string, chunks: Buffer[], count: number) {
    const owner = await sessionCookie(app, email);
    const { id } = (
      await callAs(app, 'POST', '/api/studio/recordings', owner, { mime_type: 'audio/wav' })
    ).json();
    for (const [n, payload] of chunks.entries()) {
      const res = await app.app!.inject({
        method: 'PUT',
        url: `/api/studio/recordings/${id}/chunks/${n}`,
        headers: { cookie: owner, 'content-type': 'application/octet-stream' },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    const noteId: string = (
      await callAs(app, 'POST', `/api/studio/recordings/${id}/finish`, owner, { chunk_count: count })
    ).json().id;
    return { id, noteId, note: (await findNoteById(app.ctx.database.db, noteId))! };
  }

  it('loses nothing: the join fails as a passing failure (tried again), and once the bucket is back it joins whole', async () => {
    const { id, noteId, note } = await bucketNote('bucket-joiner@example.com', [speech], 1);
    const deps = { config: app.ctx.config, database: app.ctx.database };

    await s3.stop();
    for (const attempt of [
      () => joinNoteMedia(deps, note),
      () => withNoteMediaCopy(deps, note, async () => 'transcribed'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(isStorageFailure(error), String(error)).toBe(true);
    }
    // Still waiting to be joined (not failed for a missing part).
    expect(await findNoteById(app.ctx.database.db, noteId)).toMatchObject({
      status: 'transcribing',
      joinRecordingId: id,
    });

    await s3.start();
    expect(await joinNoteMedia(deps, note)).toMatchObject({
      joinRecordingId: null,
      mediaBytes: speech.length,
    });
    expect(await app.readStored(`studio/media/${noteId}.wav`)).toEqual(speech);
    expect(await app.storedKeys(`studio/recordings/${id}/`)).toEqual([]);
  });

  it('stores the object from the chunks as it copies them, and a join shorter than the recording whole', async () => {
    // Two chunks sent, one finished: the recording's bytes count both, the join holds the first.
    const { noteId, note } = await bucketNote('short-joiner@example.com', [speech, speech], 1);
    const deps = { config: app.ctx.config, database: app.ctx.database };
    expect(note.mediaBytes).toBe(2 * speech.length);
    s3.log.length = 0;
    const copied = await withNoteMediaCopy(deps, note, async (copy) => readFile(copy.file));
    expect(copied).toEqual(speech);
    expect(await app.readStored(`studio/media/${noteId}.wav`)).toEqual(speech);
    expect(await findNoteById(app.ctx.database.db, noteId)).toMatchObject({
      joinRecordingId: null,
      mediaBytes: speech.length,
    });
    // The chunk read once; the PUT fed by it failed on its length, the one from the copy stored.
    expect(s3.log.filter((line) => line.startsWith('GetObject studio/recordings/')).length).toBe(1);
  });

  it('fails the join, never waiting, when the bucket refuses the PUT the copy feeds', async () => {
    // More than the PUT may lag behind the copy: a PUT nobody reads would stop the copy.
    const chunks = [speech, randomBytes(6 * 1024 * 1024)];
    const { id, noteId, note } = await bucketNote('refused-joiner@example.com', chunks, 2);
    const deps = { config: app.ctx.config, database: app.ctx.database };
    s3.refuse = (method, key) => method === 'PUT' && key.startsWith('studio/media/');
    try {
      const error = await withNoteMediaCopy(deps, note, async (copy) => (await stat(copy.file)).size).catch(
        (e: unknown) => e,
      );
      expect(isStorageFailure(error), String(error)).toBe(true);
    } finally {
      s3.refuse = null;
    }
    expect(await findNoteById(app.ctx.database.db, noteId)).toMatchObject({ joinRecordingId: id });
    expect(await app.storedKeys(`studio/media/${noteId}`)).toEqual([]);
  });
});
