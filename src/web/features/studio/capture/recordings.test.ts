import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '#web/lib/api.ts';
import { retryable, startChunkedRecording } from './recordings.ts';

/** A fake server for the recording API: PUT chunks answer what `answer` says, in the order asked. */
function fakeServer(answer: (index: number, attempt: number) => 'ok' | 'drop' | number) {
  const received: number[] = [];
  const attempts = new Map<number, number>();
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.endsWith('/recordings'))
      return Response.json({ id: '00000000-0000-4000-8000-000000000001' }, { status: 201 });
    const chunk = /\/chunks\/(\d+)$/.exec(url);
    if (method === 'PUT' && chunk) {
      const index = Number(chunk[1]);
      const attempt = (attempts.get(index) ?? 0) + 1;
      attempts.set(index, attempt);
      const verdict = answer(index, attempt);
      if (verdict === 'drop') throw new TypeError('Failed to fetch');
      if (verdict !== 'ok')
        return Response.json({ code: 'validation_failed', message: 'refused' }, { status: verdict });
      received.push(index);
      return Response.json({ received: index });
    }
    if (method === 'POST' && url.endsWith('/finish'))
      return Response.json({ note_id: 'note-1', status: 'transcribing' }, { status: 201 });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return new Response('not found', { status: 404 });
  });
  return { fetchMock, received, attempts };
}

beforeEach(() => {
  // The transport listens for the browser coming back online.
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chunked recording transport', () => {
  it('retries a dropped chunk and keeps the chunks in order', async () => {
    const server = fakeServer((index, attempt) => (index === 1 && attempt === 1 ? 'drop' : 'ok'));
    vi.stubGlobal('fetch', server.fetchMock);
    const lost: boolean[] = [];
    const recording = await startChunkedRecording({
      onProgress: (_unsent, connectionLost) => lost.push(connectionLost),
    });
    for (const index of [0, 1, 2]) recording.send(new Blob([`chunk ${index}`]), index);
    expect(await recording.finish(3_000)).toEqual({ id: 'note-1', transcribing: true });
    expect(server.received).toEqual([0, 1, 2]);
    expect(server.attempts.get(1)).toBe(2);
    expect(lost).toContain(true);
  });

  it('surfaces a refused chunk instead of retrying it', async () => {
    const server = fakeServer((index) => (index === 1 ? 400 : 'ok'));
    vi.stubGlobal('fetch', server.fetchMock);
    const recording = await startChunkedRecording({ onProgress: () => {} });
    for (const index of [0, 1, 2]) recording.send(new Blob([`chunk ${index}`]), index);
    const error = await recording.finish(3_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(server.attempts.get(1)).toBe(1);
    expect(server.received).toEqual([0]);
  });

  it("says whether the browser's on-device recogniser heard the transcript it sends", async () => {
    const bodies: unknown[] = [];
    for (const onDevice of [true, false]) {
      const server = fakeServer(() => 'ok');
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        if (url.endsWith('/finish')) bodies.push(JSON.parse(String(init?.body)));
        return server.fetchMock(url, init);
      });
      const recording = await startChunkedRecording({ onProgress: () => {} });
      recording.send(new Blob(['chunk 0']), 0);
      await recording.finish(3_000, [{ startMs: 0, endMs: 900, text: 'we raised the price' }], onDevice);
    }
    expect(bodies[0]).toMatchObject({
      transcript: [{ text: 'we raised the price' }],
      transcript_on_device: true,
    });
    expect(bodies[1]).not.toHaveProperty('transcript_on_device');
  });

  it('tells a retryable failure by its status, not by its message', () => {
    expect(retryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(retryable(new HttpError(503, 'busy'))).toBe(true);
    expect(retryable(new HttpError(429, 'slow down'))).toBe(true);
    expect(retryable(new HttpError(408, 'time-out'))).toBe(true);
    expect(retryable(new HttpError(400, '500: looks like a status'))).toBe(false);
    expect(retryable(new HttpError(413, 'too large'))).toBe(false);
  });
});
