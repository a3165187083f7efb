import { mkdir, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Limiter } from '../../lib/limiter.ts';
import { ObjectNotFoundError, type ObjectStorage, objectsChunks } from './storage.ts';

/** A local copy of a stored object for tools that need a path (ffmpeg, PocketSphinx, file-type). */
export interface LocalCopy {
  /** The object's bytes as a file: read it, never change it. */
  file: string;
  /** A private empty folder for the tool's own outputs (pieces, cuts); gone at release. */
  dir: string;
  /** Removes the folder (and the copy) and gives its bytes back to the budget; safe to call twice. */
  release(): Promise<void>;
}

export class TempSpaceFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TempSpaceFullError';
  }
}

const PREFIX = 'echo-storage-';
/** Copies from the store at once in one process, by default (see `copying`). */
export const COPIES_AT_ONCE = 4;

/**
 * Bytes a copy gathers before it writes them: a bucket's answer comes in socket reads of at most
 * 64 KiB, and one file write each through a write stream cost more CPU than the download itself.
 */
export const COPY_WRITE_BYTES = 1024 * 1024;

/** The bytes of one object (or of several one after another), as a copy reads them. */
type Source = AsyncIterable<Uint8Array>;

/** Resolves once `sink` can take more, or is closed (destroyed, failed or finished). */
const drained = (sink: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      sink.off('drain', done);
      sink.off('close', done);
      resolve();
    };
    sink.on('drain', done);
    sink.on('close', done);
  });

/**
 * `source`'s chunks, each also written to `sink` (waiting while it is full), which is ended after the
 * last: a second reader of the same bytes with no second read of them, nor a second Buffer. A sink
 * that fails or closes early is written no more (its error is its own reader's) and the chunks go
 * on; a source that fails, or a reader that stops early, destroys the sink (with the error), so
 * what it feeds is never completed from part of the bytes.
 */
export async function* teeChunks(source: Source, sink: Writable): AsyncGenerator<Uint8Array> {
  let failure: unknown;
  let ended = false;
  try {
    for await (const chunk of source) {
      if (!sink.destroyed && !sink.write(chunk)) await drained(sink);
      yield chunk;
    }
    ended = true;
    sink.end();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (!ended) sink.destroy(failure instanceof Error ? failure : new Error('the copy stopped early'));
  }
}

/**
 * Writes what `source` gives into a new `file` (opened first: nothing is asked of the store that
 * could not be written), its chunks gathered into one write (writev) a COPY_WRITE_BYTES. Fails, the
 * source closed, as soon as it would pass `size` bytes.
 */
async function writeCopy(source: () => Promise<Source>, file: string, size: number): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    let written = 0;
    const flush = async () => {
      let chunks = held;
      let left = heldBytes;
      held = [];
      heldBytes = 0;
      while (left > 0) {
        let { bytesWritten } = await handle.writev(chunks);
        left -= bytesWritten;
        // A short write (rare on a file): the rest again.
        while (chunks.length && bytesWritten >= chunks[0]!.length) bytesWritten -= chunks.shift()!.length;
        if (bytesWritten > 0) chunks = [chunks[0]!.subarray(bytesWritten), ...chunks.slice(1)];
      }
    };
    for await (const chunk of await source()) {
      written += chunk.length;
      // The object changed since it was measured: never write past what was reserved.
      if (written > size) throw new Error(`the copy grew past the ${size} bytes reserved for it`);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= COPY_WRITE_BYTES) await flush();
    }
    await flush();
  } finally {
    await handle.close();
  }
}

/**
 * Bounded temporary space: copies of stored objects are made under `dir`, and all of them together
 * (with the room each caller asks for its outputs) never exceed `maxBytes`; a caller waits (up to
 * `waitMs`) for room, and an object that could never fit is refused at once. Objects already on
 * this machine's disk are read in place (no copy, no bytes counted).
 */
export class TempSpace {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  readonly options: { dir: string; maxBytes: number; waitMs?: number; copiesAtOnce?: number };
  /**
   * Copies from the store made at once (the rest wait their turn, first come first served): a burst of
   * 20 notes' copies then ends one after another, each going on to ffmpeg, instead of all together at
   * the end (bench/studio-voice-to-drafts.ts: the last note's copy and conversion overlap the others').
   */
  private readonly copying: Limiter;

  constructor(options: { dir: string; maxBytes: number; waitMs?: number; copiesAtOnce?: number }) {
    this.options = options;
    this.copying = new Limiter(options.copiesAtOnce ?? COPIES_AT_ONCE);
  }

  /** Bytes reserved right now (for tests and the operator). */
  get reserved(): number {
    return this.used;
  }

  private async reserve(bytes: number): Promise<void> {
    if (bytes > this.options.maxBytes)
      throw new TempSpaceFullError(
        `${bytes} bytes do not fit in the ${this.options.maxBytes} bytes of temporary space (STORAGE_TEMP_MB)`,
      );
    const deadline = Date.now() + (this.options.waitMs ?? 120_000);
    while (this.used + bytes > this.options.maxBytes) {
      const left = deadline - Date.now();
      if (left <= 0) throw new TempSpaceFullError('temporary space is busy; try again later');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.used += bytes;
  }

  private give(bytes: number) {
    this.used -= bytes;
    for (const wake of this.waiting.splice(0)) wake();
  }

  /**
   * A local copy of `key` with `extraBytes` of room for outputs (counted in the budget, not
   * enforced on the tool). Always `release()` it: `withLocalCopy` does.
   */
  async copyOf(
    storage: ObjectStorage,
    key: string,
    options: { extraBytes?: number } = {},
  ): Promise<LocalCopy> {
    const info = await storage.head(key);
    if (!info) throw new ObjectNotFoundError(key);
    const inPlace = storage.localPath?.(key);
    // Read in place: nothing copied, nothing but the room for outputs counted.
    if (inPlace) return this.copy({ inPlace }, 0, '', options.extraBytes);
    return this.copy(async () => storage.get(key), info.size, path.extname(key), options.extraBytes);
  }

  /**
   * One local file of `parts` one after another (a recording's chunks, joined on the way to a
   * tool), at most `maxBytes` long (reserved in the budget; a longer join fails); named with `ext`.
   * With `alsoTo`, called as the copy starts, its bytes also go to the stream it gives as they are
   * read (`teeChunks`): ended with the copy, destroyed when the copy fails.
   */
  async copyOfParts(
    storage: ObjectStorage,
    parts: string[],
    options: { maxBytes: number; ext?: string; extraBytes?: number; alsoTo?: () => Writable },
  ): Promise<LocalCopy> {
    const { alsoTo } = options;
    return this.copy(
      async () =>
        alsoTo ? teeChunks(objectsChunks(storage, parts), alsoTo()) : objectsChunks(storage, parts),
      options.maxBytes,
      options.ext ?? '',
      options.extraBytes,
    );
  }

  /** Reserves `size` and the room for outputs, then copies `source` (or names the file read in place). */
  private async copy(
    source: (() => Promise<Source>) | { inPlace: string },
    size: number,
    ext: string,
    extraBytes = 0,
  ): Promise<LocalCopy> {
    const bytes = size + extraBytes;
    await this.reserve(bytes);
    let released = false;
    let dir: string | undefined;
    const release = async () => {
      if (released) return;
      released = true;
      if (dir) await rm(dir, { recursive: true, force: true });
      this.give(bytes);
    };
    try {
      await mkdir(this.options.dir, { recursive: true });
      dir = await mkdtemp(path.join(this.options.dir, PREFIX));
      const work = path.join(dir, 'work');
      await mkdir(work);
      if (typeof source !== 'function') return { file: source.inPlace, dir: work, release };
      const file = path.join(dir, `object${ext.slice(0, 8)}`);
      await this.copying.run(() => writeCopy(source, file, size));
      return { file, dir: work, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** Runs `work` on a local copy of `key`, released however `work` ends. */
  async withLocalCopy<T>(
    storage: ObjectStorage,
    key: string,
    work: (copy: LocalCopy) => Promise<T>,
    options: { extraBytes?: number } = {},
  ): Promise<T> {
    const copy = await this.copyOf(storage, key, options);
    try {
      return await work(copy);
    } finally {
      await copy.release();
    }
  }

  /** Removes copies left by a process that died holding them (older than `olderThanMs`); returns how many. */
  async sweep(now: Date, olderThanMs = 6 * 60 * 60_000): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.options.dir).catch(() => [] as string[])) {
      if (!name.startsWith(PREFIX)) continue;
      const info = await stat(path.join(this.options.dir, name)).catch(() => null);
      if (!info || now.getTime() - info.mtimeMs < olderThanMs) continue;
      await rm(path.join(this.options.dir, name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}
