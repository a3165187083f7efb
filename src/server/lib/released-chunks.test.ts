import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { releasingChunks } from './released-chunks.ts';

describe('releasingChunks', () => {
  it('passes every byte on, in order, collecting along the way', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const out: Buffer[] = [];
    for await (const chunk of releasingChunks(Readable.from(chunks), 256 * 1024)) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('ends with the error of its source', async () => {
    const source = new Readable({ read() {} });
    const passed = releasingChunks(source);
    source.push(Buffer.from('abc'));
    setImmediate(() => source.destroy(new Error('connection reset')));
    await expect(
      (async () => {
        for await (const _ of passed) {
          // reading until the error
        }
      })(),
    ).rejects.toThrow('connection reset');
  });
});

describe('releasingChunks, read late', () => {
  it('keeps the error of a source that fails before anyone reads, for the reader that comes', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const source = new Readable({ read() {} });
      const passed = releasingChunks(source);
      // A client gone while the store is still asking about the upload: nothing reads yet.
      source.destroy(new Error('aborted'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(uncaught).toEqual([]);
      await expect(
        (async () => {
          for await (const _ of passed) {
            // the reader that comes afterwards
          }
        })(),
      ).rejects.toThrow('aborted');
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
