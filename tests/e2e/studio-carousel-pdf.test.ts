import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '#contract/studio-drafts.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '#tests/support/browser.ts';
import { eventually } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { createSession } from '../../src/server/lib/sessions.ts';

const transcript = readFileSync(new URL('../fixtures/pricing-voice-note.txt', import.meta.url), 'utf8');

let echo: TestApp;
let browser: Browser;
let closeBrowser: () => Promise<void>;
beforeAll(async () => {
  [echo, { browser, close: closeBrowser }] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await closeBrowser?.();
  await echo?.close();
});

/** A signed-in owner with a ready carousel made from one written note. */
async function carouselOf(email: string): Promise<{ token: string; draft: Draft }> {
  const { token } = await createSession(echo.ctx.database.db, 'dashboard', email, 1);
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    echo.app!.inject({
      method,
      url,
      headers: {
        cookie: `echo_dashboard=${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const note = (await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing' })).json();
  const created = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['carousel'] });
  const id = (created.json() as { drafts: Draft[] }).drafts[0]!.id;
  const draft = await eventually(async () => {
    const read = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
    return read.status === 'ready' && read;
  });
  return { token, draft };
}

describe('The carousel as a PDF in the draft view', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`downloads a PDF with a page per slide from the draft's downloads (${name})`, async () => {
      const { token, draft } = await carouselOf(`carousel-pdf-${name}@example.com`);
      const session = await openPage(browser, echo.url, viewport);
      const { page, context } = session;
      try {
        await context.addCookies([{ name: 'echo_dashboard', value: token, url: `${echo.url}/api` }]);
        await page.goto(`/studio?draft=${draft.id}`);
        const link = page.getByRole('link', { name: 'Slides (PDF)' });
        await expect.poll(() => link.isVisible(), { timeout: 20_000 }).toBe(true);
        expect(await link.getAttribute('href')).toMatch(/\/api\/studio\/drafts\/[0-9a-f-]+\/export\?as=pdf/);
        await link.scrollIntoViewIfNeeded();
        if (process.env.SCREENSHOTS)
          await page.screenshot({
            path: `${process.env.SCREENSHOTS}/carousel-pdf-${name}.png`,
            fullPage: true,
          });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toMatch(/^carousel-\d{4}-\d{2}-\d{2}\.pdf$/);
        const pdf = await PDFDocument.load(await readFile((await download.path())!));
        expect(pdf.getPageCount()).toBe(draft.blocks.length);
        for (const p of pdf.getPages()) expect(p.getSize()).toEqual({ width: 540, height: 675 });
        expect(pdf.getTitle()).toBe(draft.blocks[0]!.text);
        expect(session.pageErrors).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
      } finally {
        await context.close();
      }
    }, 90_000);
});
