import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { PublishPost } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { PUBLISH_RATE_LIMITS } from '../../src/server/features/publishing/routes.ts';
import { type FakeBluesky, type FakeMastodon, startFakeBluesky, startFakeMastodon } from './fake-social.ts';
import { returnFromPlatform } from './oauth.ts';
import {
  eventually,
  PRICING_TRANSCRIPT,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
} from './studio.ts';

/**
 * What the publishing API tests (src/server/features/publishing/publishing-*.api.test.ts) share: a
 * Studio app that publishes to a fake Bluesky and a fake Mastodon on loopback, two signed-in users
 * (Alice and Bob), and calls as them.
 */

// Set by setUpPublishingApi's beforeAll; tests read them through these live bindings.
export let echo: StudioTestApp;
export let bsky: FakeBluesky;
export let masto: FakeMastodon;
export let alice: string;
export let bob: string;
/** Alice's ready thread draft (with `connected`). */
export let draft: Draft;

export function call(method: string, url: string, cookie: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

const SETTLED = ['published', 'failed', 'check', 'waiting_account'];

/**
 * A post once its status is one of `statuses`, read from `posts` (its owner's GET
 * /api/publishing/posts) at half the owner's read limit, so that polling never meets that limit
 * however long a busy machine takes to publish.
 */
export const settledPost = (posts: () => Promise<PublishPost[]>, id: string, statuses = SETTLED) =>
  eventually(
    async () => {
      const post = (await posts()).find((p) => p.id === id);
      return post !== undefined && statuses.includes(post.status) && post;
    },
    60_000,
    60_000 / (PUBLISH_RATE_LIMITS.reads / 2),
  );

export const postsOf = async (cookie = alice) =>
  ((await call('GET', '/api/publishing/posts', cookie)).json() as { posts: PublishPost[] }).posts;
export const postOf = async (id: string, cookie = alice) => (await postsOf(cookie)).find((p) => p.id === id)!;
export const settled = (id: string, statuses = SETTLED) => settledPost(() => postsOf(), id, statuses);

export async function connectBluesky(handle: string, password: string, cookie = alice) {
  return call('POST', '/api/publishing/accounts/bluesky', cookie, { handle, app_password: password });
}

export async function publish(
  accountId: string,
  texts: string[] | undefined,
  when: Record<string, unknown> = { when: 'now' },
) {
  const res = await call('POST', '/api/publishing/posts', alice, {
    draft_id: draft.id,
    account_ids: [accountId],
    ...(texts && { texts: { [accountId]: texts } }),
    ...when,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { posts: PublishPost[] }).posts[0]!;
}

/**
 * Starts the app and the fakes for the calling test file, and clears the fakes' faults before each
 * test. With `connected`, Alice has connected Bluesky (app password) and Mastodon (OAuth) and has a
 * ready thread draft of the pricing voice note before the first test.
 */
export function setUpPublishingApi({ connected = false }: { connected?: boolean } = {}) {
  beforeAll(async () => {
    bsky = await startFakeBluesky();
    masto = await startFakeMastodon('alice', 1000);
    echo = await startStudioApp({
      PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
      BLUESKY_SERVICE_URL: bsky.origin,
      PUBLISH_TIMEOUT_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '0',
    });
    alice = await sessionCookie(echo, 'alice@example.com');
    bob = await sessionCookie(echo, 'bob@example.com');
    if (!connected) return;
    bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
    const bluesky = await connectBluesky('@alice.test', 'aaaa-bbbb-cccc-dddd');
    expect(bluesky.statusCode, bluesky.body).toBe(201);
    const start = await call('POST', '/api/publishing/oauth/start', alice, {
      platform: 'mastodon',
      instance: masto.origin,
    });
    expect((await returnFromPlatform(echo, start)).headers.location).toBe(
      '/studio?tab=publishing&connected=mastodon',
    );
    const note = (
      await call('POST', '/api/studio/notes', alice, { text: PRICING_TRANSCRIPT, title: 'Pricing' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', alice, { note_ids: [note.id], formats: ['thread'] });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    draft = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`, alice)).json() as Draft;
      return d.status === 'ready' && d;
    });
  }, 120_000);
  afterAll(async () => {
    await echo?.close();
    await bsky?.close();
    await masto?.close();
  });
  beforeEach(() => {
    bsky.faults.clear();
    masto.faults.clear();
  });
}
