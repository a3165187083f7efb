import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_EXCEEDED_MESSAGE } from '#contract/studio.ts';
import {
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
  tusMetadata,
} from '#tests/support/studio.ts';
import { textQuotaMessage } from '../notes/index.ts';

/**
 * The quota is checked and reserved under one lock per owner. The tests hold that lock
 * themselves (`pg_advisory_lock(hashtext(owner))` on their own connection), wait until a request
 * waits on it and the others have had time to arrive (they queue in the process behind that one),
 * then let them go: without the lock nothing ever waited and every request passed the check at once.
 */
const KB = 1024;

let echo: StudioTestApp;
let locker: pg.Client;
beforeAll(async () => {
  echo = await startStudioApp({ STUDIO_QUOTA_MB: '1', STUDIO_TEXT_QUOTA_CHARS: '1000' });
  locker = new pg.Client({ connectionString: echo.database.url });
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
  await echo?.close();
});

const waitingOnAdvisoryLocks = async () => {
  const [row] = await echo.query<{ n: number }>(
    "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
  );
  return row!.n;
};

/** Runs `requests` while the test holds the owner's lock, released once one waits on it. */
async function behindTheLock<T>(owner: string, requests: () => Promise<T>[]): Promise<T[]> {
  await locker.query('select pg_advisory_lock(hashtext($1))', [owner]);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await locker.query('select pg_advisory_unlock(hashtext($1))', [owner]);
  };
  try {
    const running = requests();
    await eventually(async () => (await waitingOnAdvisoryLocks()) >= 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await waitingOnAdvisoryLocks()).toBe(1);
    await release();
    return await Promise.all(running);
  } finally {
    await release();
  }
}

const tusCreate = (cookie: string, size: number) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': tusMetadata({ filename: 'a.wav', filetype: 'audio/wav' }),
    },
  });

const usage = async (cookie: string) =>
  (await echo.app!.inject({ method: 'GET', url: '/api/studio/usage', headers: { cookie } })).json() as {
    used_bytes: number;
    quota_bytes: number;
  };

describe('the storage quota under parallel requests', () => {
  it('accepts only the tus uploads that fit when ten are created at once', async () => {
    const owner = 'racer@example.com';
    const cookie = await sessionCookie(echo, owner);
    const answers = await behindTheLock(owner, () =>
      Array.from({ length: 10 }, () => tusCreate(cookie, 200 * KB)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 413)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.statusCode === 413))
      expect(refused.json()).toEqual({ code: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE });
    const { used_bytes, quota_bytes } = await usage(cookie);
    expect(used_bytes).toBe(1000 * KB);
    expect(used_bytes).toBeLessThanOrEqual(quota_bytes);
  });

  it("counts a recording's bytes from its chunk files, whatever order repeated and empty PUTs land in", async () => {
    const owner = 'chunks@example.com';
    const cookie = await sessionCookie(echo, owner);
    const started = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/recordings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ mime_type: 'audio/webm' }),
    });
    const id = started.json().id as string;
    const put = (n: number, bytes: number) =>
      echo.app!.inject({
        method: 'PUT',
        url: `/api/studio/recordings/${id}/chunks/${n}`,
        headers: { cookie, 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(bytes, 7),
      });
    expect((await put(1, 100 * KB)).statusCode).toBe(200);
    // The same chunk again, full and empty, all at once.
    const answers = await behindTheLock(owner, () => [put(1, 100 * KB), put(1, 0), put(1, 0), put(1, 0)]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const recording = (
      await echo.app!.inject({ method: 'GET', url: `/api/studio/recordings/${id}`, headers: { cookie } })
    ).json() as { bytes: number; chunks: number[] };
    expect(await echo.storedKeys(`studio/recordings/${id}/`)).toEqual([`studio/recordings/${id}/1`]);
    const size = (await echo.storage.head(`studio/recordings/${id}/1`))!.size;
    expect(recording.bytes).toBe(size);
    expect(recording.chunks).toEqual([1]);
    expect((await usage(cookie)).used_bytes).toBe(size);
  });

  it('writes nothing to disk for an owner whose storage is full', async () => {
    const owner = 'full@example.com';
    const cookie = await sessionCookie(echo, owner);
    expect((await tusCreate(cookie, 1024 * KB)).statusCode).toBe(201);
    const started = await echo.app!.inject({
      method: 'POST',
      url: '/api/studio/recordings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ mime_type: 'audio/webm' }),
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().id as string;
    const res = await echo.app!.inject({
      method: 'PUT',
      url: `/api/studio/recordings/${id}/chunks/1`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(10 * KB, 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('quota_exceeded');
    expect(await echo.storedKeys(`studio/recordings/${id}/`)).toEqual([]);
  });

  it('accepts only the notes whose text fits when five are written, and an import is sent, at once', async () => {
    const owner = 'writer@example.com';
    const cookie = await sessionCookie(echo, owner);
    const write = (i: number) =>
      echo.app!.inject({
        method: 'POST',
        url: '/api/studio/notes',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ text: `Note ${i}. ${'word '.repeat(58)}`.trim() }),
      });
    const importPosts = () =>
      echo.app!.inject({
        method: 'POST',
        url: '/api/studio/imports',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({
          type: 'file',
          filename: 'posts.txt',
          content: `First post. ${'post '.repeat(56)}\n\nSecond post. ${'post '.repeat(56)}`,
        }),
      });
    const answers = await behindTheLock(owner, () => [...[0, 1, 2, 3, 4].map(write), importPosts()]);
    const accepted = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 413);
    expect(accepted.length + refused.length).toBe(answers.length);
    for (const answer of refused)
      expect(answer.json()).toEqual({ code: 'quota_exceeded', message: textQuotaMessage(1000) });
    const [stored] = await echo.query<{ chars: number }>(
      'select coalesce(sum(length(text)), 0)::int as chars from studio_notes where owner_email = $1',
      [owner],
    );
    // Each note is 300 characters (the import brings two of ~290): three fit in 1,000, never more.
    expect(stored!.chars).toBeLessThanOrEqual(1000);
    expect(stored!.chars).toBeGreaterThan(1000 - 300);
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });
});
