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
