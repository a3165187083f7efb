import type { PgBoss } from 'pg-boss';
import { safeErrorMessage } from '../lib/logger.ts';

/** A job as fetched with its metadata: what a handler reads and what fences its settle. */
export interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
  expireInSeconds: number;
  heartbeatSeconds?: number | null;
}

export interface DispatcherOptions {
  name: string;
  /** Batches running at once in this process (the queue's concurrency). */
  slots: number;
  /** Jobs in one batch (1 for a job handled on its own). */
  batchSize: number;
  /** Runs one batch: one entry per job, in order, null when it is done, else the error that fails it. */
  run: (jobs: FetchedJob[]) => Promise<(unknown | null)[]>;
  onError: (error: unknown) => void;
}

/**
 * One poller for a queue, handing the jobs it fetches to the queue's local slots. pg-boss's own
 * workers are one poller per slot, and a notification wakes all of them: a job sent to a queue of
 * 24 slots cost 24 fetches, 23 of them finding nothing. Here a wake (a notification, or the queue
 * found ready by a poll, see JobQueue) or a slot coming free while the last fetch was full leads to
 * one fetch of as many jobs as there are free slots. The jobs are pg-boss's as before (claimed by its fetch, settled by its complete and fail,
 * fenced to the attempt fetched; heartbeats while they run), so a crash leaves them to its
 * supervisor (expiry, stale heartbeat) and a job not yet fetched waits in the table for any worker.
 */
export class Dispatcher {
  private busy = 0;
  private readonly running = new Map<Promise<void>, FetchedJob[]>();
  /** Abandoned at stop: their settle is no longer this process's to make. */
  private readonly abandoned = new Set<FetchedJob[]>();
  /** A notification or a poll said the queue may hold jobs. */
  private woken = false;
  /** The last fetch filled every free slot: the queue may hold more. */
  private more = false;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  private readonly boss: PgBoss;
  private readonly options: DispatcherOptions;

  constructor(boss: PgBoss, options: DispatcherOptions) {
    this.boss = boss;
    this.options = options;
  }

  start(): void {
    this.loop = this.poll();
  }

  /** A job was sent to the queue, or notifications may have been missed: fetch when a slot is free. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async poll(): Promise<void> {
    const { slots, batchSize } = this.options;
    while (!this.stopping) {
      const free = slots - this.busy;
      if (free > 0 && (this.woken || this.more)) {
        this.woken = false;
        let jobs: FetchedJob[] = [];
        try {
          jobs = (await this.boss.fetch(this.options.name, {
            batchSize: free * batchSize,
            includeMetadata: true,
          })) as FetchedJob[];
        } catch (error) {
          // A failed fetch waits for a wake (the next poll) instead of trying again at once.
          this.options.onError(error);
        }
        this.more = jobs.length === free * batchSize;
        for (let i = 0; i < jobs.length; i += batchSize) this.runBatch(jobs.slice(i, i + batchSize));
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
      });
      this.wakeUp = undefined;
    }
  }

  private runBatch(jobs: FetchedJob[]): void {
    this.busy++;
    const run = this.settleBatch(jobs)
      .catch((error) => this.options.onError(error))
      .finally(() => {
        this.busy--;
        this.running.delete(run);
        this.wakeUp?.();
      });
    this.running.set(run, jobs);
  }

  private async settleBatch(jobs: FetchedJob[]): Promise<void> {
    const { name } = this.options;
    const beats = jobs.map((job) => job.heartbeatSeconds ?? 0).filter((seconds) => seconds > 0);
    const heartbeat =
      beats.length > 0
        ? setInterval(
            () => void this.boss.touch(name, jobs).catch((error) => this.options.onError(error)),
            (Math.min(...beats) * 1000) / 2,
          )
        : undefined;
    let results: (unknown | null)[];
    try {
      // The handler's bound is its job's expiry, as pg-boss's workers keep it: the supervisor fails
      // an expired job anyway, and the slot goes back to the queue.
      const seconds = Math.max(...jobs.map((job) => job.expireInSeconds));
      results = await withinSeconds(this.options.run(jobs), seconds);
    } catch (error) {
      results = jobs.map(() => error);
    } finally {
      clearInterval(heartbeat);
    }
    if (this.abandoned.has(jobs)) return;
    const done = jobs.filter((_, i) => results[i] === null || results[i] === undefined);
    if (done.length > 0) await this.boss.complete(name, done);
    for (const [i, job] of jobs.entries()) {
      const error = results[i];
      if (error === null || error === undefined) continue;
      await this.boss.fail(name, job, { message: safeErrorMessage(error) });
    }
  }

  /**
   * Stops fetching, waits up to `timeoutMs` for the batches running, then fails those still running
   * so they are retried (by this process after a restart, or by another worker) instead of waiting
   * for their expiry.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.running.keys()),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    for (const jobs of this.running.values()) {
      this.abandoned.add(jobs);
      await this.boss
        .fail(this.options.name, jobs, { message: 'the worker stopped while the job ran' })
        .catch((error) => this.options.onError(error));
    }
  }
}

async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler execution exceeded ${seconds}s`)), seconds * 1000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
