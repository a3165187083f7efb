import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { type Listener, listen } from '../db/listen.ts';
import { Dispatcher, type FetchedJob } from './dispatcher.ts';

export interface JobContext {
  jobId: string;
  /** 0 on the first run, then one more for each retry. */
  retryCount: number;
}

/**
 * A typed job: its queue name, payload schema and retry policy. Services enqueue it by this
 * definition; the worker side registers its (idempotent) handler with `JobQueue.handle`.
 */
export interface JobDefinition<T> {
  name: string;
  schema: z.ZodType<T>;
  /** Retries after the first run (default 5), with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Upper bound of one run (default 300 s): a handler still running then is failed and retried,
   * the bound for a worker that is alive but stuck.
   */
  expireInSeconds?: number;
  /**
   * Long-running (calls a slow provider): the worker sends a heartbeat while the handler runs, so a
   * run whose worker died is retried once its heartbeat is stale (JOB_HEARTBEAT_SECONDS) instead
   * of only after expireInSeconds.
   */
  heartbeat?: boolean;
  /**
   * Receives this job's payload once the job has failed for good (the last retry threw, expired, or
   * its worker died): its handler records the failure where a person sees it, so nothing the job
   * was meant to finish stays 'processing'. Must be in the same job list.
   */
  deadLetter?: JobDefinition<T>;
  /** Handlers of this job running at once in one worker process (default 1). */
  concurrency?: number;
  /**
   * Jobs fetched at once (default 1). Above 1 the batch runs concurrently, each job settles on its
   * own (one failure retries only that job), and a full batch fetches the next one at once instead
   * of waiting for the polling interval: for high-volume jobs such as message delivery.
   */
  batchSize?: number;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

/**
 * Handles a whole fetched batch at once (jobs with batchSize > 1 that share round trips, such as
 * campaign deliveries). Returns one entry per job, in order: null when it is done, else the error
 * that fails (and retries) only that job.
 */
export type BatchJobHandler<T> = (jobs: { data: T; context: JobContext }[]) => Promise<(unknown | null)[]>;

// biome-ignore lint/suspicious/noExplicitAny: the registry holds jobs of many payload types
type AnyJob = JobDefinition<any>;
// biome-ignore lint/suspicious/noExplicitAny: the registry holds jobs of many payload types
type AnyHandler = JobHandler<any>;
// biome-ignore lint/suspicious/noExplicitAny: the registry holds jobs of many payload types
type AnyBatchHandler = BatchJobHandler<any>;

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

/**
 * The dead-letter job of the jobs named `name`: `${name}.failed`, same payload, retried 5 times. Its
 * handler records the failure on the row the job was working on (see `deadLetter`).
 */
export const deadLetterFor = <T>(name: string, schema: z.ZodType<T>): JobDefinition<T> =>
  defineJob({ name: `${name}.failed`, schema, retryLimit: 5 });

export interface JobQueueOptions {
  connectionString: string;
  /** Run handlers in this process (ROLE=worker or all). */
  work: boolean;
  /** Seconds between polls while LISTEN/NOTIFY is not in place (default 1). */
  pollingIntervalSeconds?: number;
  /**
   * Seconds between polls while it is (default: `pollingIntervalSeconds` when given, else 2). A job
   * sent wakes its queue's poller at once, so these polls only find jobs that became due later
   * (retries, `startAfter`); one statement asks for all of a process's queues, so polling as often
   * as this keeps a delayed step (a campaign's next message) within about 2 s of its time.
   */
  notifyPollingSeconds?: number;
  /** Heartbeat of jobs defined with `heartbeat: true` (integer, at least 10; default 30). */
  heartbeatSeconds?: number;
  /** Seconds between supervisor passes that fail stale-heartbeat and expired jobs (default 30). */
  superviseSeconds?: number;
  /** When set, every retry waits exactly this long instead of the job's exponential backoff. */
  retryDelaySeconds?: number;
  onError?: (error: unknown) => void;
}

/** How long a stop waits for the handlers running before it fails their jobs for a retry. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * The channel pg-boss NOTIFYs on when a job is sent to a queue with `notify`, for its schema
 * `pgboss` (its `notifyChannelSql`: 'pgboss_' and the start of the schema name's SHA-224).
 */
const PGBOSS_CHANNEL = `pgboss_${createHash('sha224').update('pgboss').digest('hex').slice(0, 24)}`;

/** The queues among $1 holding a job ready to run (pg-boss's job table, in its schema `pgboss`). */
const READY_QUEUES_SQL = `select q.name from unnest($1::text[]) as q(name)
  where exists (select 1 from pgboss.job j where j.name = q.name and j.state < 'active'
    and j.start_after <= now() and not j.blocked)`;

/**
 * pg-boss on the application's database. Jobs are sent inside the caller's transaction, so a job
 * exists exactly when the data it belongs to was committed; handlers are retried with backoff.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyJob>();
  private readonly handlers = new Map<string, AnyHandler>();
  /** Concurrency set when a handler was registered, over its definition's. */
  private readonly concurrency = new Map<string, number>();
  private readonly batchHandlers = new Map<string, AnyBatchHandler>();
  private readonly schedules: { name: string; cron: string }[] = [];
  private readonly options: JobQueueOptions;
  private readonly dispatchers = new Map<string, Dispatcher>();
  private listener: Listener | undefined;
  /** The LISTEN for sent jobs is in place (polls are then rarer). */
  private listening = false;
  private polling: Promise<void> | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(definitions: AnyJob[], options: JobQueueOptions) {
    this.options = options;
    for (const definition of definitions) this.definitions.set(definition.name, definition);
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: 4,
      application_name: 'echo-jobs',
      supervise: options.work,
      // Stale heartbeats and expiry are checked in the monitor step of a supervisor pass, which runs
      // for a queue at most once per monitorIntervalSeconds: both follow JOB_SUPERVISE_SECONDS.
      superviseIntervalSeconds: options.superviseSeconds ?? 30,
      monitorIntervalSeconds: options.superviseSeconds ?? 30,
      schedule: options.work,
      // Sent jobs are announced (their queue has `notify`), but the LISTEN is Echo's (see start):
      // pg-boss's own wakes every worker of the queue for each job.
      useListenNotify: false,
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (error) => options.onError?.(error));
  }

  async start(): Promise<void> {
    await this.boss.start();
    // A dead-letter queue must exist before the queue that names it.
    const ordered = [...this.definitions.values()].sort(
      (a, b) => Number(Boolean(a.deadLetter)) - Number(Boolean(b.deadLetter)),
    );
    for (const definition of ordered) {
      if (definition.deadLetter && !this.definitions.has(definition.deadLetter.name))
        throw new Error(
          `Dead-letter job ${definition.deadLetter.name} of ${definition.name} is not registered`,
        );
      const policy = this.queuePolicy(definition);
      // pg-boss refuses heartbeatSeconds/deadLetter keys that are present but null on creation.
      const created = Object.fromEntries(Object.entries(policy).filter(([, value]) => value !== null));
      await this.boss.createQueue(definition.name, created);
      // createQueue keeps an existing queue as it is: bring it in step with the definition and the
      // configuration (jobs copy these settings when they are sent).
      const current = await this.boss.getQueue(definition.name);
      if (
        current &&
        (Object.keys(policy) as (keyof typeof policy)[]).some((key) => (current[key] ?? null) !== policy[key])
      )
        await this.boss.updateQueue(definition.name, policy);
    }
    if (this.options.work) {
      for (const definition of this.definitions.values()) {
        const batchHandler = this.batchHandlers.get(definition.name);
        const handler = this.handlers.get(definition.name);
        if (!batchHandler && !handler) throw new Error(`No handler registered for job ${definition.name}`);
        const dispatcher = new Dispatcher(this.boss, {
          name: definition.name,
          slots: this.concurrency.get(definition.name) ?? definition.concurrency ?? 1,
          batchSize: definition.batchSize ?? 1,
          run: batchHandler ? this.batchRunner(definition, batchHandler) : this.runner(definition, handler!),
          onError: (error) => this.options.onError?.(error),
        });
        this.dispatchers.set(definition.name, dispatcher);
      }
      // A job sent NOTIFYs (in the sender's transaction: delivered when it commits) with its queue's
      // name: that queue's poller fetches at once, instead of at its next poll.
      this.listener = listen(this.options.connectionString, PGBOSS_CHANNEL, {
        onNotice: (name) => this.dispatchers.get(name)?.wake(),
        onState: (listening) => {
          this.listening = listening;
          // Jobs sent while the LISTEN was lost were not announced: a poll finds their queues.
          if (listening) this.pollSoon();
        },
        onError: (error) => this.options.onError?.(error),
      });
      for (const dispatcher of this.dispatchers.values()) dispatcher.start();
      this.polling = this.poll();
      for (const { name, cron } of this.schedules) await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
    this.started = true;
  }

  /** How often the queues are polled: every second without the LISTEN, every 2 s with it (see the options). */
  private pollSeconds(): number {
    const { pollingIntervalSeconds, notifyPollingSeconds } = this.options;
    if (!this.listening) return pollingIntervalSeconds ?? 1;
    return notifyPollingSeconds ?? pollingIntervalSeconds ?? 2;
  }

  /**
   * One statement for every queue of this process, at start and then every pollSeconds: the queues
   * holding a job ready to run (a retry or a job due later, which no notification announces, or one
   * sent while the LISTEN was not in place) are woken, and only they fetch. A poll per queue was a
   * fetch per queue (two dozen) every few seconds, in every worker process, for nothing.
   */
  private async poll(): Promise<void> {
    try {
      const { rows } = await this.boss.getDb().executeSql(READY_QUEUES_SQL, [[...this.dispatchers.keys()]]);
      for (const { name } of rows as { name: string }[]) this.dispatchers.get(name)?.wake();
    } catch (error) {
      this.options.onError?.(error);
    }
    this.pollSoon(this.pollSeconds() * 1000);
  }

  /** The next poll, in `ms` (one chain of polls: a poll scheduled replaces the one pending). */
  private pollSoon(ms = 0): void {
    clearTimeout(this.pollTimer);
    // Stopped (or stopping): nothing left to poll for.
    if (this.dispatchers.size === 0) return;
    this.pollTimer = setTimeout(() => {
      this.polling = this.poll();
    }, ms);
  }

  private queuePolicy(definition: AnyJob) {
    const fixedDelay = this.options.retryDelaySeconds;
    return {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: fixedDelay ?? definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      // A fixed delay is a backoff capped at its own start (pg-boss: min(max, delay * 2^n...)).
      retryDelayMax: fixedDelay ?? 3600,
      expireInSeconds: definition.expireInSeconds ?? 300,
      heartbeatSeconds: definition.heartbeat ? (this.options.heartbeatSeconds ?? 30) : null,
      deadLetter: definition.deadLetter?.name ?? null,
      // Sending a job also NOTIFYs (in the sender's transaction: delivered when it commits).
      notify: true,
    };
  }

  /** Registers the handler of a job (before start). Handlers must be idempotent: jobs can run again. */
  /**
   * Registers a job's handler (before start). `options.concurrency` overrides the definition's, for
   * a handler whose right concurrency depends on configuration (what it waits on).
   */
  handle<T>(
    definition: JobDefinition<T>,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): void {
    if (!this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
    this.handlers.set(definition.name, handler);
    if (options.concurrency !== undefined) this.concurrency.set(definition.name, options.concurrency);
  }

  /** Registers a handler that takes each fetched batch of the job at once (before start). */
  handleBatch<T>(definition: JobDefinition<T>, handler: BatchJobHandler<T>): void {
    if (!this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
    this.batchHandlers.set(definition.name, handler);
  }

  /** Runs a job on a cron schedule (UTC), from the worker side (registered before start). */
  schedule<T>(definition: JobDefinition<T>, cron: string): void {
    if (!this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
    this.schedules.push({ name: definition.name, cron });
  }

  /** Runs one job, or a batch of them each on its own: null for a job done, else its error. */
  private runner(definition: AnyJob, handler: AnyHandler) {
    return (jobs: FetchedJob[]) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await handler(definition.schema.parse(job.data), { jobId: job.id, retryCount: job.retryCount });
            return null;
          } catch (error) {
            return error;
          }
        }),
      );
  }

  private batchRunner(definition: AnyJob, handler: AnyBatchHandler) {
    return (jobs: FetchedJob[]) =>
      handler(
        jobs.map((job) => ({
          data: definition.schema.parse(job.data),
          context: { jobId: job.id, retryCount: job.retryCount },
        })),
      );
  }

  /**
   * Stops handling a job in this process (its running handlers finish or are failed for a retry):
   * what a test does to hold a job back.
   */
  async stopWorking(name: string): Promise<void> {
    await this.dispatchers.get(name)?.stop(STOP_TIMEOUT_MS);
    this.dispatchers.delete(name);
  }

  /**
   * Enqueues a job in the given transaction (it is visible to workers once that commits). With
   * `singletonKey` and `debounceSeconds`, at most one job of that key starts in each slot of that
   * many seconds: one sent while the slot's job exists goes to the next slot, and one sent while that
   * one waits too is not sent (the waiting job, which starts later, does its work).
   */
  async enqueue<T>(
    tx: Tx,
    definition: JobDefinition<T>,
    data: T,
    options: {
      startAfter?: Date | number;
      singletonKey?: string;
      priority?: number;
      debounceSeconds?: number;
    } = {},
  ) {
    if (!this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
    const payload = definition.schema.parse(data) as object;
    const { debounceSeconds, ...rest } = options;
    if (debounceSeconds !== undefined && !rest.singletonKey)
      throw new Error('debounceSeconds needs a singletonKey');
    // pg-boss refuses options that are present but undefined.
    const given = Object.fromEntries(
      Object.entries({
        ...rest,
        ...(debounceSeconds !== undefined
          ? { singletonSeconds: debounceSeconds, singletonNextSlot: true }
          : {}),
      }).filter(([, value]) => value !== undefined),
    );
    return this.boss.send(definition.name, payload, { ...given, db: { executeSql: tx.executeSql } });
  }

  /** Enqueues many jobs of one kind in the given transaction, in batched inserts. */
  async enqueueMany<T>(
    tx: Tx,
    definition: JobDefinition<T>,
    items: { data: T; startAfter?: Date; priority?: number }[],
  ) {
    if (!this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
    for (let i = 0; i < items.length; i += 1000) {
      const batch = items.slice(i, i + 1000).map((item) => ({
        data: definition.schema.parse(item.data) as object,
        startAfter: item.startAfter,
        ...(item.priority !== undefined && { priority: item.priority }),
      }));
      await this.boss.insert(definition.name, batch, { db: { executeSql: tx.executeSql } });
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const stopping = [...this.dispatchers.values()];
    this.dispatchers.clear();
    clearTimeout(this.pollTimer);
    await this.polling;
    clearTimeout(this.pollTimer);
    await Promise.all(stopping.map((dispatcher) => dispatcher.stop(STOP_TIMEOUT_MS)));
    await this.listener?.stop();
    await this.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  }
}
