import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost, PublishPreview } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import {
  type FakeBluesky,
  type FakeMastodon,
  type FakeX,
  startFakeBluesky,
  startFakeMastodon,
  startFakeX,
} from '#tests/support/fake-social.ts';
import { returnFromPlatform } from '#tests/support/oauth.ts';
import { settledPost } from '#tests/support/publishing-api.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/**
 * A carousel goes to X, Bluesky and Mastodon as its slides, up to 4 images a post with
 * alt text (the slide's own words unless the user wrote their own; none refused), the fakes
 * speaking uploadBlob + app.bsky.embed.images, POST /api/v2/media + media_ids, and X's
 * /2/media/upload + /2/media/metadata + media.media_ids.
 */

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);
const PNG_HEAD = '89504e470d0a1a0a';

let echo: StudioTestApp;
let bsky: FakeBluesky;
let masto: FakeMastodon;
let x: FakeX;
let alice: string;
let carousel: Draft;
let slides: string[];
const accounts: Partial<Record<'bluesky' | 'mastodon' | 'x', PublishAccount>> = {};

function call(method: string, url: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie: alice },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const settled = (id: string, statuses?: string[]) =>
  settledPost(
    async () => ((await call('GET', '/api/publishing/posts')).json() as { posts: PublishPost[] }).posts,
    id,
    statuses,
  );
async function publishCarousel(account: PublishAccount, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/publishing/posts', {
    draft_id: carousel.id,
    account_ids: [account.id],
    when: 'now',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { posts: PublishPost[] }).posts[0]!;
}
async function oauth(platform: 'mastodon' | 'x', instance?: string) {
  const start = await call('POST', '/api/publishing/oauth/start', { platform, instance });
  expect(start.statusCode, start.body).toBe(200);
  const done = await returnFromPlatform(echo, start);
  expect(done.headers.location).toBe(`/studio?tab=publishing&connected=${platform}`);
}

beforeAll(async () => {
  [bsky, masto, x] = await Promise.all([startFakeBluesky(), startFakeMastodon('alice', 500), startFakeX()]);
  echo = await startStudioApp({
    PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
    BLUESKY_SERVICE_URL: bsky.origin,
    PUBLISH_TIMEOUT_SECONDS: '2',
    JOB_RETRY_DELAY_SECONDS: '0',
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_API_URL: x.origin,
    X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
  });
  alice = await sessionCookie(echo, 'alice@example.com');
  bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
  expect(
    (
      await call('POST', '/api/publishing/accounts/bluesky', {
        handle: 'alice.test',
        app_password: 'aaaa-bbbb-cccc-dddd',
      })
    ).statusCode,
  ).toBe(201);
  await oauth('mastodon', masto.origin);
  await oauth('x');
  const list = ((await call('GET', '/api/publishing/accounts')).json() as { accounts: PublishAccount[] })
    .accounts;
  for (const a of list) if (a.platform !== 'linkedin') accounts[a.platform] = a;
  const note = (
    await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing slides' })
  ).json() as NoteDetail;
  const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['carousel'] });
  const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
  carousel = await eventually(async () => {
    const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
    return d.status === 'ready' && d;
  });
  slides = carousel.blocks.filter((b) => b.text.trim()).map((b) => b.text.trim());
}, 120_000);
afterAll(async () => {
  await echo?.close();
  await Promise.all([bsky?.close(), masto?.close(), x?.close()]);
});
beforeEach(() => {
  for (const fake of [bsky, masto, x]) {
    fake.faults.clear();
    fake.mediaFaults.clear();
  }
});

/** The slides attached to each post, as the platform received them: [[alt, ...], ...]. */
const altsPerPost = (received: { media?: { alt: string | null }[] }[]) =>
  received.map((r) => (r.media ?? []).map((m) => m.alt));
const expectedGroups = (alts: string[]) =>
  Array.from({ length: Math.ceil(alts.length / 4) }, (_, k) => alts.slice(k * 4, k * 4 + 4));

describe('Carousel as images: preview', () => {
  it('shows every slide as an image with its own words as alt text, 4 a post, saying which go where', async () => {
    expect(slides.length).toBeGreaterThan(4);
    const res = await call('POST', '/api/publishing/preview', {
      draft_id: carousel.id,
      account_ids: [accounts.bluesky!.id, accounts.x!.id, accounts.mastodon!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const preview of (res.json() as PublishPreview).accounts) {
      expect(preview.images.map((i) => i.alt)).toEqual(slides);
      expect(preview.images.map((i) => i.part)).toEqual(slides.map((_, i) => Math.floor(i / 4)));
      expect(preview.parts).toHaveLength(Math.ceil(slides.length / 4));
      expect(preview.counting).toMatch(/Slides 1-4 go with post 1, 5/);
    }
    const limits = (res.json() as PublishPreview).accounts.map((a) => [a.platform, a.images[0]!.limit]);
    expect(Object.fromEntries(limits)).toEqual({ bluesky: 2000, x: 1000, mastodon: 1500 });
  });

  it('refuses to schedule an image without alt text, or with too much, with a clear 400', async () => {
    const alts = [...slides];
    alts[2] = '   ';
    const preview = (
      await call('POST', '/api/publishing/preview', {
        draft_id: carousel.id,
        account_ids: [accounts.bluesky!.id],
        alts: { [accounts.bluesky!.id]: alts },
      })
    ).json() as PublishPreview;
    expect(preview.accounts[0]).toMatchObject({ fits: false });
    expect(preview.accounts[0]!.images[2]).toMatchObject({ alt: '', fits: false, length: 0 });
    const refused = await call('POST', '/api/publishing/posts', {
      draft_id: carousel.id,
      account_ids: [accounts.bluesky!.id],
      alts: { [accounts.bluesky!.id]: alts },
      when: 'slot',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/image without alt text asks for it: describe slide 3 for @alice\.test/),
    });
    const tooLong = [...slides];
    tooLong[0] = 'a'.repeat(1001);
    const long = await call('POST', '/api/publishing/posts', {
      draft_id: carousel.id,
      account_ids: [accounts.x!.id],
      alts: { [accounts.x!.id]: tooLong },
      when: 'now',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/slide 1 .* 1001 of 1000 characters/);
    expect(x.uploads).toHaveLength(0);
    expect(bsky.uploads).toHaveLength(0);
  });
});

describe('Carousel as images: publishing', () => {
  it('Bluesky: uploadBlob per slide, app.bsky.embed.images with the edited alt text and aspect ratio, slides in order over the thread', async () => {
    const alts = [...slides];
    alts[0] = 'Title slide: why pricing is a conversation';
    const post = await publishCarousel(accounts.bluesky!, { alts: { [accounts.bluesky!.id]: alts } });
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    const got = bsky.received.filter((r) => done.links.some((l) => l.endsWith(r.id.split('/').pop()!)));
    expect(got).toHaveLength(Math.ceil(slides.length / 4));
    expect(altsPerPost(got)).toEqual(expectedGroups(alts));
    expect(got[1]!.replyTo).toBe(got[0]!.id);
    expect(bsky.uploads).toHaveLength(slides.length);
    expect(bsky.uploads.every((u) => u.type === 'image/png' && u.head === PNG_HEAD)).toBe(true);
    expect(Math.max(...bsky.uploads.map((u) => u.bytes))).toBeLessThanOrEqual(1_000_000);
    const record = bsky.records.get(got[0]!.id)!.value as {
      embed: { images: { aspectRatio: { width: number; height: number } }[] };
    };
    expect(record.embed.images[0]!.aspectRatio).toEqual({ width: 1080, height: 1350 });
  });

  it('Bluesky: a thread failing at its second post resumes without uploading the slides again', async () => {
    const uploadsBefore = bsky.uploads.length;
    bsky.faults.after(1, { status: 503 });
    const post = await publishCarousel(accounts.bluesky!);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    expect(done.links).toHaveLength(Math.ceil(slides.length / 4));
    // Each slide uploaded once, though the second post was sent twice.
    expect(bsky.uploads.length - uploadsBefore).toBe(slides.length);
  });

  it('Bluesky: 429 on the upload waits for the reset; 5xx retries; 401 renews the session; nothing is posted twice', async () => {
    for (const fault of [
      { status: 429 as const, resetSeconds: 1 },
      { status: 502 as const },
      { status: 401 as const },
    ]) {
      const receivedBefore = bsky.received.length;
      bsky.mediaFaults.add(fault);
      const post = await publishCarousel(accounts.bluesky!);
      const done = await settled(post.id);
      expect(done.status, `${JSON.stringify(fault)}: ${done.error}`).toBe('published');
      expect(bsky.received.length - receivedBefore).toBe(Math.ceil(slides.length / 4));
    }
    expect(bsky.calls).toContain('com.atproto.server.refreshSession');
  });

  it('Mastodon: POST /api/v2/media with the description, waits out 202 processing, then media_ids', async () => {
    masto.processingReads = 2;
    try {
      const post = await publishCarousel(accounts.mastodon!);
      const done = await settled(post.id);
      expect(done.status, done.error ?? '').toBe('published');
      const got = masto.received.slice(-Math.ceil(slides.length / 4));
      expect(altsPerPost(got)).toEqual(expectedGroups(slides));
      expect(got[1]!.replyTo).toBe(got[0]!.id);
      expect(masto.uploads.every((u) => u.type === 'image/png' && u.head === PNG_HEAD)).toBe(true);
      expect(masto.calls.filter((c) => c.startsWith('GET /api/v1/media/')).length).toBeGreaterThan(0);
    } finally {
      masto.processingReads = 0;
    }
  });

  it('Mastodon: a 401 on the upload marks the account "reconnect" and the post waits, nothing posted', async () => {
    const before = masto.received.length;
    masto.mediaFaults.add({ status: 401 });
    const post = await publishCarousel(accounts.mastodon!);
    const done = await settled(post.id);
    expect(done.status).toBe('waiting_account');
    expect(masto.received.length).toBe(before);
  });

  it('X: /2/media/upload per slide, alt text through /2/media/metadata, media_ids on the right posts', async () => {
    const alts = slides.map((s, i) => (i === 1 ? 'Second slide, described by hand' : s));
    const post = await publishCarousel(accounts.x!, { alts: { [accounts.x!.id]: alts } });
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    const got = x.received.slice(-Math.ceil(slides.length / 4));
    expect(altsPerPost(got)).toEqual(expectedGroups(alts));
    expect(got[1]!.replyTo).toBe(got[0]!.id);
    expect(x.uploads).toHaveLength(slides.length);
    expect(x.uploads.every((u) => u.head === PNG_HEAD)).toBe(true);
  });

  it('X: a 5xx on the upload is retried, and each post goes out once', async () => {
    const before = x.received.length;
    x.mediaFaults.add({ status: 503 });
    // New words: X refuses a Post that repeats a recent one, as the carousel just went out.
    const preview = (
      await call('POST', '/api/publishing/preview', { draft_id: carousel.id, account_ids: [accounts.x!.id] })
    ).json() as PublishPreview;
    const texts = preview.accounts[0]!.parts.map((p) => `${p.text.slice(0, 200)} (again)`);
    const retried = await settled(
      (await publishCarousel(accounts.x!, { texts: { [accounts.x!.id]: texts } })).id,
    );
    expect(retried.status, retried.error ?? '').toBe('published');
    expect(x.received.length - before).toBe(Math.ceil(slides.length / 4));
  });
});
