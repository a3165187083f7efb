import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ProviderEvent, throttledSink } from './provider-status.ts';

/** One write per provider and outcome a window: the first at once, the latest of the rest at its end. */
describe('a throttled provider sink', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const event = (provider: ProviderEvent['provider'], ok: boolean, error?: string): ProviderEvent => ({
    provider,
    ok,
    at: new Date(),
    ...(error ? { error } : {}),
  });

  it('hands on the first outcome at once and only the latest of a burst when the window ends', async () => {
    const written: ProviderEvent[] = [];
    const sink = throttledSink(async (e) => {
      written.push(e);
    }, 5_000);
    await sink(event('webhook', true));
    for (let i = 0; i < 1000; i++) await sink(event('webhook', true));
    await sink(event('webhook', false, 'first'));
    await sink(event('webhook', false, 'second'));
    // A success and a failure each at once; nothing else yet.
    expect(written.map((e) => [e.ok, e.error])).toEqual([
      [true, undefined],
      [false, 'first'],
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(written.map((e) => [e.ok, e.error])).toEqual([
      [true, undefined],
      [false, 'first'],
      [true, undefined],
      [false, 'second'],
    ]);
    // Quiet for a window: the next one goes at once again.
    await vi.advanceTimersByTimeAsync(5_000);
    await sink(event('smtp', false, 'third'));
    await sink(event('webhook', false, 'fourth'));
    expect(written.slice(4).map((e) => [e.provider, e.error])).toEqual([
      ['smtp', 'third'],
      ['webhook', 'fourth'],
    ]);
  });

  it('hands on what waits when flushed (the process stopping)', async () => {
    const written: ProviderEvent[] = [];
    const sink = throttledSink(async (e) => {
      written.push(e);
    }, 5_000);
    await sink(event('stt', false, 'a'));
    await sink(event('stt', false, 'b'));
    await sink.flush();
    expect(written.map((e) => e.error)).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(written).toHaveLength(2);
  });
});
