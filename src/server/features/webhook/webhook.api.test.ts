import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResult } from '#tests/support/content-results.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { webhookHeaders } from './signature.ts';

const SECRET = 'whsec_dGVzdC13ZWJob29rLXNlY3JldC0zMi1ieXRlcyEhIQ==';
let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp({ WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://echo.example' });
});
afterAll(() => echo?.close());

let counter = 0;
const nextId = () => `msg_test_${++counter}_${Date.now()}`;

function send(body: string, headers: Record<string, string>) {
  return echo.app!.inject({
    method: 'POST',
    url: '/api/webhook/transcription-complete',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}
const signed = (body: string, id = nextId(), now = new Date()) =>
  send(body, webhookHeaders(SECRET, body, id, now));

async function resultRow(id: string) {
  const [row] = await echo.query<{ status: string; result_data: Record<string, string> }>(
    'select status, result_data from content_results where id = $1',
    [id],
  );
  return row!;
}

const payload = (contentResultId: string, transcript = 'The external transcript. It has two sentences.') =>
  JSON.stringify({ videoUrl: 'https://www.youtube.com/watch?v=ext', transcript, contentResultId });

describe('POST /api/webhook/transcription-complete', () => {
  it('completes a waiting result with a valid signature, with an extractive summary', async () => {
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'processing' });
    const res = await signed(payload(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Transcription saved' });
    const row = await resultRow(id);
    expect(row.status).toBe('completed');
    expect(row.result_data).toMatchObject({
      transcription: 'The external transcript. It has two sentences.',
      videoUrl: 'https://www.youtube.com/watch?v=ext',
      summary: 'The external transcript. It has two sentences.',
      method: 'webhook',
    });
  });

  it('rejects a stale or future timestamp (more than 5 minutes off)', async () => {
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'processing' });
    const stale = await signed(payload(id), nextId(), new Date(Date.now() - 6 * 60_000));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Webhook timestamp is more than 5 minutes away from the server time');
    const future = await signed(payload(id), nextId(), new Date(Date.now() + 6 * 60_000));
    expect(future.statusCode).toBe(401);
    expect((await resultRow(id)).status).toBe('processing');
  });

  it('rejects a tampered body, a re-serialised body, a wrong secret and missing headers', async () => {
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'processing' });
    const body = payload(id);
    const headers = webhookHeaders(SECRET, body, nextId());
    const tampered = await send(body.replace('external', 'forged'), headers);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toBe('Invalid webhook signature');
    // Same JSON value, different bytes: the signature covers the raw body.
    const reserialised = await send(JSON.stringify(JSON.parse(body), null, 2), headers);
    expect(reserialised.statusCode).toBe(401);
    const wrongSecret = await send(body, webhookHeaders('whsec_d3Jvbmc=', body, nextId()));
    expect(wrongSecret.statusCode).toBe(401);
    const unsigned = await send(body, {});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toMatch(/^Missing webhook signature headers/);
    expect((await resultRow(id)).status).toBe('processing');
  });

  it('ignores a replayed delivery id and never completes a result twice', async () => {
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'pending' });
    const body = payload(id, 'First transcript.');
    const deliveryId = nextId();
    const first = await signed(body, deliveryId);
    expect(first.statusCode).toBe(200);
    const replay = await signed(body, deliveryId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ message: 'Already processed' });
    const second = await signed(payload(id, 'Second transcript.'));
    expect(second.statusCode).toBe(409);
    expect((await resultRow(id)).result_data.transcription).toBe('First transcript.');
  });

  it('answers 404 for an unknown result, a non-uuid id and a non-transcription result', async () => {
    const unknown = await signed(payload('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Content result not found' });
    expect((await signed(payload('42'))).statusCode).toBe(404);
    const trend = await insertResult(echo, {
      email: 'hook@example.com',
      status: 'pending',
      productType: 'trend_analysis',
    });
    expect((await signed(payload(trend))).statusCode).toBe(404);
    // A 404 does not use up the delivery id: the sender may retry it once the id is right.
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'pending' });
    const deliveryId = nextId();
    expect((await signed(payload('00000000-0000-4000-8000-000000000000'), deliveryId)).statusCode).toBe(404);
    expect((await signed(payload(id), deliveryId)).statusCode).toBe(200);
  });

  it('accepts a JSON content type with a charset parameter', async () => {
    const id = await insertResult(echo, { email: 'hook@example.com', status: 'processing' });
    const body = payload(id);
    const res = await echo.app!.inject({
      method: 'POST',
      url: '/api/webhook/transcription-complete',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...webhookHeaders(SECRET, body, nextId()),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((await resultRow(id)).status).toBe('completed');
  });

  it('validates the signed body', async () => {
    const missing = await signed(JSON.stringify({ contentResultId: 'x' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('transcript is required');
    const malformed = await signed('{"transcript":');
    expect(malformed.statusCode).toBe(400);
  });

  it('completes 50 concurrent deliveries for one result exactly once', async () => {
    const id = await insertResult(echo, { email: 'race@example.com', status: 'processing' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signed(payload(id, `Transcript ${i}.`))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
  });
});

describe('webhook test endpoints', () => {
  it('GET /api/webhook/test gives the production URL from PUBLIC_URL and no secret', async () => {
    const res = await echo.app!.inject({ method: 'GET', url: '/api/webhook/test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Webhook endpoint is reachable',
      webhookUrl: 'https://echo.example/api/webhook/transcription-complete',
      toleranceSeconds: 300,
    });
    expect(res.body).not.toContain(SECRET.slice(6, 20));
  });

  it('the dry run passes a signed request through the real endpoint and changes nothing', async () => {
    const before = await echo.query('select id from webhook_deliveries');
    const res = await echo.app!.inject({ method: 'POST', url: '/api/webhook/test/dry-run' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'All webhook tests passed',
      checks: [
        {
          name: 'Signed request accepted',
          passed: true,
          detail: '200: Dry run: signature and payload are valid; nothing was changed',
        },
        { name: 'Tampered request rejected', passed: true, detail: '401: Invalid webhook signature' },
      ],
    });
    expect(await echo.query('select id from webhook_deliveries')).toEqual(before);
  });
});
