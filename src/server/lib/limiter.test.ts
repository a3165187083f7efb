import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('Limiter', () => {
  it('runs at most `size` tasks at once, the rest in arrival order, and frees turns on failure', async () => {
    const limiter = new Limiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
        if (i === 1) throw new Error('task 1 failed');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.queued).toBe(3);
    gates[1]!.resolve();
    await expect(results[1]).rejects.toThrow('task 1 failed');
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all([results[0], results[2], results[3], results[4]])).toEqual([0, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(limiter.queued).toBe(0);
    // Every turn was given back: two new tasks start at once.
    const both = [deferred(), deferred()];
    let now = 0;
    const again = both.map((gate) =>
      limiter.run(async () => {
        now++;
        await gate.promise;
      }),
    );
    await Promise.resolve();
    expect(now).toBe(2);
    for (const gate of both) gate.resolve();
    await Promise.all(again);
  });

  it('refuses a size below 1', () => {
    expect(() => new Limiter(0)).toThrow();
  });
});
