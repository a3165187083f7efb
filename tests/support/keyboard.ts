import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { type DESKTOP, launchBrowser, openPage, type PageSession } from './browser.ts';
import { FakeTwilio } from './fake-twilio.ts';
import { createFakeYtDlp, ytDlpFixture } from './fake-yt-dlp.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * What the keyboard-only browser tests (tests/e2e/keyboard-*.test.ts) share: one Echo (with fake
 * Twilio and yt-dlp) and one Chromium a file, and the key presses that check, at every stop, that
 * the focused control is the expected one and shows a visible focus ring. The tests never click,
 * fill or focus an element themselves.
 */

export const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';

// Set by setUpKeyboardSuite's beforeAll; tests read them through these live bindings.
export let echo: TestApp;
export let twilio: FakeTwilio;
let browser: Browser;
let closeBrowser: () => Promise<void>;

/** Starts Echo and Chromium for the calling test file, and checks its focus rings at the end. */
export function setUpKeyboardSuite() {
  // Each flow is long (many key presses, each a round trip): give them room on a busy machine.
  vi.setConfig({ testTimeout: 90_000 });
  beforeAll(async () => {
    const ytdlp = await createFakeYtDlp({ [TIKTOK]: ytDlpFixture('tiktok-2025.json') });
    twilio = await new FakeTwilio().start();
    [echo, { browser, close: closeBrowser }] = await Promise.all([
      startTestApp({
        ...twilio.env,
        YTDLP_PATH: ytdlp.bin,
        SIGNUP_RATE_LIMIT: '1000',
        TREND_RATE_LIMIT: '1000',
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await closeBrowser?.();
    await echo?.close();
    await twilio?.stop();
  });
  afterAll(() => {
    // Every control reached by Tab in this file showed a focus ring.
    expect(ringless).toEqual([]);
  });
}

/** Elements that took focus without a visible focus ring while these tests tabbed through pages. */
export const ringless: string[] = [];

export const describeActive = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      el.textContent?.trim().slice(0, 40) ||
      '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
  });

/** True when the page's focused element shows a focus indicator (outline or box-shadow on :focus-visible). */
export const activeHasRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return true;
    if (!el.matches(':focus-visible')) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });

export const isActive = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** The target has focus (now or soon) and shows a focus ring. */
export async function expectFocus(target: Locator) {
  await expect
    .poll(async () => ((await isActive(target)) ? 'target' : await describeActive(target.page())), {
      timeout: 5000,
    })
    .toBe('target');
  expect(await activeHasRing(target.page())).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has focus, checking the ring at every stop. */
export async function tabTo(target: Locator, { back = false, max = 80 } = {}) {
  const page = target.page();
  await target.waitFor({ state: 'visible' });
  const element = await target.elementHandle();
  // One round trip per key press: is the target focused, and does the focused element show a ring?
  const state = () =>
    page.evaluate((el) => {
      const active = document.activeElement;
      let ring = true;
      if (active && active !== document.body) {
        const style = getComputedStyle(active);
        ring =
          active.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            (style.boxShadow !== 'none' && style.boxShadow !== ''));
      }
      return { reached: active === el, ring };
    }, element);
  let now = await state();
  for (let i = 0; i < max && !now.reached; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    now = await state();
    if (!now.ring) ringless.push(`${page.url()}: ${await describeActive(page)}`);
  }
  await element?.dispose();
  await expectFocus(target);
}

/** Presses a key and expects the focus to stay on (or come back to) the given control. */
export async function press(target: Locator, key: string) {
  await expectFocus(target);
  await target.page().keyboard.press(key);
}

/** Replaces a text field's content by keyboard (select all, then type). */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
export const count = async (sql: string, values: unknown[] = []) =>
  Number((await echo.query<{ n: string }>(sql, values))[0]!.n);

export async function withPage(
  viewport: typeof DESKTOP,
  run: (session: PageSession) => Promise<void>,
): Promise<void> {
  const session = await openPage(browser, echo.url, viewport);
  try {
    await run(session);
    expect(session.pageErrors).toEqual([]);
  } finally {
    await session.context.close();
  }
}
