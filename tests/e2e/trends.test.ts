import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_ARGS } from '#server/providers/media/yt-dlp.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { createFakeYtDlp, ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';
const PRIVATE = 'https://www.instagram.com/reel/C7abcDEFghi/';
const RESPONSES = {
  [TIKTOK]: ytDlpFixture('tiktok-2025.json'),
  [PRIVATE]: { __error: '[Instagram] C7abcDEFghi: This content is private. Use --cookies' },
};

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let ytdlp: Awaited<ReturnType<typeof createFakeYtDlp>>;

beforeAll(async () => {
  ytdlp = await createFakeYtDlp(RESPONSES);
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ YTDLP_PATH: ytdlp.bin, TREND_RATE_LIMIT: '1000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

const card = (page: Page, source: string) =>
  page.getByRole('article', { name: `Trend ${source}`, exact: true });
const toastText = async (page: Page) => (await page.getByRole('status').allInnerTexts()).join('\n');

async function addTrend(page: Page, url: string) {
  const form = page.getByRole('form', { name: 'Add New Trend' });
  await form.getByLabel('Trend URL').fill(url);
  await form.getByRole('button', { name: 'Add Trend' }).click();
}

async function seedTrends(count: number) {
  await echo.query(
    `insert into trends (source, platform, status, created_at)
     select 'https://www.tiktok.com/@seed/video/' || g, 'tiktok', 'pending', now() - make_interval(mins => 1000 - g)
     from generate_series(1, $1::int) g`,
    [count],
  );
  await echo.query(
    'insert into trend_totals (id, count) values (1, $1) on conflict (id) do update set count = trend_totals.count + $1',
    [count],
  );
}

describe('trend analyser page', () => {
  it('shows the header, intro, hint and empty state, checks URLs live and adds a trend that reaches processed', async () => {
    const { page, context, foreignRequests, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/trends');
      const header = page.locator('header').first();
      await expect.poll(() => header.getByText('Trends Beta').isVisible()).toBe(true);
      expect(await header.getByRole('link', { name: 'Echo home' }).getAttribute('href')).toBe('/');
      expect(await header.getByRole('link', { name: /Echo on Instagram/ }).getAttribute('href')).toMatch(
        /^https:\/\//,
      );
      expect(await page.getByRole('heading', { name: 'How it works' }).isVisible()).toBe(true);
      expect(await page.getByTestId('usage-hint').innerText()).toContain('https://www.youtube.com/shorts/');
      await expect.poll(() => page.getByText('No trends yet').isVisible()).toBe(true);

      const form = page.getByRole('form', { name: 'Add New Trend' });
      const input = form.getByLabel('Trend URL');
      const submit = form.getByRole('button', { name: 'Add Trend' });
      expect(await form.getByLabel('Platform').locator('option').allInnerTexts()).toEqual([
        'TikTok',
        'Instagram',
        'YouTube',
      ]);
      // Empty input is ignored.
      await submit.click();
      expect(await echo.query('select id from trends')).toHaveLength(0);
      // Live checks.
      await input.fill('https://tiktok.com.evil.com/@x/video/1');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('URL must be from TikTok, Instagram, or YouTube');
      expect(await submit.isDisabled()).toBe(true);
      await input.press('Enter');
      await expect.poll(() => toastText(page)).toContain('Invalid URL');
      await input.fill('not a url');
      await expect
        .poll(() => form.getByRole('alert').innerText())
        .toBe('Please enter a valid URL starting with https://');
      await input.fill('https://youtu.be/abc');
      await expect.poll(() => form.getByText('Valid YouTube URL').isVisible()).toBe(true);
      expect(await form.getByLabel('Platform').inputValue()).toBe('youtube');
      expect(await submit.isEnabled()).toBe(true);

      await addTrend(page, `${TIKTOK}?is_from_webapp=1`);
      await expect.poll(() => toastText(page)).toContain('Trend added successfully and analysis starting...');
      const trend = card(page, TIKTOK);
      await expect.poll(() => trend.isVisible()).toBe(true);
      // Processing starts by itself about a second later and ends processed.
      await expect.poll(() => trend.getAttribute('data-status'), { timeout: 15_000 }).toBe('processed');
      await expect.poll(() => toastText(page)).toContain('Analysis Complete!');
      expect(await trend.getByTestId('trend-status').innerText()).toBe('Processed');
      expect(await trend.getByText('Audio Trend').isVisible()).toBe(true);
      const skeleton = await trend.getByRole('region', { name: 'Skeleton' }).innerText();
      expect(skeleton).toContain('1. Hook (0:00-0:04)');
      expect(skeleton).toContain('4. Call to action (0:20-0:24)');
      const ideas = trend.getByRole('region', { name: 'Twist Ideas' }).locator('li');
      expect(await ideas.count()).toBe(3);
      const audio = trend.getByRole('region', { name: 'Trending Audio' });
      expect(await audio.innerText()).toContain('original sound - brewedbyjules');
      expect(await audio.getByRole('link', { name: 'Use This Audio' }).getAttribute('href')).toMatch(
        /^https:\/\/sf16-ies-music/,
      );
      const stats = trend.getByRole('region', { name: 'Trending Stats' });
      expect(await stats.locator('[data-stat="view_count"]').innerText()).toBe('2.3M');
      expect(await stats.locator('[data-stat="like_count"]').innerText()).toBe('312.5K');
      expect(await stats.locator('[data-stat="share_count"]').innerText()).toBe('8.1K');
      expect(await stats.locator('[data-stat="comment_count"]').innerText()).toBe('4.5K');
      expect(await stats.locator('[data-stat="engagement_rate"]').innerText()).toBe('13.9%');
      expect(await trend.getByText(/^Added /).isVisible()).toBe(true);
      expect(await trend.getByText('Source:').isVisible()).toBe(true);
      expect(await page.getByTestId('trends-shown').innerText()).toBe('1 of 1 trends shown');
      // One yt-dlp run, with the canonical URL after '--'.
      const calls = readFileSync(`${ytdlp.dir}/calls.log`, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(calls).toEqual([
        [...SAFETY_ARGS, '--dump-single-json', '--no-download', '--no-warnings', '--', TIKTOK],
      ]);

      // Expand and collapse ideas; More Ideas adds three new ones.
      await trend.getByRole('button', { name: 'Show 3 more ideas' }).click();
      expect(await ideas.count()).toBe(6);
      await trend.getByRole('button', { name: 'Show less' }).click();
      expect(await ideas.count()).toBe(3);
      // While the re-analysis request runs the card says 'Processing...' with its button disabled.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/trends/*/process', async (route) => {
        await held;
        await route.continue();
      });
      // The list is polled while the card is processing; a poll that answers before the held request
      // reaches the server still says 'processed' and must not take the card's 'Analyzing...' away.
      const polled = page.waitForResponse(
        (res) => res.url().includes('/api/trends?') && res.request().method() === 'GET',
        { timeout: 10_000 },
      );
      await trend.getByRole('button', { name: 'More Ideas', exact: true }).click();
      const busy = trend.getByRole('button', { name: 'Processing...' });
      await expect.poll(() => busy.isDisabled()).toBe(true);
      expect(await trend.getByTestId('trend-status').innerText()).toBe('Analyzing...');
      await polled;
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
      );
      expect(await busy.isDisabled()).toBe(true);
      expect(await trend.getByTestId('trend-status').innerText()).toBe('Analyzing...');
      release();
      await expect
        .poll(() => trend.getByRole('button', { name: 'Show 6 more ideas' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(foreignRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('copies a template from the builder and fakes content generation', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: echo.url });
    try {
      await page.goto('/trends');
      const trend = card(page, TIKTOK);
      await expect.poll(() => trend.getAttribute('data-status')).toBe('processed');
      const firstIdea = await trend
        .getByRole('region', { name: 'Twist Ideas' })
        .locator('li')
        .first()
        .locator('span.flex-1')
        .innerText();
      await trend
        .getByRole('button', { name: /^Use idea:/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Content Template Builder' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const twist = dialog.getByLabel('Your Twist');
      expect(await twist.inputValue()).toBe(firstIdea);
      await twist.fill('POV: my coffee order judges me back');
      await dialog.getByRole('button', { name: 'Copy Template' }).click();
      await expect.poll(() => toastText(page)).toContain('Content template copied to clipboard');
      const skeleton = await dialog.getByRole('region', { name: 'Skeleton' }).locator('pre').innerText();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`${skeleton}\n\nYour Twist: POV: my coffee order judges me back`);
      expect(copied.startsWith('Format: POV\n1. Hook (0:00-0:04)')).toBe(true);

      await dialog.getByRole('button', { name: 'Generate Content' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Generating...' }).isDisabled()).toBe(true);
      await expect
        .poll(() => toastText(page), { timeout: 5000 })
        .toContain('This feature will be available soon!');
      expect(await dialog.getByRole('button', { name: 'Generate Content' }).isEnabled()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fails honestly with the reason on the card, and Retry analyses again', async () => {
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/trends');
      await addTrend(page, 'https://instagram.com/reel/C7abcDEFghi/?igsh=abc');
      const trend = card(page, PRIVATE);
      await expect.poll(() => trend.getAttribute('data-status'), { timeout: 15_000 }).toBe('failed');
      expect(await trend.getByTestId('trend-status').innerText()).toBe('Failed');
      expect(await trend.getByRole('alert').innerText()).toBe(
        'This video is private or needs a sign-in, so it cannot be analysed.',
      );
      expect(await trend.getByRole('region', { name: 'Trending Stats' }).count()).toBe(0);
      await expect.poll(() => toastText(page)).toContain('Failed to process trend');

      await ytdlp.setResponses({ ...RESPONSES, [PRIVATE]: ytDlpFixture('instagram-reel-2024.json') });
      await trend.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => trend.getByTestId('trend-status').innerText()).not.toBe('Failed');
      await expect.poll(() => trend.getAttribute('data-status'), { timeout: 15_000 }).toBe('processed');
      expect(await trend.getByRole('alert').count()).toBe(0);
      const pattern = trend.getByRole('region', { name: 'Content Pattern' });
      expect(await pattern.innerText()).toContain('Before / after format');
      expect(await pattern.getByRole('link', { name: 'Use this trend' }).getAttribute('href')).toBe(PRIVATE);
      expect(
        await trend
          .getByRole('region', { name: 'Trending Stats' })
          .locator('[data-stat="view_count"]')
          .innerText(),
      ).toBe('—');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('pages 12 at a time with Load More, and only the owner sees and uses delete', async () => {
    const [{ n: existing }] = await echo.query<{ n: number }>('select count(*)::int as n from trends');
    await seedTrends(30 - existing!);
    const { page, context, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    try {
      await page.goto('/trends');
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('12 of 30 trends shown');
      expect(await page.getByTestId('trend-card').count()).toBe(12);
      await page.getByRole('button', { name: 'Load More (18 remaining)' }).click();
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('24 of 30 trends shown');
      await page.getByRole('button', { name: 'Load More (6 remaining)' }).click();
      await expect.poll(() => page.getByTestId('trends-shown').innerText()).toBe('30 of 30 trends shown');
      expect(await page.getByRole('button', { name: /^Load More/ }).count()).toBe(0);
      // Newest first: any added earlier in this file, then the seeded ones from the newest down.
      const sources = await page
        .getByTestId('trend-card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
      expect(sources[existing!]).toBe(`Trend https://www.tiktok.com/@seed/video/${30 - existing!}`);
      expect(sources.at(-1)).toBe('Trend https://www.tiktok.com/@seed/video/1');
      // This browser added none of them: no delete buttons.
      expect(await page.getByRole('button', { name: /^Delete trend/ }).count()).toBe(0);

      // A failing process request rolls the optimistic 'processing' back (docs/spec/product-spec.md §4).
      const seeded = card(page, 'https://www.tiktok.com/@seed/video/1');
      expect(await seeded.getByTestId('trend-status').innerText()).toBe('Pending');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/trends/*/process', async (route) => {
        await held;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
      });
      await seeded.getByRole('button', { name: 'Analyze' }).click();
      await expect.poll(() => seeded.getByTestId('trend-status').innerText()).toBe('Analyzing...');
      release();
      await expect.poll(() => toastText(page)).toContain('Failed to process trend');
      await expect.poll(() => seeded.getByTestId('trend-status').innerText()).toBe('Pending');
      await page.unroute('**/api/trends/*/process');

      // 'Adding...' while the request is pending.
      let releaseAdd = () => {};
      const heldAdd = new Promise<void>((resolve) => {
        releaseAdd = resolve;
      });
      await page.route('**/api/trends', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await heldAdd;
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: '{"message":"Too many requests. Please try again later."}',
        });
      });
      await addTrend(page, 'https://www.tiktok.com/@slow/video/1');
      const adding = page.getByRole('button', { name: 'Adding...' });
      await expect.poll(() => adding.isDisabled()).toBe(true);
      releaseAdd();
      await expect.poll(() => toastText(page)).toContain('Too many requests. Please try again later.');
    } finally {
      await context.close();
    }

    // A new browser adds a trend: it can delete that one only.
    const owner = await openPage(browser, echo.url, DESKTOP);
    try {
      await owner.page.goto('/trends');
      const source = 'https://www.youtube.com/shorts/ownedByThisBrowser';
      await addTrend(owner.page, source);
      const trend = card(owner.page, source);
      await expect.poll(() => trend.isVisible()).toBe(true);
      await expect.poll(() => owner.page.getByRole('button', { name: /^Delete trend/ }).count()).toBe(1);
      await trend.getByRole('button', { name: `Delete trend ${source}` }).click();
      await expect.poll(() => toastText(owner.page)).toContain('The trend has been successfully removed.');
      await expect.poll(() => trend.count()).toBe(0);
      await expect
        .poll(() => owner.page.getByTestId('trends-shown').innerText())
        .toBe('12 of 30 trends shown');
      expect(await echo.query('select id from trends where source = $1', [source])).toHaveLength(0);
      expect(owner.pageErrors).toEqual([]);
    } finally {
      await owner.context.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
