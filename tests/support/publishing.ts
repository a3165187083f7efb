import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { type FakeBluesky, startFakeBluesky } from './fake-social.ts';
import { type StudioTestApp, startStudioApp } from './studio.ts';

export interface PublishingBrowserApp {
  echo: StudioTestApp;
  bsky: FakeBluesky;
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * The publishing browser tests' set-up: a Studio app that publishes to a fake Bluesky on loopback,
 * and Chromium; `close` stops all three.
 */
export async function startPublishingBrowserApp(): Promise<PublishingBrowserApp> {
  const bsky = await startFakeBluesky();
  const [echo, { browser, close: closeBrowser }] = await Promise.all([
    startStudioApp({ PUBLISH_ALLOW_PRIVATE_HOSTS: 'true', BLUESKY_SERVICE_URL: bsky.origin }),
    launchBrowser(),
  ]);
  return {
    echo,
    bsky,
    browser,
    close: async () => {
      await closeBrowser();
      await echo.close();
      await bsky.close();
    },
  };
}
