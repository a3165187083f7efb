import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAi, SAMPLE_TREND_ANALYSIS } from '#tests/support/fake-openai.ts';
import { createFakeYtDlp, ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const OLD_TIKTOK = 'https://www.tiktok.com/@makerwithmaya/video/7123456789012345678';
// The sample analysis with a fourth beat.
const GOOD_ANSWER = {
  ...SAMPLE_TREND_ANALYSIS,
  beats: [
    ...SAMPLE_TREND_ANALYSIS.beats,
    {
      name: 'Call to action',
      start_seconds: 40,
      end_seconds: 45,
      description: 'Ask for a fourth lesson in the comments.',
    },
  ],
};

let echo: TestApp;
let openai: FakeOpenAi;
beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({ [OLD_TIKTOK]: ytDlpFixture('tiktok-2022.json') });
  openai = await new FakeOpenAi().start();
  echo = await startTestApp({
    YTDLP_PATH: ytdlp.bin,
    LLM_BASE_URL: openai.baseUrl,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'echo-test-model',
    TREND_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await echo?.close();
  await openai?.stop();
});
beforeEach(async () => {
  openai.requests.length = 0;
  await echo.query('delete from trends');
});

const chats = () => openai.requests.filter((r) => r.path.endsWith('/chat/completions'));

async function analyse(): Promise<Record<string, unknown>> {
  const created = await echo.app!.inject({
    method: 'POST',
    url: '/api/trends',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ source: OLD_TIKTOK }),
  });
  const { id } = created.json();
  await echo.app!.inject({
    method: 'POST',
    url: `/api/trends/${id}/process`,
    headers: { 'content-type': 'application/json' },
  });
  return waitDone(id);
}
async function waitDone(id: string) {
  for (let i = 0; i < 200; i++) {
    const list = (await echo.app!.inject({ method: 'GET', url: '/api/trends' })).json() as Array<
      Record<string, unknown>
    >;
    const trend = list.find((t) => t.id === id);
    if (trend && trend.status !== 'processing' && trend.status !== 'pending') return trend;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analysis never finished');
}

describe('the llm analyser against an OpenAI-compatible server', () => {
  it('sends the video metadata and stores the validated answer', async () => {
    openai.chatReply = JSON.stringify(GOOD_ANSWER);
    const trend = await analyse();
    expect(trend).toMatchObject({ status: 'processed', engine: 'llm', format: 'List / countdown' });
    expect(trend.skeleton).toBe(
      [
        'Format: List / countdown',
        '1. Hook (0:00-0:05): Promise three lessons in the first line.',
        '2. Setup (0:05-0:15): Who you were before the business.',
        '3. Payoff (0:15-0:40): The three lessons, one cut each.',
        '4. Call to action (0:40-0:45): Ask for a fourth lesson in the comments.',
      ].join('\n'),
    );
    expect(trend.twist_ideas).toEqual(GOOD_ANSWER.twist_ideas);
    expect(chats()).toHaveLength(1);
    const body = chats()[0]!.json as {
      model: string;
      messages: Array<{ content: string }>;
      response_format: unknown;
    };
    expect(body.model).toBe('echo-test-model');
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[1]!.content).toContain('3 things I wish I knew before starting a small business');
    expect(body.messages[1]!.content).toContain('"duration_seconds":45');
    expect(chats()[0]!.headers.authorization).toBe('Bearer test-key');
  });

  it('retries once on malformed output, then uses the template engine', async () => {
    openai.chatReply = 'Sure! Here are some ideas: 1. ...';
    const trend = await analyse();
    expect(chats()).toHaveLength(2);
    expect(trend).toMatchObject({ status: 'processed', engine: 'template', format: 'List / countdown' });
    expect((trend.twist_ideas as string[]).length).toBeGreaterThanOrEqual(5);
  });

  it('retries once when the JSON does not match the schema, and keeps the good second answer', async () => {
    let n = 0;
    openai.chatReply = () =>
      ++n === 1
        ? JSON.stringify({ format: 'POV', beats: [], twist_ideas: ['one'] })
        : JSON.stringify(GOOD_ANSWER);
    const trend = await analyse();
    expect(chats()).toHaveLength(2);
    expect(trend).toMatchObject({ engine: 'llm', twist_ideas: GOOD_ANSWER.twist_ideas });
  });

  it('More Ideas keeps only ideas that are new; repeats fall back to the template engine', async () => {
    openai.chatReply = JSON.stringify(GOOD_ANSWER);
    const trend = await analyse();
    openai.requests.length = 0;
    openai.chatReply = JSON.stringify({
      twist_ideas: ['three things i would not do again!', 'Three lessons as a cartoon'],
    });
    await echo.app!.inject({
      method: 'POST',
      url: `/api/trends/${trend.id}/process`,
      headers: { 'content-type': 'application/json' },
    });
    await new Promise((r) => setTimeout(r, 50));
    const more = await waitDone(String(trend.id));
    expect(more.twist_ideas).toEqual([...GOOD_ANSWER.twist_ideas, 'Three lessons as a cartoon']);
    expect((chats()[0]!.json as { messages: Array<{ content: string }> }).messages[1]!.content).toContain(
      'Three lessons from my biggest failure',
    );

    openai.requests.length = 0;
    openai.chatReply = JSON.stringify({ twist_ideas: [GOOD_ANSWER.twist_ideas[0]] });
    await echo.app!.inject({
      method: 'POST',
      url: `/api/trends/${trend.id}/process`,
      headers: { 'content-type': 'application/json' },
    });
    await new Promise((r) => setTimeout(r, 50));
    const fallback = await waitDone(String(trend.id));
    expect(chats()).toHaveLength(2);
    const ideas = fallback.twist_ideas as string[];
    expect(ideas).toHaveLength(GOOD_ANSWER.twist_ideas.length + 1 + 3);
    expect(new Set(ideas.map((i) => i.toLowerCase())).size).toBe(ideas.length);
    expect(fallback.engine).toBe('template');
  });
});
