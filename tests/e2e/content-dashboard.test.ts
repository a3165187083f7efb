import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { insertResult, waitForCode } from '#tests/support/content-results.ts';
import { createFakeYtDlp } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { webhookHeaders } from '../../src/server/features/webhook/index.ts';

const SECRET = 'whsec_ZTJlLWJyb3dzZXItdGVzdC1zZWNyZXQtMzItYnl0ZXM=';
let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  // No captions and no speech-to-text: submissions wait for the external service's signed callback.
  const ytdlp = await createFakeYtDlp({});
  [echo, { browser, close: closeBrowser }] = await Promise.all([
    startTestApp({ WEBHOOK_SECRET: SECRET, YTDLP_PATH: ytdlp.bin }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

async function sendTranscript(contentResultId: string, transcript: string) {
  const body = JSON.stringify({
    videoUrl: 'https://www.youtube.com/watch?v=e2e',
    transcript,
    contentResultId,
  });
  const res = await fetch(`${echo.url}/api/webhook/transcription-complete`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders(SECRET, body, `msg_${contentResultId}`),
    },
    body,
  });
  expect(res.status).toBe(200);
}

async function downloadText(page: Page, format: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download transcript as ${format}` }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

describe('transcription tool and dashboard', () => {
  it('submit -> redirect -> code from e-mail -> pending result -> signed webhook -> transcript, Show more, downloads, delete', async () => {
    const email = 'e2e-flow@example.com';
    const { page, pageErrors, foreignRequests } = await openPage(browser, echo.url, DESKTOP);
    const trendId = await insertResult(echo, {
      email,
      productType: 'trend_analysis',
      sourceUrl: 'https://www.tiktok.com/@echo/video/1',
      data: { summary: 'Hook, reveal, twist.' },
    });
    await insertResult(echo, {
      email,
      status: 'pending',
      sourceUrl: 'https://www.youtube.com/watch?v=queued',
    });

    await page.goto('/reaction-video');
    expect(await page.locator('header').first().innerText()).toContain('Transcription Tool');
    expect(await page.getByRole('link', { name: 'View your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    const submit = page.getByRole('button', { name: 'Transcribe' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Link', { exact: true }).fill('not a link');
    expect(await page.getByText('Please enter a valid URL').isVisible()).toBe(true);
    await page.getByLabel('Link', { exact: true }).fill('https://www.youtube.com/watch?v=e2e');
    await page.getByLabel('Source platform').selectOption('Youtube');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(email);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expect
      .poll(() => page.getByText('Link submitted successfully!', { exact: true }).isVisible())
      .toBe(true);
    expect(await page.getByText('Redirecting to your dashboard...', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.url()).toBe(`${echo.url}/dashboard?email=${encodeURIComponent(email)}`);

    // The prefilled address gets a code; the code field takes digits only and verify needs 6.
    const codeField = page.getByRole('textbox', { name: 'Verification code' });
    await expect.poll(() => codeField.isVisible()).toBe(true);
    const code = await waitForCode(echo, email);
    const verify = page.getByRole('button', { name: 'Verify' });
    await codeField.fill(`${code.slice(0, 5)}x`);
    expect(await codeField.inputValue()).toBe(code.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await codeField.fill(code);
    expect(await verify.isDisabled()).toBe(false);
    await verify.click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your Content' }).isVisible()).toBe(true);

    const [submitted] = await echo.query<{ id: string; created_at: Date }>(
      `select id, created_at from content_results where user_email = $1 and source_url = 'https://www.youtube.com/watch?v=e2e'`,
      [email],
    );
    const card = page.locator('[data-testid="content-result"]', {
      has: page.getByRole('link', { name: 'https://www.youtube.com/watch?v=e2e' }),
    });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await page.getByText('Waiting for transcription to start...').isVisible()).toBe(true);
    // No captions, no speech-to-text: the job hands it to the external service.
    await expect
      .poll(() => card.getByText('Echo is transcribing...').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await card.innerText()).toContain('This should be ready in about 10-20 seconds');

    const transcript = `${'Echo turns what you say into posts. '.repeat(20)}The very end.`.trim();
    expect(transcript.length).toBeGreaterThan(500);
    await sendTranscript(submitted!.id, transcript);
    // Auto-refresh (every 10 s while something is processing) shows the transcript.
    const shown = card.getByTestId('transcript');
    await expect.poll(() => shown.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await shown.innerText()).toBe(`${transcript.slice(0, 500)}...`);
    await card.getByRole('button', { name: 'Show more' }).click();
    expect(await shown.innerText()).toBe(transcript);
    await card.getByRole('button', { name: 'Show less' }).click();
    expect(await shown.innerText()).toBe(`${transcript.slice(0, 500)}...`);

    const day = submitted!.created_at.toISOString().slice(0, 10);
    const txt = await downloadText(page, 'txt');
    expect(txt).toEqual({ name: `transcript-${day}.txt`, text: `${transcript}\n` });
    const md = await downloadText(page, 'md');
    expect(md.name).toBe(`transcript-${day}.md`);
    expect(md.text).toContain('# Transcript');
    expect(md.text).toContain(`## Transcript\n\n${transcript}\n`);
    expect(md.text).toContain('<https://www.youtube.com/watch?v=e2e>');
    const json = await downloadText(page, 'json');
    expect(json.name).toBe(`transcript-${day}.json`);
    expect(JSON.parse(json.text)).toMatchObject({
      id: submitted!.id,
      source_url: 'https://www.youtube.com/watch?v=e2e',
      source_platform: 'Youtube',
      transcription: transcript,
    });

    // Tabs: trends and the personal-voice tab list their own types.
    await page.getByRole('tab', { name: /Trends/ }).click();
    const trends = page.getByRole('tabpanel');
    await expect.poll(() => trends.getByText('Hook, reveal, twist.').isVisible()).toBe(true);
    expect(await trends.getByTestId('content-result').count()).toBe(1);
    await page.getByRole('tab', { name: /My Voice/ }).click();
    expect(await page.getByRole('tabpanel').innerText()).toContain(
      'Your personal voice results will appear here',
    );
    await page.getByRole('tab', { name: /All Content/ }).click();

    // The inline 'New Transcription' form takes a link and a platform for the owner.
    await page.getByRole('button', { name: 'New Transcription' }).click();
    const inline = page.getByRole('form', { name: 'New Transcription' });
    const inlineSubmit = inline.getByRole('button', { name: 'Submit for Transcription' });
    expect(await inline.getByLabel('Email').count()).toBe(0);
    await inline.getByLabel('Link', { exact: true }).fill('https://www.instagram.com/reel/inline/');
    expect(await inlineSubmit.isDisabled()).toBe(true);
    await inline.getByLabel('Source platform').selectOption('Instagram');
    await inlineSubmit.click();
    const inlineCard = page.locator('[data-testid="content-result"]', {
      has: page.getByRole('link', { name: 'https://www.instagram.com/reel/inline/' }),
    });
    await expect.poll(() => inlineCard.isVisible()).toBe(true);
    expect(
      await echo.query('select user_email, source_platform from content_results where source_url = $1', [
        'https://www.instagram.com/reel/inline/',
      ]),
    ).toEqual([{ user_email: email, source_platform: 'Instagram' }]);

    // Delete asks the spec's question.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.accept();
    });
    await card
      .getByRole('button', { name: 'Delete content from https://www.youtube.com/watch?v=e2e' })
      .click();
    await expect.poll(() => card.count()).toBe(0);
    expect(dialogs).toEqual(['Are you sure you want to delete this content?']);
    expect(await page.getByText('Deleted', { exact: true }).isVisible()).toBe(true);
    expect(await echo.query('select id from content_results where id = $1', [submitted!.id])).toHaveLength(0);
    expect(await echo.query('select id from content_results where id = $1', [trendId])).toHaveLength(1);

    // Coming back with ?email= and a live session goes straight to the results, without a new code.
    const mailsBefore = echo.smtp.to(email).length;
    await page.goto(`/dashboard?email=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your Content' }).isVisible()).toBe(true);
    expect(echo.smtp.to(email)).toHaveLength(mailsBefore);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send Code' }).isVisible()).toBe(true);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('button', { name: 'Send Code' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 90_000);

  it('shows the server message and an alert on a failed submit, then returns to idle after 5 s (phone)', async () => {
    const { page, pageErrors } = await openPage(browser, echo.url, PHONE);
    await page.goto('/reaction-video');
    await page.getByLabel('Link', { exact: true }).fill('https://www.tiktok.com/@echo/video/7');
    await page.getByLabel('Source platform').selectOption('Youtube');
    await page.getByLabel('Email').fill('e2e-error@example.com');
    await page.getByRole('button', { name: 'Transcribe' }).click();
    const alert = page.getByText('There was an error submitting your link. Please try again.');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByText('This link is not a Youtube link', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => alert.isVisible(), { timeout: 8000 }).toBe(false);
    expect(page.url()).toBe(`${echo.url}/reaction-video`);
    expect(pageErrors.filter((e) => !/400/.test(e))).toEqual([]);
  });

  it('the e-mail step sends a code, "Use a different email" goes back, and a wrong code is refused', async () => {
    const { page } = await openPage(browser, echo.url, DESKTOP);
    await page.goto('/dashboard');
    const send = page.getByRole('button', { name: 'Send Code' });
    await expect.poll(() => send.isVisible()).toBe(true);
    await page.getByLabel('Email').fill('e2e-steps@example.com');
    await send.click();
    await expect.poll(() => page.getByText('Code sent!', { exact: true }).isVisible()).toBe(true);
    const code = await waitForCode(echo, 'e2e-steps@example.com');
    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByText('Invalid verification code', { exact: true }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Use a different email' }).click();
    await expect.poll(() => send.isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('e2e-steps@example.com');
  });

  it('the webhook test page shows the URL and runs the signed dry run', async () => {
    const { page, pageErrors } = await openPage(browser, echo.url, DESKTOP);
    await page.goto('/webhook-test');
    await page.getByRole('button', { name: 'Run Tests' }).click();
    await expect.poll(() => page.getByTestId('webhook-summary').isVisible()).toBe(true);
    expect(await page.getByTestId('webhook-summary').innerText()).toBe('All webhook tests passed');
    expect(await page.getByTestId('webhook-url').innerText()).toBe(
      `${echo.ctx.config.publicUrl}/api/webhook/transcription-complete`,
    );
    expect(await page.getByText('webhook-signature: v1,<base64>').isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
