import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { makeWav } from '../support/content-results.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type EchoProcess, postJson, spawnEcho } from '../support/echo-process.ts';
import { FakeOpenAi, type ReceivedRequest, SAMPLE_TREND_ANALYSIS } from '../support/fake-openai.ts';
import { createFakeYtDlp, ytDlpFixture } from '../support/fake-yt-dlp.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * A worker killed with SIGKILL while a trend analysis and a transcription wait on their providers:
 * after a new worker starts, each job runs again once (its stale heartbeat fails the dead run) and
 * its result lands exactly once.
 */

const TIKTOK = 'https://www.tiktok.com/@makerwithmaya/video/7123456789012345678';
const AUDIO_ONLY = 'https://www.tiktok.com/@echo/video/5550001';
const fixture = ytDlpFixture('tiktok-2022.json');
const SUMMARY = 'A creator explains the audio of the video in two sentences.';
const TRANSCRIPT = 'Speech from the audio file. It was transcribed after the worker came back.';

let database: TestDatabase;
let smtp: SmtpSink;
let llm: FakeOpenAi;
let stt: FakeOpenAi;
let env: Record<string, string>;
const processes: EchoProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await new SmtpSink().start();
  llm = await new FakeOpenAi().start();
  llm.chatReply = (request: ReceivedRequest) =>
    JSON.stringify(
      JSON.stringify(request.json).includes('summarise video transcripts')
        ? { summary: SUMMARY }
        : SAMPLE_TREND_ANALYSIS,
    );
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = TRANSCRIPT;
  const ytdlp = await createFakeYtDlp({
    [TIKTOK]: fixture,
    [AUDIO_ONLY]: { __audio: { ext: 'wav', base64: makeWav().toString('base64') } },
  });
  env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    YTDLP_PATH: ytdlp.bin,
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'test-key',
    STT_BASE_URL: stt.baseUrl,
    STT_API_KEY: 'test-key',
    ADMIN_PASSWORD: 'kill-worker-admin-pass',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '4',
    // A dead worker's job is failed once its heartbeat is 10 s old (the least pg-boss allows),
    // checked every second, and retried at once.
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '0',
  };
}, 60_000);

afterAll(async () => {
  for (const p of processes) await p.kill();
  await llm?.stop();
  await stt?.stop();
  await smtp?.stop();
  await database?.drop();
});

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
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

type JobRow = { state: string; retry_count: number };
const jobsOf = (queue: string, key: string, value: string) =>
  query<JobRow>(
    `select state, retry_count from pgboss.job where name = $1 and data->>$2 = $3 order by created_on`,
    [queue, key, value],
  );

describe('kill -9 of a worker in the middle of a job', () => {
  it('runs the job again on the next worker and finishes it exactly once', async () => {
    const web = await spawnEcho({ ...env, ROLE: 'web' }, await freePort());
    processes.push(web);
    // The worker logs its start at info level: that is how spawnEcho knows it is ready.
    const victim = await spawnEcho({ ...env, ROLE: 'worker', LOG_LEVEL: 'info' });
    processes.push(victim);

    // A trend analysis whose LLM call is in flight...
    const trendHeld = llm.holdNext();
    const created = await postJson(`${web.url}/api/trends`, { source: TIKTOK });
    expect(created.status).toBe(201);
    const { id: trendId } = (await created.json()) as { id: string };
    expect((await postJson(`${web.url}/api/trends/${trendId}/process`, {})).status).toBe(202);
    await trendHeld.arrived;

    // ...and a transcription whose speech-to-text call is in flight.
    const sttHeld = stt.holdNext();
    const submitted = await postJson(`${web.url}/api/reaction-video/submit`, {
      link: AUDIO_ONLY,
      source: 'Tiktok',
      email: 'killed@example.com',
    });
    expect(submitted.status).toBe(201);
    const { id: resultId } = (await submitted.json()) as { id: string };
    await sttHeld.arrived;

    // Both jobs are active under the worker that is about to die.
    expect(await jobsOf('trend.analyse', 'trendId', trendId)).toEqual([{ state: 'active', retry_count: 0 }]);
    expect(await jobsOf('content.transcribe', 'resultId', resultId)).toEqual([
      { state: 'active', retry_count: 0 },
    ]);
    expect(llm.chats).toHaveLength(1);
    expect(stt.transcriptions).toHaveLength(1);

    await victim.kill();
    // The providers answer only now, to a client that is gone.
    trendHeld.release();
    sttHeld.release();

    // While no worker runs, an e-mail is queued: the next worker must deliver it once.
    expect(
      (await postJson(`${web.url}/api/content-results/request-access`, { email: 'killed@example.com' }))
        .status,
    ).toBe(200);
    expect(await query('select status from trends where id = $1', [trendId])).toEqual([
      { status: 'processing' },
    ]);

    const revived = await spawnEcho({ ...env, ROLE: 'worker', LOG_LEVEL: 'info' });
    processes.push(revived);

    // Each job: failed by its stale heartbeat, retried once, completed; nothing left behind.
    const trendJobs = await until(
      () => jobsOf('trend.analyse', 'trendId', trendId),
      (rows) => rows.every((r) => r.state === 'completed'),
      60_000,
    );
    expect(trendJobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    const transcribeJobs = await until(
      () => jobsOf('content.transcribe', 'resultId', resultId),
      (rows) => rows.every((r) => r.state === 'completed'),
      60_000,
    );
    expect(transcribeJobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    await until(
      () =>
        query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name not like '__pgboss%' and state in ('created', 'retry', 'active')
           and name in ('trend.analyse', 'content.transcribe', 'content.summarize', 'outbox.send')`,
        ),
      (rows) => rows[0]!.n === 0,
      30_000,
    );

    // The trend: analysed once, by the LLM, with its ideas once.
    const [trend] = await query<{ status: string; engine: string; twist_ideas: string[] }>(
      'select status, engine, twist_ideas from trends where id = $1',
      [trendId],
    );
    expect(trend).toEqual({
      status: 'processed',
      engine: 'llm',
      twist_ideas: SAMPLE_TREND_ANALYSIS.twist_ideas,
    });

    // The transcription: one result, completed once with the second run's transcript.
    const results = await query<{ id: string; status: string; result_data: Record<string, string> }>(
      'select id, status, result_data from content_results where user_email = $1',
      ['killed@example.com'],
    );
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: resultId,
      status: 'completed',
      result_data: { transcription: TRANSCRIPT, summary: SUMMARY, method: 'stt' },
    });

    // Providers: the interrupted call plus exactly one call for the run that finished.
    expect(stt.transcriptions).toHaveLength(2);
    const analyses = llm.chats.filter((r) => !JSON.stringify(r.json).includes('summarise video transcripts'));
    const summaries = llm.chats.filter((r) => JSON.stringify(r.json).includes('summarise video transcripts'));
    expect(analyses).toHaveLength(2);
    expect(summaries).toHaveLength(1);

    // The e-mail queued while no worker ran: delivered once.
    await smtp.waitFor((mails) => mails.some((m) => m.to.includes('killed@example.com')));
    const [outbox] = await query<{ n: number }>(
      `select count(*)::int as n from outbox where recipient = 'killed@example.com' and status = 'sent'`,
    );
    expect(outbox!.n).toBe(1);
    expect(smtp.to('killed@example.com')).toHaveLength(1);

    expect(await revived.stop()).toBe(0);
    expect(await web.stop()).toBe(0);
  }, 180_000);
});
