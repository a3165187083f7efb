import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Once every finite animation on the page has run (a dialog's fade and zoom in), so a check or a
 * screenshot sees the settled page and not a frame of it. Endless ones (spinners) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Debian's Chromium driven by playwright-core (no browser download), with the flags it needs as root
 * and any `extraArgs` (e.g. a fake microphone).
 */
export async function launchBrowser(
  extraArgs: string[] = [],
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Requests the page made to hosts other than the app's. */
  foreignRequests: string[];
  /** Uncaught page errors and console errors. */
  pageErrors: string[];
}

/** A fresh context and page; requests leaving the app are recorded (and answered 404 offline). */
export async function openPage(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<PageSession> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      foreignRequests.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    },
  );
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      pageErrors.push(message.text());
  });
  waitForAppOnLoad(page);
  return { context, page, foreignRequests, pageErrors };
}

/**
 * Public pages arrive prerendered: they show before React has taken them over, and a click or a
 * key press before then does nothing. After every page load (goto, reload) wait until the app
 * marks the document ready, as a person waits for a page to finish loading.
 */
function waitForAppOnLoad(page: Page): void {
  const ready = async (response: Awaited<ReturnType<Page['goto']>>) => {
    if (response && /text\/html/.test(response.headers()['content-type'] ?? ''))
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => ready(await goto(...args));
  page.reload = async (...args) => ready(await reload(...args));
}

/**
 * The landing's signup form loads when its section nears the viewport (as a visitor scrolls down
 * or follows a link to #waitlist): scroll there like a visitor, and return the form.
 */
export async function showWaitlistForm(page: Page) {
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await form.waitFor();
  return form;
}
