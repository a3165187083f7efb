import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi } from '../support/fake-openai.ts';
import { createFakeYtDlp } from '../support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const TIKTOK = 'https://www.tiktok.com/@makerwithmaya/video/7123456789012345678';
const fixture = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/yt-dlp/tiktok-2022.json'), 'utf8'),
);

let echo: TestApp;
let openai: FakeOpenAi;
beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({ [TIKTOK]: fixture });
  openai = await new FakeOpenAi().start();
  echo = await startTestApp({
    YTDLP_PATH: ytdlp.bin,
    LLM_BASE_URL: openai.baseUrl,
    LLM_API_KEY: 'test-key',
    SIGNUP_RATE_LIMIT: '1000',
    TREND_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await echo?.close();
  await openai?.stop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('a failing provider', () => {
  it('SMTP rejecting the message: the failure is recorded on the outbox row and the job waits for a retry', async () => {
    echo.smtp.failWith = '554 5.7.1 mailbox unavailable';
    try {
      const signup = await echo.app!.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Bounce', email: 'bounce@example.com', role: 'Creator' }),
      });
      expect(signup.statusCode).toBe(201);
      const [row] = await until(
        () =>
          echo.query<{ id: string; status: string; attempts: number; error: string | null }>(
            `select id, status, attempts, error from outbox where recipient = 'bounce@example.com'`,
          ),
        (rows) => rows[0]?.status === 'queued' && rows[0].error !== null,
      );
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.error).toContain('554');
      // The queue holds it for a retry later (not active, not lost).
      const jobs = await until(
        () =>
          echo.query<{ state: string; later: boolean }>(
            `select state, start_after > now() as later from pgboss.job
             where name = 'outbox.send' and data->>'outboxId' = $1`,
            [String(row!.id)],
          ),
        (rows) => rows[0]?.state === 'retry',
      );
      expect(jobs).toEqual([{ state: 'retry', later: true }]);
      expect(echo.smtp.to('bounce@example.com')).toEqual([]);
    } finally {
      echo.smtp.failWith = null;
    }
  });

  it('an LLM answering 500: the trend analysis still finishes (template engine), never stuck in processing', async () => {
    openai.failWithStatus = 500;
    try {
      const created = await echo.app!.inject({
        method: 'POST',
        url: '/api/trends',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ source: TIKTOK }),
      });
      const { id } = created.json() as { id: string };
      const asked = await echo.app!.inject({
        method: 'POST',
        url: `/api/trends/${id}/process`,
        headers: { 'content-type': 'application/json' },
      });
      expect(asked.statusCode).toBe(202);
      const [trend] = await until(
        () =>
          echo.query<{ status: string; engine: string | null }>(
            'select status, engine from trends where id = $1',
            [id],
          ),
        (rows) => rows[0]?.status === 'processed' || rows[0]?.status === 'failed',
      );
      expect(trend).toEqual({ status: 'processed', engine: 'template' });
      const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
      // Tried (with the client's one retry, then one more attempt), not hammered.
      expect(chats.length).toBeGreaterThanOrEqual(1);
      expect(chats.length).toBeLessThanOrEqual(4);
    } finally {
      openai.failWithStatus = null;
    }
  });
});
