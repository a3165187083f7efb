import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  type PutOptions,
  RangeNotSatisfiableError,
  type StorageCheck,
  sizedBody,
} from './storage.ts';

/** Where writes in progress wait before their rename (inside the root: same file system). */
export const LOCAL_TEMP_FOLDER = '.storage-tmp';

const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects as files under `root` (DATA_DIR): key `studio/media/x.m4a` is `DATA_DIR/studio/media/x.m4a`,
 * the layout Echo always had. Writes go to `root/.storage-tmp` and are renamed into place.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly location: string;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.location = this.root;
  }

  localPath(key: string): string {
    const file = path.resolve(this.root, assertKey(key));
    if (!file.startsWith(`${this.root}${path.sep}`) || key.split('/')[0] === LOCAL_TEMP_FOLDER)
      throw new Error(`invalid storage key: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    const file = this.localPath(key);
    const tempDir = path.join(this.root, LOCAL_TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    const counted = sizedBody(body, options.size);
    try {
      await pipeline(counted.stream, createWriteStream(temp, { flags: 'wx' }));
      await mkdir(path.dirname(file), { recursive: true });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size: counted.bytes() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertRange(range);
    const file = this.localPath(key);
    // Opened here, so a missing file fails this call rather than the stream later.
    const handle = await open(file, 'r').catch((error: unknown) => {
      throw missing(error) ? new ObjectNotFoundError(key) : error;
    });
    const info = await handle.stat();
    if (info.isDirectory() || (range && range.start >= info.size)) {
      await handle.close();
      throw info.isDirectory() ? new ObjectNotFoundError(key) : new RangeNotSatisfiableError(key, info.size);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const info = await stat(this.localPath(key)).catch((error: unknown) => {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { key, size: info.size, modifiedAt: info.mtime };
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertPrefix(prefix, { folder: true });
    let removed = 0;
    for await (const _ of this.list(prefix)) removed++;
    await rm(this.localPath(prefix.slice(0, -1)), { recursive: true, force: true });
    return removed;
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    assertPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const folder = slash === -1 ? '' : prefix.slice(0, slash);
    if (folder.split('/')[0] === LOCAL_TEMP_FOLDER) return;
    const found: ObjectInfo[] = [];
    const walk = async (relative: string): Promise<void> => {
      const dir = relative ? this.localPath(relative) : this.root;
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
        throw error;
      });
      for (const entry of entries) {
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (!relative && entry.name === LOCAL_TEMP_FOLDER) continue;
        if (!key.startsWith(prefix) && !prefix.startsWith(`${key}/`)) continue;
        if (entry.isDirectory()) await walk(key);
        else if (entry.isFile() && key.startsWith(prefix)) {
          const info = await stat(path.join(dir, entry.name)).catch(() => null);
          if (info) found.push({ key, size: info.size, modifiedAt: info.mtime });
        }
      }
    };
    await walk(folder);
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  /**
   * The parts' files copied one after another into a new file (renamed into place when whole), a
   * mebibyte a read: a fraction of the CPU of streaming them through `put`, which handles every chunk
   * as a stream of its own (docs/performance.md has the figures).
   */
  async assemble(parts: string[], target: string, _options: { contentType?: string } = {}) {
    const file = this.localPath(target);
    const tempDir = path.join(this.root, LOCAL_TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let size = 0;
    const out = await open(temp, 'wx');
    try {
      try {
        for (const key of parts) {
          const input = await open(this.localPath(key), 'r').catch((error: unknown) => {
            throw missing(error) ? new ObjectNotFoundError(key) : error;
          });
          try {
            for (;;) {
              const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
              if (bytesRead === 0) break;
              await out.write(buffer, 0, bytesRead, size);
              size += bytesRead;
            }
          } finally {
            await input.close();
          }
        }
      } finally {
        await out.close();
      }
      await mkdir(path.dirname(file), { recursive: true });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async check(): Promise<StorageCheck> {
    try {
      await mkdir(path.join(this.root, LOCAL_TEMP_FOLDER), { recursive: true });
      await access(this.root, constants.W_OK);
      return { ok: true };
    } catch (error) {
      return { ok: false, problem: `${this.root} is not writable (${(error as Error).message})` };
    }
  }
}
