import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../lib/errors.ts';
import {
  RENDER_BUSY_MESSAGE,
  RENDER_QUEUE_MAX,
  RENDER_TOO_LONG_MESSAGE,
  RenderThread,
} from './render-pool.ts';

/**
 * The slide thread's limits without waiting a minute: a thread that never answers stands for a
 * renderer stuck on hostile slides, and a short time budget for the real one's 60 s.
 */
const SILENT = new URL('./__fixtures__/silent-worker.ts', import.meta.url);
const slides = [{ kind: 'title' as const, text: 'Stuck' }];
let thread: RenderThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the slide thread', () => {
  it('answers 503 once RENDER_QUEUE_MAX carousels wait behind the one drawing', async () => {
    thread = new RenderThread({ workerUrl: SILENT, timeoutMs: 60_000 });
    const queued = [thread.render(slides, '', 'zip').catch((e: unknown) => e)];
    await expect.poll(() => thread!.drawing, { timeout: 20_000 }).toBe(true);
    for (let i = 0; i < RENDER_QUEUE_MAX; i++)
      queued.push(thread.render(slides, '', 'zip').catch((e: unknown) => e));
    expect(thread.load).toBe(RENDER_QUEUE_MAX + 1);
    const refused = await thread.render(slides, '', 'zip').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('unavailable');
    expect((refused as AppError).message).toBe(RENDER_BUSY_MESSAGE);
    expect(thread.load).toBe(RENDER_QUEUE_MAX + 1);
    await thread.close();
    // Those waiting are told the server is going away, not left hanging.
    for (const answer of await Promise.all(queued)) expect(answer).toBeInstanceOf(AppError);
  });

  it('fails a drawing past its time budget with a clear message and draws the next on a fresh thread', async () => {
    thread = new RenderThread({ workerUrl: SILENT, timeoutMs: 300 });
    const first = thread.render(slides, '', 'zip').catch((e: unknown) => e);
    const second = thread.render(slides, '', 'pdf').catch((e: unknown) => e);
    const late = await first;
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).message).toBe(RENDER_TOO_LONG_MESSAGE);
    // The stuck thread was replaced: the second drawing went to a new one (and timed out there too).
    expect(((await second) as AppError).message).toBe(RENDER_TOO_LONG_MESSAGE);
    expect(thread.started).toBe(2);
    expect(thread.load).toBe(0);
  });
});
