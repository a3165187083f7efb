import { Worker } from 'node:worker_threads';
import { ByteCache } from '../../../../lib/byte-cache.ts';
import { AppError } from '../../../../lib/errors.ts';
import type { CarouselSlide } from './carousel.ts';

/**
 * Carousel slides rendered off the event loop: satori and resvg spend real CPU on every slide, so a
 * zip of slides rendered in the request held every other request until it was done. Here
 * one worker thread (at a lower priority than the loop, render-worker.ts) renders one carousel at a
 * time, first come first served; an owner has at most one carousel rendering or waiting (more:
 * 429), at most RENDER_QUEUE_MAX wait in all (more: 503), and a render past its time budget has its
 * thread replaced. Each file is kept (by the caller's key: a digest of the draft, its slides and
 * the byline; up to STUDIO_EXPORT_CACHE_MB in all, the least recently used evicted first), so
 * downloading the same carousel again renders nothing, and requests for a file being rendered wait
 * for that one.
 */
export const RENDER_QUEUE_MAX = 4;
export const RENDERS_PER_OWNER = 1;
export const RENDER_TIMEOUT_MS = 60_000;

export const RENDERING_ALREADY_MESSAGE =
  'Your slides are already being drawn; wait for that download to finish, then try again.';
export const RENDER_BUSY_MESSAGE = 'Echo is drawing many carousels right now; please try again in a minute.';
export const RENDER_TOO_LONG_MESSAGE = 'Drawing these slides took too long; please try again later.';

/** What a carousel is drawn into: a zip of PNGs, or a PDF of a page per slide (LinkedIn's document post). */
export type CarouselFileKind = 'zip' | 'pdf';

interface Task {
  id: number;
  slides: CarouselSlide[];
  author: string;
  as: CarouselFileKind;
  resolve: (zip: Buffer) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

export class RenderThread {
  /** The thread's nice value (STUDIO_THREAD_NICENESS), taken by the next thread started. */
  niceness: number | undefined;
  #worker: Worker | null = null;
  #ready = false;
  #task: Task | null = null;
  #timer: NodeJS.Timeout | null = null;
  readonly #waiting: Task[] = [];
  #nextId = 1;
  /** Carousels rendered by this process (for tests). */
  rendered = 0;
  /** Threads started (for tests: a thread past its time budget is replaced). */
  started = 0;
  readonly #workerUrl: URL;
  readonly #timeoutMs: number;

  /** The thread's module and time budget; tests give a thread that never answers and a short budget. */
  constructor(options: { workerUrl?: URL; timeoutMs?: number } = {}) {
    this.#workerUrl = options.workerUrl ?? WORKER_URL;
    this.#timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  }

  /** A carousel is being drawn now. */
  get drawing(): boolean {
    return this.#task !== null;
  }

  /** Tasks running or waiting. */
  get load(): number {
    return this.#waiting.length + (this.#task ? 1 : 0);
  }

  render(slides: CarouselSlide[], author: string, as: CarouselFileKind): Promise<Buffer> {
    if (this.#waiting.length >= RENDER_QUEUE_MAX)
      return Promise.reject(
        new AppError('unavailable', RENDER_BUSY_MESSAGE, { headers: { 'retry-after': '30' } }),
      );
    return new Promise((resolve, reject) => {
      this.#waiting.push({ id: this.#nextId++, slides, author, as, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    for (const task of this.#waiting.splice(0))
      task.reject(new AppError('unavailable', 'The server is shutting down.'));
    const worker = this.#worker;
    this.#lose(new AppError('unavailable', 'The server is shutting down.'));
    await worker?.terminate();
  }

  #dispatch(): void {
    if (this.#task || this.#waiting.length === 0) return;
    if (!this.#worker) this.#spawn();
    if (!this.#ready) return;
    const task = this.#waiting.shift()!;
    this.#task = task;
    this.#worker!.ref();
    this.#timer = setTimeout(() => {
      const worker = this.#worker;
      this.#lose(new AppError('unavailable', RENDER_TOO_LONG_MESSAGE));
      void worker?.terminate();
    }, this.#timeoutMs);
    this.#worker!.postMessage({ id: task.id, slides: task.slides, author: task.author, as: task.as });
  }

  #spawn(): void {
    const worker = new Worker(this.#workerUrl, { workerData: { niceness: this.niceness } });
    this.started++;
    this.#worker = worker;
    this.#ready = false;
    worker.unref();
    worker.on('message', (message: { ready?: true; id?: number; zip?: Uint8Array; error?: string }) => {
      if (worker !== this.#worker) return;
      if (message.ready) {
        this.#ready = true;
        this.#dispatch();
        return;
      }
      const task = this.#task;
      if (!task || task.id !== message.id) return;
      this.#settle();
      if (message.zip) {
        this.rendered++;
        task.resolve(Buffer.from(message.zip.buffer, message.zip.byteOffset, message.zip.byteLength));
      } else task.reject(new Error(`Rendering slides failed: ${message.error}`));
      this.#dispatch();
    });
    const lost = (error: Error) => {
      if (worker === this.#worker) this.#lose(error);
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('The slide rendering thread stopped.')));
  }

  #settle(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#task = null;
    this.#worker?.unref();
  }

  /** The thread died, was terminated or timed out: its task fails, a fresh one serves the rest. */
  #lose(error: Error): void {
    const task = this.#task;
    this.#settle();
    this.#worker = null;
    this.#ready = false;
    task?.reject(error);
    this.#dispatch();
  }
}

const thread = new RenderThread();
const perOwner = new Map<string, number>();
const zips = new ByteCache<Promise<Buffer>>(64 * 1024 * 1024);

/** Bytes of carousel files this process keeps now (the tests read it). */
export const carouselCacheBytes = () => zips.bytes;

/** Carousels this process has rendered, and those rendering or waiting now (the tests read them). */
export const carouselsRendered = () => thread.rendered;
export const carouselsInProgress = () => thread.load;

/**
 * The carousel's slides as a zip of PNGs or a PDF, drawn on the slide thread (or the kept file of the
 * same `key` and kind). 429 while the owner has another carousel drawing or waiting, 503 when too many wait.
 */
export function carouselFile(
  owner: string,
  keyOfSlides: string,
  slides: CarouselSlide[],
  author: string,
  settings: { niceness?: number; cacheBytes?: number } = {},
  as: CarouselFileKind = 'zip',
): Promise<Buffer> {
  thread.niceness = settings.niceness;
  if (settings.cacheBytes !== undefined) zips.maxBytes = settings.cacheBytes;
  const key = `${as}:${keyOfSlides}`;
  const kept = zips.get(key);
  if (kept) return kept;
  const mine = perOwner.get(owner) ?? 0;
  if (mine >= RENDERS_PER_OWNER)
    return Promise.reject(
      new AppError('rate_limited', RENDERING_ALREADY_MESSAGE, { headers: { 'retry-after': '5' } }),
    );
  perOwner.set(owner, mine + 1);
  const zip = thread.render(slides, author, as).finally(() => {
    const left = (perOwner.get(owner) ?? 1) - 1;
    if (left > 0) perOwner.set(owner, left);
    else perOwner.delete(owner);
  });
  // Sized once drawn; while it is drawn, requests for the same file wait for this one.
  zips.set(key, zip, 0);
  zip.then(
    (file) => zips.resize(key, zip, file.length),
    () => zips.resize(key, zip, Number.POSITIVE_INFINITY),
  );
  return zip;
}

/** Stops the slide thread (at shutdown). */
export const closeRenderPool = () => thread.close();
