import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halfAList, TWO_MISTAKES } from '#tests/fixtures/studio/two-mistakes.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  callAs,
  type StudioTestApp,
  sessionCookie,
  settledDraft,
  startStudioApp,
} from '#tests/support/studio.ts';
import { LLM_ANSWER_MAX_CHARS, LLM_PROMPT_MAX_CHARS } from '../engine/index.ts';
import {
  modelCallsPerDayMessage,
  modelCallsUsedUpNote,
  modelCharsPerDayMessage,
  modelCharsUsedUpNote,
} from './model-calls.ts';

/**
 * The language-model calls an owner's drafts make are counted one by one
 * (not per draft job), STUDIO_MODEL_CALLS_PER_DAY a day: past it a request is refused (429) and a
 * job makes no call (its draft is written offline, saying why).
 */
const LIMIT = 3;
const CHARS_LIMIT = 100_000;
let echo: StudioTestApp;
let llm: FakeOpenAi;
beforeAll(async () => {
  llm = await new FakeOpenAi().start();
  echo = await startStudioApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    STUDIO_MODEL_CALLS_PER_DAY: String(LIMIT),
    STUDIO_MODEL_CHARS_PER_DAY: String(CHARS_LIMIT),
  });
});
afterAll(async () => {
  await echo?.close();
  await llm?.stop();
});

const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);

async function noteOf(cookie: string, text = TWO_MISTAKES): Promise<string> {
  const res = await call(cookie, 'POST', '/api/studio/notes', { text });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const settled = (cookie: string, drafts: Array<{ id: string }>) =>
  Promise.all(drafts.map((d) => settledDraft(echo, cookie, d.id)));

describe('language-model calls per owner', () => {
  it('counts every call, makes none past the daily number, and refuses requests once they are used up', async () => {
    llm.chatReply = (request) => halfAList(JSON.stringify(request.json));
    const cookie = await sessionCookie(echo, 'spender@example.com');
    const note = await noteOf(cookie);
    const before = llm.chats.length;

    // A first draft: two calls (the planner asks for a second try).
    const first = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(first.statusCode, first.body).toBe(202);
    await settled(cookie, first.json().drafts);
    expect(llm.chats.length - before).toBe(2);

    // A second: its first call is the third and last of the day; while it is with the model, a
    // third request is refused, and the second draft gets no second try.
    const held = llm.holdNext();
    const second = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(second.statusCode).toBe(202);
    await held.arrived;
    const refused = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['blog'],
      engine: 'auto',
    });
    held.release();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: modelCallsPerDayMessage(LIMIT) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [written] = await settled(cookie, second.json().drafts);
    expect(written).toMatchObject({ status: 'ready', engine: 'llm' });
    expect(llm.chats.length - before).toBe(LIMIT);

    // Regenerating with the model is refused too; the offline engine still writes.
    const again = await call(cookie, 'POST', `/api/studio/drafts/${written!.id}/regenerate`, {});
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('rate_limited');
    const offline = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['thread'],
      engine: 'extractive',
    });
    expect(offline.statusCode).toBe(202);
    await settled(cookie, offline.json().drafts);
    expect(llm.chats.length - before).toBe(LIMIT);

    // Another owner has its own calls.
    const other = await sessionCookie(echo, 'saver@example.com');
    const otherNote = await noteOf(other);
    const theirs = await call(other, 'POST', '/api/studio/drafts', {
      note_ids: [otherNote],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(theirs.statusCode).toBe(202);
    await settled(other, theirs.json().drafts);
    expect(llm.chats.length - before).toBe(LIMIT + 2);
  });

  it('writes a draft offline, saying why, when the calls ran out after it was accepted', async () => {
    llm.chatReply = (request) => halfAList(JSON.stringify(request.json));
    const owner = 'racing-spender@example.com';
    const cookie = await sessionCookie(echo, owner);
    const note = await noteOf(
      cookie,
      `${TWO_MISTAKES} Next season we will publish each episode the week we record it. ` +
        'Our listeners told us which guests they wanted, and we booked three of them.',
    );
    // Two calls used earlier today: the request passes (one is left), but only one of its two drafts gets it.
    await echo.query(
      `insert into rate_limits (key, count, reset_at) values ($1, 2, now() + interval '1 day')`,
      [`studio-model-calls-day:${owner}`],
    );
    const before = llm.chats.length;
    const res = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['linkedin', 'thread'],
      engine: 'llm',
    });
    expect(res.statusCode).toBe(202);
    const drafts = await settled(cookie, res.json().drafts);
    expect(llm.chats.length - before).toBe(1);
    const usedUp = drafts.filter((d) => d.meta.fallback === modelCallsUsedUpNote(LIMIT));
    expect(usedUp).toHaveLength(1);
    expect(usedUp[0]).toMatchObject({ status: 'ready', engine: 'extractive' });
  });
});

describe("the model's size per call and per day", () => {
  /** A long note of distinct sentences: its best 120 are far more than one prompt takes. */
  const LONG = Array.from(
    { length: 160 },
    (_, i) =>
      `In week ${i + 1} we asked ${(i + 3) * 7} listeners about episode ${i + 2}, and they told us the guest mattered more than the sound, the length, the music or the day we published it.`,
  ).join(' ');
  const promptOf = (request: { json?: unknown }) =>
    (request.json as { messages: Array<{ content: string }> }).messages.reduce(
      (n, m) => n + m.content.length,
      0,
    );

  it('sends a bounded prompt with max_tokens, once: no retry inside the client', async () => {
    llm.chatReply = (request) => halfAList(JSON.stringify(request.json));
    const cookie = await sessionCookie(echo, 'long-notes@example.com');
    const note = await noteOf(cookie, `${TWO_MISTAKES} ${LONG}`);
    expect(LONG.length).toBeGreaterThan(LLM_PROMPT_MAX_CHARS);
    const before = llm.chats.length;
    llm.failNext(500);
    const res = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(res.statusCode).toBe(202);
    const [draft] = await settled(cookie, res.json().drafts);
    // The model failed once: one request (the client did not send it again), the draft offline.
    expect(draft).toMatchObject({ status: 'ready', engine: 'extractive' });
    const sent = llm.chats.slice(before);
    expect(sent).toHaveLength(1);
    expect(promptOf(sent[0]!)).toBeLessThanOrEqual(LLM_PROMPT_MAX_CHARS);
    expect(promptOf(sent[0]!)).toBeGreaterThan(LLM_PROMPT_MAX_CHARS / 2);
    expect((sent[0]!.json as { max_tokens?: number }).max_tokens).toBe(LLM_ANSWER_MAX_CHARS / 4);
  });

  it("makes no call past the owner's characters for the day, and refuses requests once they are used up", async () => {
    llm.chatReply = (request) => halfAList(JSON.stringify(request.json));
    const owner = 'wordy@example.com';
    const cookie = await sessionCookie(echo, owner);
    const note = await noteOf(cookie);
    // Almost all of today's characters used: less than one call's longest answer is left.
    await echo.query(
      `insert into rate_limits (key, count, reset_at) values ($1, $2, now() + interval '1 day')`,
      [`studio-model-chars-day:${owner}`, CHARS_LIMIT - LLM_ANSWER_MAX_CHARS / 2],
    );
    const before = llm.chats.length;
    const res = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(res.statusCode).toBe(202);
    const [draft] = await settled(cookie, res.json().drafts);
    expect(draft).toMatchObject({ status: 'ready', engine: 'extractive' });
    expect(draft!.meta.fallback).toBe(modelCharsUsedUpNote(CHARS_LIMIT));
    expect(llm.chats.length - before).toBe(0);
    const refused = await call(cookie, 'POST', '/api/studio/drafts', {
      note_ids: [note],
      formats: ['blog'],
      engine: 'auto',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', message: modelCharsPerDayMessage(CHARS_LIMIT) });
  });
});
