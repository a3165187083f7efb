import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { defineJob, JobQueue } from './queue.ts';

let testDb: TestDatabase;
let database: Database;
const started: JobQueue[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url);
});
afterAll(async () => {
  for (const queue of started) await queue.stop();
  await database?.close();
  await testDb?.drop();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await database.pool.query(text, values)).rows as T[];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

const payload = z.object({ n: z.number() });
const brokenFailed = defineJob({ name: 'test.broken.failed', schema: payload });
const broken = defineJob({
  name: 'test.broken',
  schema: payload,
  retryLimit: 2,
  heartbeat: true,
  deadLetter: brokenFailed,
});

describe('job queue', () => {
  it('hands a job that failed on every try to its dead-letter handler, once', async () => {
    const runs: number[] = [];
    const deadLetters: Array<{ n: number }> = [];
    // Listed before its dead-letter queue: the queue creates that one first.
    const queue = new JobQueue([broken, brokenFailed], {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 0,
    });
    queue.handle(broken, async (_data, { retryCount }) => {
      runs.push(retryCount);
      throw new Error(`broken on try ${retryCount + 1}`);
    });
    queue.handle(brokenFailed, async (data) => {
      deadLetters.push(data);
    });
    await queue.start();
    started.push(queue);

    await database.transaction((tx) => queue.enqueue(tx, broken, { n: 7 }));
    await until(
      async () => deadLetters.length,
      (n) => n > 0,
    );
    expect(runs).toEqual([0, 1, 2]);
    expect(deadLetters).toEqual([{ n: 7 }]);
    const jobs = await until(
      () =>
        q<{ name: string; state: string }>(
          `select name, state from pgboss.job where name like 'test.broken%'`,
        ),
      (rows) => rows.every((r) => r.state === 'completed' || r.state === 'failed'),
    );
    expect(jobs.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'test.broken', state: 'failed' },
      { name: 'test.broken.failed', state: 'completed' },
    ]);
    await queue.stop();
  });

  it('brings existing queues in step with the definitions and the configuration at start', async () => {
    const settings = () =>
      q(
        `select name, retry_limit, retry_delay, retry_delay_max, retry_backoff, heartbeat_seconds, dead_letter
         from pgboss.queue where name like 'test.broken%' order by name`,
      );
    const withDefaults = new JobQueue([broken, brokenFailed], { connectionString: testDb.url, work: false });
    await withDefaults.start();
    await withDefaults.stop();
    expect(await settings()).toEqual([
      {
        name: 'test.broken',
        retry_limit: 2,
        retry_delay: 5,
        retry_delay_max: 3600,
        retry_backoff: true,
        heartbeat_seconds: 30,
        dead_letter: 'test.broken.failed',
      },
      {
        name: 'test.broken.failed',
        retry_limit: 5,
        retry_delay: 5,
        retry_delay_max: 3600,
        retry_backoff: true,
        heartbeat_seconds: null,
        dead_letter: null,
      },
    ]);

    const tuned = new JobQueue([broken, brokenFailed], {
      connectionString: testDb.url,
      work: false,
      heartbeatSeconds: 12,
      retryDelaySeconds: 1,
    });
    await tuned.start();
    started.push(tuned);
    expect((await settings())[0]).toMatchObject({
      retry_delay: 1,
      retry_delay_max: 1,
      heartbeat_seconds: 12,
      dead_letter: 'test.broken.failed',
    });
    // Jobs carry the queue's heartbeat.
    await database.transaction((tx) => tuned.enqueue(tx, broken, { n: 8 }));
    expect(
      await q(
        `select heartbeat_seconds, retry_delay from pgboss.job where name = 'test.broken' and data->>'n' = '8'`,
      ),
    ).toEqual([{ heartbeat_seconds: 12, retry_delay: 1 }]);
  });

  it('debounces: one job a slot per key, one more in the next slot, none beyond', async () => {
    const rebuild = defineJob({ name: 'test.rebuild', schema: payload });
    const queue = new JobQueue([rebuild], { connectionString: testDb.url, work: false });
    await queue.start();
    started.push(queue);
    // A slot long enough that all five sends fall in it (60 s; sent within a second, not near its end).
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    const send = (n: number, key = 'a@example.com') =>
      database.transaction((tx) =>
        queue.enqueue(tx, rebuild, { n }, { singletonKey: key, debounceSeconds: 60 }),
      );
    const ids = [await send(1), await send(2), await send(3), await send(4, 'b@example.com'), await send(5)];
    expect(ids.map((id) => id !== null)).toEqual([true, true, false, true, false]);
    const jobs = await q<{ n: number; later: boolean }>(
      "select (data->>'n')::int as n, start_after > now() + interval '1 second' as later from pgboss.job where name = 'test.rebuild' order by n",
    );
    // The first of each key now, the second at the next slot's start.
    expect(jobs).toEqual([
      { n: 1, later: false },
      { n: 2, later: true },
      { n: 4, later: false },
    ]);
    await expect(
      database.transaction((tx) => queue.enqueue(tx, rebuild, { n: 6 }, { debounceSeconds: 5 })),
    ).rejects.toThrow('debounceSeconds needs a singletonKey');
  });

  it('refuses a dead-letter job that is not in its list', async () => {
    const queue = new JobQueue([broken], { connectionString: testDb.url, work: false });
    await expect(queue.start()).rejects.toThrow(
      'Dead-letter job test.broken.failed of test.broken is not registered',
    );
    await queue.boss.stop({ graceful: false });
  });
  it('takes the next waiting job as soon as one ends, not after the polling interval', async () => {
    const quick = defineJob({ name: 'test.quick', schema: payload });
    // Queued before any worker runs: the worker's first fetch finds the first job at start; the
    // others must follow at once, since the polling interval (60 s) outlasts the wait below (20 s).
    const producer = new JobQueue([quick], { connectionString: testDb.url, work: false });
    await producer.start();
    started.push(producer);
    for (const n of [1, 2, 3]) await database.transaction((tx) => producer.enqueue(tx, quick, { n }));
    const handled: number[] = [];
    const worker = new JobQueue([quick], {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 60,
    });
    worker.handle(quick, async ({ n }) => {
      handled.push(n);
    });
    await worker.start();
    started.push(worker);
    await until(
      async () => handled.length,
      (count) => count === 3,
    );
    expect(handled.sort()).toEqual([1, 2, 3]);
  });

  it('wakes an idle worker when a job is sent (LISTEN/NOTIFY), not at its next poll', async () => {
    const sent = defineJob({ name: 'test.sent', schema: payload });
    const handled: number[] = [];
    // Started with nothing queued: its first fetch finds nothing, and its next poll is 60 s away,
    // longer than the wait below (20 s); only the NOTIFY of the sending transaction can wake it.
    const worker = new JobQueue([sent], {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 60,
    });
    worker.handle(sent, async ({ n }) => {
      handled.push(n);
    });
    await worker.start();
    started.push(worker);
    const producer = new JobQueue([sent], { connectionString: testDb.url, work: false });
    await producer.start();
    started.push(producer);
    // Let the worker's first (empty) fetch happen first, so that fetch cannot be what finds the job.
    await new Promise((r) => setTimeout(r, 1000));
    await database.transaction((tx) => producer.enqueue(tx, sent, { n: 7 }));
    await until(
      async () => handled.length,
      (count) => count === 1,
    );
    expect(handled).toEqual([7]);
  });

  it('runs as many handlers at once as the concurrency given when the handler was registered', async () => {
    const slow = defineJob({ name: 'test.slow', schema: payload });
    const producer = new JobQueue([slow], { connectionString: testDb.url, work: false });
    await producer.start();
    await database.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await producer.enqueue(tx, slow, { n });
    });
    await producer.stop();
    const worker = new JobQueue([slow], {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    let running = 0;
    let most = 0;
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    worker.handle(
      slow,
      async ({ n }) => {
        running++;
        most = Math.max(most, running);
        if (running === 3) release();
        await gate;
        running--;
        done.push(n);
      },
      { concurrency: 3 },
    );
    await worker.start();
    started.push(worker);
    // With one handler at a time the gate would never open (the first job waits for the third).
    await until(
      async () => done.length,
      (n) => n === 3,
    );
    expect(most).toBe(3);
    await worker.stop();
  });
});

describe('one poller per queue', () => {
  /** Counts the fetches of a queue's jobs (pg-boss's `fetch`, which the poller calls). */
  function countFetches(queue: JobQueue) {
    const counted = { fetches: 0 };
    const fetch = queue.boss.fetch.bind(queue.boss);
    queue.boss.fetch = ((...args: Parameters<typeof fetch>) => {
      counted.fetches++;
      return fetch(...args);
    }) as typeof fetch;
    return counted;
  }

  it('a job sent to a queue of 8 slots costs one fetch, not one per slot', async () => {
    const wide = defineJob({ name: 'test.wide', schema: payload });
    const worker = new JobQueue([wide], {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 60,
    });
    const handled: number[] = [];
    worker.handle(
      wide,
      async ({ n }) => {
        handled.push(n);
      },
      { concurrency: 8 },
    );
    const counted = countFetches(worker);
    await worker.start();
    started.push(worker);
    const producer = new JobQueue([wide], { connectionString: testDb.url, work: false });
    await producer.start();
    started.push(producer);
    // The start's fetches (at start and once the LISTEN is in place) are over.
    await new Promise((r) => setTimeout(r, 1000));
    const before = counted.fetches;
    await database.transaction((tx) => producer.enqueue(tx, wide, { n: 1 }));
    await until(
      async () => handled.length,
      (count) => count === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(counted.fetches - before).toBe(1);
    // Three jobs sent together: one notification, one fetch of as many as there are free slots.
    await database.transaction(async (tx) => {
      for (const n of [2, 3, 4]) await producer.enqueue(tx, wide, { n });
    });
    await until(
      async () => handled.length,
      (count) => count === 4,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(counted.fetches - before).toBe(2);
    await worker.stop();
  });

  it('an idle worker fetches nothing: one statement a poll asks which of its queues hold a ready job', async () => {
    const names = ['test.idle.a', 'test.idle.b', 'test.idle.c'];
    const definitions = names.map((name) => defineJob({ name, schema: payload }));
    const worker = new JobQueue(definitions, {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 0.2,
    });
    const handled: string[] = [];
    for (const definition of definitions)
      worker.handle(definition, async () => {
        handled.push(definition.name);
      });
    const counted = countFetches(worker);
    await worker.start();
    started.push(worker);
    await new Promise((r) => setTimeout(r, 1500));
    expect(counted.fetches).toBe(0);
    // A job due later is not announced when it becomes due: a poll finds its queue, which fetches it.
    const producer = new JobQueue(definitions, { connectionString: testDb.url, work: false });
    await producer.start();
    started.push(producer);
    await database.transaction((tx) =>
      producer.enqueue(tx, definitions[1]!, { n: 1 }, { startAfter: new Date(Date.now() + 1500) }),
    );
    await until(
      async () => handled.length,
      (count) => count === 1,
    );
    expect(handled).toEqual(['test.idle.b']);
    expect(counted.fetches).toBeLessThanOrEqual(3);
    await worker.stop();
  });

  it('a queued job, and one whose worker stopped while it ran, are run by the next worker', async () => {
    const held = defineJob({ name: 'test.held', schema: payload });
    const producer = new JobQueue([held], { connectionString: testDb.url, work: false });
    await producer.start();
    started.push(producer);
    const options = {
      connectionString: testDb.url,
      work: true,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    };
    const first = new JobQueue([held], options);
    let began = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One slot: job 1 holds it, job 2 waits in the table behind it.
    first.handle(held, async () => {
      began++;
      await gate;
    });
    await first.start();
    await database.transaction(async (tx) => {
      for (const n of [1, 2]) await producer.enqueue(tx, held, { n });
    });
    await until(
      async () => began,
      (count) => count === 1,
    );
    // The restart: the running job is failed (to be retried), the queued one was never fetched.
    await first.stop();
    release();
    const handled: { n: number; retryCount: number }[] = [];
    const second = new JobQueue([held], options);
    second.handle(held, async ({ n }, { retryCount }) => {
      handled.push({ n, retryCount });
    });
    await second.start();
    started.push(second);
    const done = await until(
      async () => handled,
      (list) => list.length === 2,
    );
    expect(done.map((job) => job.n).sort()).toEqual([1, 2]);
    expect(done.find((job) => job.n === 1)?.retryCount).toBe(1);
    expect(began).toBe(1);
  }, 40_000);
});
