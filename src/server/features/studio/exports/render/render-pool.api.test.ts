import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '#contract/studio-drafts.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import {
  carouselCacheBytes,
  carouselsInProgress,
  carouselsRendered,
  RENDERING_ALREADY_MESSAGE,
} from './render-pool.ts';

/**
 * A carousel's zip of PNG slides was rendered in the request, on the event
 * loop (every slide costs real CPU). It is now rendered on the slide thread, one carousel per
 * owner at a time, and kept, so the same download renders nothing twice.
 */
const transcript = readFileSync(
  new URL('../../../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let alice: string;
let bob: string;
const carousels: { alice: Draft[]; bob: Draft[] } = { alice: [], bob: [] };

const call = (method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) =>
  echo.app!.inject({
    method,
    url,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

async function carouselOf(cookie: string): Promise<Draft> {
  const note = await call('POST', '/api/studio/notes', cookie, { text: transcript, title: 'Pricing' });
  expect(note.statusCode).toBe(201);
  const res = await call('POST', '/api/studio/drafts', cookie, {
    note_ids: [note.json().id],
    formats: ['carousel'],
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().drafts[0].id as string;
  return eventually(async () => {
    const draft = (await call('GET', `/api/studio/drafts/${id}`, cookie)).json() as Draft;
    return draft.status === 'ready' && draft;
  });
}

const zipOf = (cookie: string, draft: Draft) =>
  call('GET', `/api/studio/drafts/${draft.id}/export?as=zip`, cookie);

beforeAll(async () => {
  echo = await startStudioApp();
  alice = await sessionCookie(echo, 'alice-slides@example.com');
  bob = await sessionCookie(echo, 'bob-slides@example.com');
  carousels.alice = [await carouselOf(alice), await carouselOf(alice), await carouselOf(alice)];
  carousels.bob = [await carouselOf(bob)];
}, 60_000);
afterAll(() => echo?.close());

describe('carousel slides', () => {
  it('are rendered on the slide thread, once for parallel and repeated downloads of the same carousel', async () => {
    const [first] = carousels.alice;
    const before = carouselsRendered();
    const answers = await Promise.all([zipOf(alice, first!), zipOf(alice, first!)]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(answer.headers['content-type']).toBe('application/zip');
    }
    expect(answers[1]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const files = Object.keys(unzipSync(answers[0]!.rawPayload));
    expect(files).toHaveLength(first!.blocks.length);
    expect(files[0]).toBe('slide-01.png');
    expect(carouselsRendered() - before).toBe(1);
    expect((await zipOf(alice, first!)).rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect(carouselsRendered() - before).toBe(1);
  });

  it('are rendered one carousel at a time per owner; other owners are not refused', async () => {
    const [, second, third] = carousels.alice;
    const before = carouselsRendered();
    const rendering = zipOf(alice, second!);
    await eventually(async () => carouselsInProgress() >= 1);
    const [refused, theirs] = await Promise.all([zipOf(alice, third!), zipOf(bob, carousels.bob[0]!)]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: RENDERING_ALREADY_MESSAGE });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await rendering).statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(carouselsRendered() - before).toBe(2);
    // Once the first is done, the next one is drawn.
    expect((await zipOf(alice, third!)).statusCode).toBe(200);
  });

  it('keep at most STUDIO_EXPORT_CACHE_MB of files, the least recently used evicted first', async () => {
    const [first, second] = carousels.alice;
    const limits = echo.ctx.config.studio.exports;
    const bound = limits.cacheBytes;
    try {
      const one = (await zipOf(alice, first!)).rawPayload.length;
      // Room for the larger of two files, not both.
      limits.cacheBytes = Math.max(one, (await zipOf(alice, second!)).rawPayload.length) + 1;
      const before = carouselsRendered();
      expect((await zipOf(alice, second!)).statusCode).toBe(200);
      expect((await zipOf(alice, first!)).statusCode).toBe(200);
      expect(carouselCacheBytes()).toBeLessThanOrEqual(limits.cacheBytes);
      // The first was evicted for the second and drawn again; the second then gave way.
      expect(carouselsRendered() - before).toBe(1);
      expect((await zipOf(alice, first!)).statusCode).toBe(200);
      expect(carouselsRendered() - before).toBe(1);
    } finally {
      limits.cacheBytes = bound;
    }
  });
});
