import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentResult } from '#contract/content-results.ts';
import { waitForCode } from '#tests/support/content-results.ts';
import { createFakeYtDlp, ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// docs/spec/decisions.md: adding a trend with a verified dashboard session files it in that dashboard's Trends tab.
const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';
const fixture = ytDlpFixture('tiktok-2025.json');

let echo: TestApp;
beforeAll(async () => {
  const ytdlp = await createFakeYtDlp({ [TIKTOK]: fixture });
  echo = await startTestApp({ YTDLP_PATH: ytdlp.bin, TREND_RATE_LIMIT: '1000' });
});
afterAll(() => echo?.close());

const json = (method: 'POST' | 'DELETE', url: string, body: unknown, cookie = '') =>
  echo.app!.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

async function dashboardCookie(email: string): Promise<string> {
  await json('POST', '/api/content-results/request-access', { email });
  const code = await waitForCode(echo, email);
  const verified = await json('POST', '/api/content-results/verify-access', { email, code });
  expect(verified.statusCode).toBe(200);
  return String(verified.headers['set-cookie']).split(';')[0]!;
}

const trendResults = async (email: string, cookie: string) =>
  (
    (await json('POST', '/api/content-results/access', { email }, cookie)).json().results as ContentResult[]
  ).filter((r) => r.product_type === 'trend_analysis');

describe('trends on the dashboard', () => {
  it('files a trend added with a dashboard session, and shows its analysis once processed', async () => {
    const cookie = await dashboardCookie('viewer@example.com');
    const created = await json('POST', '/api/trends', { source: TIKTOK }, cookie);
    expect(created.statusCode).toBe(201);
    const trend = created.json();

    const [pending] = await trendResults('viewer@example.com', cookie);
    expect(pending).toMatchObject({
      product_type: 'trend_analysis',
      status: 'pending',
      source_url: trend.source,
      source_platform: 'Tiktok',
    });

    // Adding it again does not file it twice.
    await json('POST', '/api/trends', { source: TIKTOK }, cookie);
    expect(await trendResults('viewer@example.com', cookie)).toHaveLength(1);

    await json('POST', `/api/trends/${trend.id}/process`, undefined, cookie);
    await expect
      .poll(async () => (await trendResults('viewer@example.com', cookie))[0]?.status, { timeout: 20_000 })
      .toBe('completed');
    const [done] = await trendResults('viewer@example.com', cookie);
    expect(done.result_data.videoUrl).toBe(trend.source);
    expect(done.result_data.summary).toMatch(/Twist ideas:\n- /);
  });

  it('files nothing without a session, and nothing for another owner', async () => {
    const before = await echo.query(
      `select count(*)::int as n from content_results where product_type = 'trend_analysis'`,
    );
    await json('POST', '/api/trends', { source: 'https://www.youtube.com/shorts/zzz999ZZZ99' });
    await json(
      'POST',
      '/api/trends',
      { source: 'https://www.youtube.com/shorts/yyy999YYY99' },
      'echo_dashboard=forged-token-value',
    );
    const after = await echo.query(
      `select count(*)::int as n from content_results where product_type = 'trend_analysis'`,
    );
    expect(after).toEqual(before);
    const other = await dashboardCookie('other@example.com');
    expect(await trendResults('other@example.com', other)).toEqual([]);
  });
});
