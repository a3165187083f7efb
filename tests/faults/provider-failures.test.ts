import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcribeFailedJob } from '../../src/server/features/content-results/index.ts';
import {
  DELIVERY_DID_NOT_FINISH,
  queueEmail,
  queueSms,
  SEND_RETRIES,
  sendOutboxFailedJob,
} from '../../src/server/features/outbox/index.ts';
import { TRANSCRIPTION_DID_NOT_FINISH } from '../../src/server/features/transcription/index.ts';
import { ANALYSIS_DID_NOT_FINISH } from '../../src/server/features/trends/index.ts';
import { makeWav } from '../support/content-results.ts';
import { FakeOpenAi, type ReceivedRequest, SAMPLE_TREND_ANALYSIS } from '../support/fake-openai.ts';
import { FakeTwilio } from '../support/fake-twilio.ts';
import { createFakeYtDlp, ytDlpFixture } from '../support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every outside provider (SMTP, Twilio, speech-to-text, LLM) that hangs until the time-out or
 * answers an error: the work is retried, the last failure is recorded where a person sees it, and
 * no job is left active. One failure followed by a success delivers or completes exactly once.
 * Time-outs and retry delays are shortened through the configuration, as an operator could.
 */

const fixture = ytDlpFixture('tiktok-2022.json');
const trendUrl = (n: number) => `https://www.tiktok.com/@makerwithmaya/video/71234567890123456${10 + n}`;
const audioUrl = (n: number) => `https://www.tiktok.com/@echo/video/77700${n}`;
const isSummary = (request: ReceivedRequest) =>
  JSON.stringify(request.json).includes('summarise video transcripts');
/** Each message is tried once, then retried SEND_RETRIES times. */
const SEND_ATTEMPTS = 1 + SEND_RETRIES;
/** The OpenAI client tries each request twice (one retry on time-outs and 5xx). */
const CLIENT_TRIES = 2;

let echo: TestApp;
let llm: FakeOpenAi;
let stt: FakeOpenAi;
let twilio: FakeTwilio;

beforeAll(async () => {
  const audio = { __audio: { ext: 'wav', base64: makeWav().toString('base64') } };
  const ytdlp = await createFakeYtDlp({
    ...Object.fromEntries([1, 2, 3, 4].map((n) => [trendUrl(n), fixture])),
    ...Object.fromEntries([1, 2, 3].map((n) => [audioUrl(n), audio])),
  });
  llm = await new FakeOpenAi().start();
  llm.chatReply = (request) =>
    JSON.stringify(isSummary(request) ? { summary: 'Short summary.' } : SAMPLE_TREND_ANALYSIS);
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = 'Speech from the audio file. It came through on a retry.';
  twilio = await new FakeTwilio().start();
  echo = await startTestApp({
    ...twilio.env,
    YTDLP_PATH: ytdlp.bin,
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'test-key',
    STT_BASE_URL: stt.baseUrl,
    STT_API_KEY: 'test-key',
    TREND_RATE_LIMIT: '1000',
    PROVIDER_TIMEOUT_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '0',
  });
});
afterAll(async () => {
  await echo?.close();
  await llm?.stop();
  await stt?.stop();
  await twilio?.stop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** The jobs of one item, once none of them is waiting or running any more. */
async function settledJobs(queue: string, key: string, value: string) {
  return until(
    () =>
      echo.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = $1 and data->>$2 = $3 order by created_on`,
        [queue, key, value],
      ),
    (rows) => rows.length > 0 && rows.every((r) => r.state === 'completed' || r.state === 'failed'),
  );
}

type OutboxRow = { status: string; attempts: number; error: string | null };

async function deliver(channel: 'email' | 'sms', to: string) {
  const id = await echo.ctx.database.transaction((tx) =>
    channel === 'email'
      ? queueEmail(tx, echo.ctx.jobs, 'fault.test', { to, subject: 'Fault test', text: 'Hello.' })
      : queueSms(tx, echo.ctx.jobs, 'fault.test', { to, body: 'Hello.' }),
  );
  const jobs = await settledJobs('outbox.send', 'outboxId', String(id));
  const [row] = await echo.query<OutboxRow>('select status, attempts, error from outbox where id = $1', [id]);
  return { row: row!, jobs };
}

describe('SMTP', { timeout: 90_000 }, () => {
  it('hanging: each attempt times out, is retried, and the last one records the failure', async () => {
    echo.smtp.hang = true;
    try {
      const { row, jobs } = await deliver('email', 'hang@example.com');
      expect(row).toMatchObject({ status: 'failed', attempts: SEND_ATTEMPTS });
      expect(row.error).toMatch(/timeout|timed out/i);
      expect(jobs).toEqual([{ state: 'completed', retry_count: SEND_RETRIES }]);
    } finally {
      echo.smtp.hang = false;
    }
    expect(echo.smtp.attemptsTo('hang@example.com')).toBe(SEND_ATTEMPTS);
    expect(echo.smtp.to('hang@example.com')).toEqual([]);
  });

  it('answering 5xx: retried, then failed with the server answer', async () => {
    echo.smtp.failWith = '554 5.7.1 mailbox unavailable';
    try {
      const { row, jobs } = await deliver('email', 'bounce@example.com');
      expect(row).toMatchObject({ status: 'failed', attempts: SEND_ATTEMPTS });
      expect(row.error).toContain('554 5.7.1 mailbox unavailable');
      expect(jobs).toEqual([{ state: 'completed', retry_count: SEND_RETRIES }]);
    } finally {
      echo.smtp.failWith = null;
    }
    expect(echo.smtp.attemptsTo('bounce@example.com')).toBe(SEND_ATTEMPTS);
    expect(echo.smtp.to('bounce@example.com')).toEqual([]);
  });

  it('answering 4xx once, then accepting: delivered exactly once', async () => {
    echo.smtp.failNext('451 4.3.0 try again later');
    const { row, jobs } = await deliver('email', 'later@example.com');
    expect(row).toEqual({ status: 'sent', attempts: 2, error: null });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(echo.smtp.attemptsTo('later@example.com')).toBe(2);
    expect(echo.smtp.to('later@example.com')).toHaveLength(1);
  });
});

describe('SMS (Twilio)', { timeout: 90_000 }, () => {
  it('hanging: each attempt times out, is retried, and the last one records the failure', async () => {
    twilio.hang = true;
    try {
      const { row, jobs } = await deliver('sms', '+15005550101');
      expect(row).toMatchObject({ status: 'failed', attempts: SEND_ATTEMPTS });
      expect(row.error).toMatch(/timeout|timed out/i);
      expect(jobs).toEqual([{ state: 'completed', retry_count: SEND_RETRIES }]);
    } finally {
      twilio.hang = false;
    }
    expect(twilio.attemptsTo('+15005550101')).toBe(SEND_ATTEMPTS);
    expect(twilio.messages.filter((m) => m.To === '+15005550101')).toEqual([]);
  });

  it('answering 500: retried, then failed with the API answer', async () => {
    twilio.failWith = 500;
    try {
      const { row, jobs } = await deliver('sms', '+15005550102');
      expect(row).toMatchObject({
        status: 'failed',
        attempts: SEND_ATTEMPTS,
        error: 'Twilio 500: Queue overflow',
      });
      expect(jobs).toEqual([{ state: 'completed', retry_count: SEND_RETRIES }]);
    } finally {
      twilio.failWith = null;
    }
    expect(twilio.attemptsTo('+15005550102')).toBe(SEND_ATTEMPTS);
    expect(twilio.messages.filter((m) => m.To === '+15005550102')).toEqual([]);
  });

  it('answering 503 once, then accepting: sent exactly once', async () => {
    twilio.failNext(503);
    const { row, jobs } = await deliver('sms', '+15005550103');
    expect(row).toEqual({ status: 'sent', attempts: 2, error: null });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(twilio.attemptsTo('+15005550103')).toBe(2);
    expect(twilio.messages.filter((m) => m.To === '+15005550103')).toHaveLength(1);
  });
});

describe('speech-to-text', { timeout: 90_000 }, () => {
  /** Submits a transcription of a video without captions (so it goes to speech-to-text). */
  async function transcribe(n: number) {
    const submitted = await echo.app!.inject({
      method: 'POST',
      url: '/api/reaction-video/submit',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ link: audioUrl(n), source: 'Tiktok', email: `stt-${n}@example.com` }),
    });
    expect(submitted.statusCode).toBe(201);
    const { id } = submitted.json() as { id: string };
    const jobs = await settledJobs('content.transcribe', 'resultId', id);
    const rows = await echo.query<{ status: string; result_data: Record<string, string> }>(
      'select status, result_data from content_results where user_email = $1',
      [`stt-${n}@example.com`],
    );
    return { rows, jobs };
  }
  /** The transcription job is tried once and retried twice. */
  const JOB_ATTEMPTS = 3;

  it('hanging: retried by the client and the job, then the result fails with the reason', async () => {
    const before = stt.transcriptions.length;
    stt.hang = true;
    try {
      const { rows, jobs } = await transcribe(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('failed');
      expect(rows[0]!.result_data.error).toMatch(
        /^No transcript could be produced: the video has no captions; the speech-to-text server failed \(.*timed out.*\)/i,
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: JOB_ATTEMPTS - 1 }]);
    } finally {
      stt.hang = false;
    }
    expect(stt.transcriptions.length - before).toBe(JOB_ATTEMPTS * CLIENT_TRIES);
  });

  it('answering 500: retried, then the result fails with the reason', async () => {
    const before = stt.transcriptions.length;
    stt.failWithStatus = 500;
    try {
      const { rows, jobs } = await transcribe(2);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('failed');
      expect(rows[0]!.result_data.error).toMatch(
        /^No transcript could be produced: the video has no captions; the speech-to-text server failed \(500 /,
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: JOB_ATTEMPTS - 1 }]);
    } finally {
      stt.failWithStatus = null;
    }
    expect(stt.transcriptions.length - before).toBe(JOB_ATTEMPTS * CLIENT_TRIES);
  });

  it('failing a whole first attempt, then answering: one completed result', async () => {
    const before = stt.transcriptions.length;
    stt.failNext(500, 500);
    const { rows, jobs } = await transcribe(3);
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'completed',
      result_data: {
        transcription: 'Speech from the audio file. It came through on a retry.',
        method: 'stt',
      },
    });
    expect(rows[0]!.result_data.error).toBeUndefined();
    expect(stt.transcriptions.length - before).toBe(CLIENT_TRIES + 1);
  });
});

describe('LLM (trend analysis)', { timeout: 90_000 }, () => {
  async function analyse(n: number) {
    const created = await echo.app!.inject({
      method: 'POST',
      url: '/api/trends',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ source: trendUrl(n) }),
    });
    const { id } = created.json() as { id: string };
    const asked = await echo.app!.inject({ method: 'POST', url: `/api/trends/${id}/process` });
    expect(asked.statusCode).toBe(202);
    const jobs = await settledJobs('trend.analyse', 'trendId', id);
    const [trend] = await echo.query<{ status: string; engine: string | null; twist_ideas: string[] }>(
      'select status, engine, twist_ideas from trends where id = $1',
      [id],
    );
    return { trend: trend!, jobs };
  }
  const analyses = () => llm.chats.filter((r) => !isSummary(r)).length;
  /** The analyser asks twice, and the client tries each request twice: then the template engine. */
  const LLM_ATTEMPTS = 2 * CLIENT_TRIES;

  it('hanging: retried, then the trend is analysed by the template engine, never stuck', async () => {
    const before = analyses();
    llm.hang = true;
    try {
      const { trend, jobs } = await analyse(1);
      expect(trend).toMatchObject({ status: 'processed', engine: 'template' });
      expect(trend.twist_ideas.length).toBeGreaterThan(0);
      expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      llm.hang = false;
    }
    expect(analyses() - before).toBe(LLM_ATTEMPTS);
  });

  it('answering 500: retried, then the template engine', async () => {
    const before = analyses();
    llm.failWithStatus = 500;
    try {
      const { trend, jobs } = await analyse(2);
      expect(trend).toMatchObject({ status: 'processed', engine: 'template' });
      expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      llm.failWithStatus = null;
    }
    expect(analyses() - before).toBe(LLM_ATTEMPTS);
  });

  it('answering 500 once, then answering: one analysis by the LLM', async () => {
    const before = analyses();
    llm.failNext(500);
    const { trend, jobs } = await analyse(3);
    expect(trend).toEqual({
      status: 'processed',
      engine: 'llm',
      twist_ideas: SAMPLE_TREND_ANALYSIS.twist_ideas,
    });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(analyses() - before).toBe(2);
  });
});

describe('a job that fails for good', { timeout: 90_000 }, () => {
  it('its last try cut off mid-call: the trend is failed with a reason, and the late answer is dropped', async () => {
    const created = await echo.app!.inject({
      method: 'POST',
      url: '/api/trends',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ source: trendUrl(4) }),
    });
    const { id } = created.json() as { id: string };
    await echo.query(`update trends set status = 'processing' where id = $1`, [id]);
    const held = llm.holdNext();
    // A run that is the job's last try, as a retried job's final attempt would be.
    const jobId = await echo.ctx.jobs.boss.send(
      'trend.analyse',
      { trendId: id, mode: 'analyse' },
      { retryLimit: 0 },
    );
    await held.arrived;
    // What the supervisor does when that try's heartbeat goes stale or it expires.
    await echo.ctx.jobs.boss.fail('trend.analyse', jobId!, { message: 'job heartbeat timeout' });
    const [trend] = await until(
      () =>
        echo.query<{ status: string; error: string | null }>(
          'select status, error from trends where id = $1',
          [id],
        ),
      (rows) => rows[0]?.status !== 'processing',
    );
    expect(trend).toEqual({ status: 'failed', error: ANALYSIS_DID_NOT_FINISH });
    // The abandoned handler gets its answer now: it must not overwrite the recorded failure.
    held.release();
    expect(await settledJobs('trend.analyse.failed', 'trendId', id)).toEqual([
      { state: 'completed', retry_count: 0 },
    ]);
    // The worker runs one analysis at a time: a job sent now runs once the abandoned handler is done.
    const probe = randomUUID();
    await echo.ctx.jobs.boss.send('trend.analyse', { trendId: probe, mode: 'analyse' });
    expect(await settledJobs('trend.analyse', 'trendId', probe)).toEqual([
      { state: 'completed', retry_count: 0 },
    ]);
    expect(await echo.query('select status, error from trends where id = $1', [id])).toEqual([
      { status: 'failed', error: ANALYSIS_DID_NOT_FINISH },
    ]);
    // Retry works as for any failed trend.
    const retried = await echo.app!.inject({ method: 'POST', url: `/api/trends/${id}/process` });
    expect(retried.statusCode).toBe(202);
    expect(await settledJobs('trend.analyse', 'trendId', id)).toContainEqual({
      state: 'completed',
      retry_count: 0,
    });
    expect(await echo.query('select status, engine from trends where id = $1', [id])).toEqual([
      { status: 'processed', engine: 'llm' },
    ]);
  });

  it('a transcription or a delivery that failed for good is recorded as failed, not left running', async () => {
    expect(
      await echo.query(
        `select name, dead_letter from pgboss.queue
         where name in ('trend.analyse', 'content.transcribe', 'outbox.send') order by name`,
      ),
    ).toEqual([
      { name: 'content.transcribe', dead_letter: 'content.transcribe.failed' },
      { name: 'outbox.send', dead_letter: 'outbox.send.failed' },
      { name: 'trend.analyse', dead_letter: 'trend.analyse.failed' },
    ]);
    const [result] = await echo.query<{ id: string }>(
      `insert into content_results (product_type, status, source_url, source_platform, user_email)
       values ('transcription', 'processing', $1, 'Tiktok', 'gone@example.com') returning id`,
      [audioUrl(9)],
    );
    const [message] = await echo.query<{ id: number }>(
      `insert into outbox (channel, kind, recipient, subject, text_body, status, attempts)
       values ('email', 'fault.test', 'gone@example.com', 'Hi', 'Hello.', 'sending', 1) returning id`,
    );
    await echo.ctx.database.transaction(async (tx) => {
      await echo.ctx.jobs.enqueue(tx, transcribeFailedJob, { resultId: result!.id });
      await echo.ctx.jobs.enqueue(tx, sendOutboxFailedJob, { outboxId: Number(message!.id) });
    });
    await settledJobs('content.transcribe.failed', 'resultId', result!.id);
    await settledJobs('outbox.send.failed', 'outboxId', String(message!.id));
    expect(
      await echo.query('select status, result_data from content_results where id = $1', [result!.id]),
    ).toEqual([{ status: 'failed', result_data: { error: TRANSCRIPTION_DID_NOT_FINISH } }]);
    expect(await echo.query('select status, error from outbox where id = $1', [message!.id])).toEqual([
      { status: 'failed', error: DELIVERY_DID_NOT_FINISH },
    ]);
  });
});
