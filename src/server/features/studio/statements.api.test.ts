import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAllStatements, countStatements, type StatementCount } from '#tests/support/statements.ts';
import { callAs, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import { registerStudioJobs } from './index.ts';

/**
 * What one note and one draft cost PostgreSQL, counted statement by statement (deterministic, unlike
 * the time they take on a shared machine). The budgets sit just above today's counts: a change that
 * adds a read per sentence, per draft or per setting fails here, and says which statements ran.
 * The queue's own fetch and completion of a job are pg-boss's and are not in these counts.
 */
// Today (after a first note and draft): a text note 11, its profile job 4, a draft request 9 for one
// format or five, the drafts' job 12 for one and 14 for five (one of them failing): two reads more
// than before conversations and honest scores, the note's speakers and the profile built without
// the draft's own notes.
const BUDGET = {
  textNote: 12,
  profileJob: 5,
  oneDraftRequest: 10,
  oneDraftJob: 13,
  fiveDraftsRequest: 10,
  fiveDraftsJob: 15,
};

const TEXT = Array.from(
  { length: 40 },
  (_, i) =>
    `Sentence ${i + 1} says something about pricing the work by the value it brings, not by the hours it took.`,
).join(' ');

let echo: StudioTestApp;
let cookie: string;
const handlers = new Map<string, JobHandler<unknown>>();

beforeAll(async () => {
  // No worker: each job is run here, inside the count, by the handler the worker would run.
  echo = await startStudioApp({ ROLE: 'web' });
  cookie = await sessionCookie(echo, 'counted@example.com');
  const queue = new Proxy(echo.ctx.jobs, {
    get(target, property, receiver) {
      if (property === 'handle')
        return (definition: { name: string }, handler: JobHandler<unknown>) =>
          handlers.set(definition.name, handler);
      if (property === 'handleBatch' || property === 'schedule') return () => {};
      return Reflect.get(target, property, receiver);
    },
  }) as JobQueue;
  registerStudioJobs(queue, {
    config: echo.ctx.config,
    database: echo.ctx.database,
    log: echo.ctx.log,
    stt: null,
    pocketsphinx: null,
    llm: null,
  });
  // Once before counting: the session is cached and the queue knows its queues after a first use,
  // as in a server that has been running (the counts are a note's and a draft's in steady state).
  const res = await callAs(echo, 'POST', '/api/studio/notes', cookie, { text: TEXT });
  expect(res.statusCode, res.body).toBe(201);
  const drafts = await callAs(echo, 'POST', '/api/studio/drafts', cookie, {
    note_ids: [res.json().id],
    formats: ['linkedin'],
    engine: 'extractive',
  });
  expect(drafts.statusCode, drafts.body).toBe(202);
  await runJobs('studio.profile');
  await runJobs('studio.draft');
});
afterAll(() => echo?.close());

/** Runs the waiting jobs of `name` (as the worker would) and what they cost, together. */
async function runJobs(name: string): Promise<StatementCount> {
  const jobs = await echo.query<{ id: string; data: unknown }>(
    "select id, data from pgboss.job where name = $1 and state = 'created' order by created_on",
    [name],
  );
  expect(jobs.length, name).toBeGreaterThan(0);
  const { count } = await countStatements(async () => {
    for (const job of jobs) await handlers.get(name)!(job.data, { jobId: job.id, retryCount: 0 });
  });
  await echo.query("delete from pgboss.job where name = $1 and state = 'created'", [name]);
  return count;
}

const within = (count: StatementCount, budget: number, what: string) =>
  expect(
    count.statements,
    `${what}: ${count.statements} statements (${count.rows} rows) over a budget of ${budget}:\n${count.texts.join('\n')}`,
  ).toBeLessThanOrEqual(budget);

describe('PostgreSQL statements per note and per draft', () => {
  let noteId: string;

  it('nothing talks to PostgreSQL while nothing happens (what makes the counts of requests exact)', async () => {
    const { count } = await countAllStatements(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(count.texts).toEqual([]);
  });

  it('one text note of 40 sentences: a few statements, none per sentence', async () => {
    const { result, count } = await countAllStatements(() =>
      callAs(echo, 'POST', '/api/studio/notes', cookie, { text: TEXT }),
    );
    expect(result.statusCode, result.body).toBe(201);
    noteId = result.json().id;
    within(count, BUDGET.textNote, 'POST /api/studio/notes');
    const profile = await runJobs('studio.profile');
    within(profile, BUDGET.profileJob, 'the studio.profile job');
  });

  it('one draft: the request and its job', async () => {
    const { result, count } = await countAllStatements(() =>
      callAs(echo, 'POST', '/api/studio/drafts', cookie, {
        note_ids: [noteId],
        formats: ['linkedin'],
        engine: 'extractive',
      }),
    );
    expect(result.statusCode, result.body).toBe(202);
    within(count, BUDGET.oneDraftRequest, 'POST /api/studio/drafts, one format');
    const job = await runJobs('studio.draft');
    within(job, BUDGET.oneDraftJob, 'the studio.draft job, one draft');
  });

  it('five drafts in one request cost about what one does, not five times as much', async () => {
    const { result, count } = await countAllStatements(() =>
      callAs(echo, 'POST', '/api/studio/drafts', cookie, {
        note_ids: [noteId],
        formats: ['blog', 'linkedin', 'thread', 'carousel', 'clips'],
        engine: 'extractive',
      }),
    );
    expect(result.statusCode, result.body).toBe(202);
    within(count, BUDGET.fiveDraftsRequest, 'POST /api/studio/drafts, five formats');
    const job = await runJobs('studio.draft');
    within(job, BUDGET.fiveDraftsJob, 'the studio.draft job, five drafts');
    const drafts = await echo.query<{ status: string }>(
      'select status from studio_drafts where owner_email = $1',
      ['counted@example.com'],
    );
    // A text note has no media to cut clips from: that draft fails, said in the draft (counted too).
    expect(drafts.filter((d) => d.status === 'ready')).toHaveLength(6);
    expect(drafts.filter((d) => d.status === 'failed')).toHaveLength(1);
  });
});
