import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost, PublishPreview } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { type FakeLinkedin, type FakeX, startFakeLinkedin, startFakeX } from '#tests/support/fake-social.ts';
import { returnFromPlatform } from '#tests/support/oauth.ts';
import { settledPost } from '#tests/support/publishing-api.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/** X (OAuth 2.0 with PKCE, weighted 280) and LinkedIn (OAuth 2.0, versioned Posts API) with the operator's apps. */

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let x: FakeX;
let li: FakeLinkedin;
let alice: string;
let draft: Draft;

function call(method: string, url: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie: alice },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const accounts = async () =>
  ((await call('GET', '/api/publishing/accounts')).json() as { accounts: PublishAccount[] }).accounts;
const settled = (id: string) =>
  settledPost(
    async () => ((await call('GET', '/api/publishing/posts')).json() as { posts: PublishPost[] }).posts,
    id,
  );
async function publish(accountId: string, texts: string[]) {
  const res = await call('POST', '/api/publishing/posts', {
    draft_id: draft.id,
    account_ids: [accountId],
    texts: { [accountId]: texts },
    when: 'now',
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { posts: PublishPost[] }).posts[0]!;
}
async function connect(platform: 'x' | 'linkedin') {
  const start = await call('POST', '/api/publishing/oauth/start', { platform });
  expect(start.statusCode, start.body).toBe(200);
  const done = await returnFromPlatform(echo, start);
  expect(done.headers.location).toBe(`/studio?tab=publishing&connected=${platform}`);
  return (await accounts()).find((a) => a.platform === platform)!;
}

beforeAll(async () => {
  [x, li] = await Promise.all([startFakeX(), startFakeLinkedin()]);
  echo = await startStudioApp({
    PUBLISH_TIMEOUT_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '0',
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_API_URL: x.origin,
    X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
    LINKEDIN_CLIENT_ID: li.clientId,
    LINKEDIN_CLIENT_SECRET: li.clientSecret,
    LINKEDIN_API_URL: li.origin,
    LINKEDIN_AUTH_URL: `${li.origin}/oauth/v2`,
  });
  alice = await sessionCookie(echo, 'alice@example.com');
  const note = (
    await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing' })
  ).json() as NoteDetail;
  const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['thread'] });
  const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
  draft = await eventually(async () => {
    const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
    return d.status === 'ready' && d;
  });
}, 120_000);
afterAll(async () => {
  await echo?.close();
  await x?.close();
  await li?.close();
});

describe('X', () => {
  let account: PublishAccount;
  it('is offered once the operator configured the app, and connects with PKCE', async () => {
    const offers = (
      (await call('GET', '/api/publishing/accounts')).json() as {
        platforms: { platform: string; available: boolean }[];
      }
    ).platforms;
    expect(
      offers
        .filter((p) => p.available)
        .map((p) => p.platform)
        .sort(),
    ).toEqual(['bluesky', 'linkedin', 'mastodon', 'x']);
    account = await connect('x');
    expect(account).toMatchObject({ handle: '@alice_x', char_limit: 280, status: 'connected' });
    expect(x.pkceFailures).toBe(0);
  });

  it('counts with twitter-text (links 23, CJK 2) and refuses what does not fit', async () => {
    const preview = (
      await call('POST', '/api/publishing/preview', {
        draft_id: draft.id,
        account_ids: [account.id],
        texts: { [account.id]: [`See https://example.com/${'a'.repeat(300)}`, '漢'.repeat(141)] },
      })
    ).json() as PublishPreview;
    expect(preview.accounts[0]!.parts.map((p) => [p.length, p.fits])).toEqual([
      [27, true],
      [282, false],
    ]);
  });

  it('posts a thread as replies, refreshing the expired token with the refresh token', async () => {
    x.expireTokens();
    const post = await publish(account.id, ['x1', 'x2', 'x3']);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    expect(x.refreshes).toBe(1);
    expect(x.received.map((r) => r.text)).toEqual(['x1', 'x2', 'x3']);
    expect(x.received[1]!.replyTo).toBe(x.received[0]!.id);
    expect(done.links[2]).toBe(`https://x.com/alice_x/status/${x.received[2]!.id}`);
  });

  it('after a time-out, finds the post among the recent ones instead of posting it twice', async () => {
    const before = x.received.length;
    x.faults.after(1, { slowMs: 2500 });
    const post = await publish(account.id, ['y1', 'y2', 'y3']);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    expect(x.received.slice(before).map((r) => r.text)).toEqual(['y1', 'y2', 'y3']);
  });

  for (const status of [502, 503] as const)
    it(`a ${status} after X made the Post: found among the user's recent Posts by text and time, never resent`, async () => {
      const before = x.received.length;
      const texts = [`z1 ${status}`, `z2 ${status} https://example.com/z`, `z3 ${status}`];
      x.faults.after(1, { storedThen: status });
      const post = await publish(account.id, texts);
      const done = await settled(post.id);
      expect(done.status, done.error ?? '').toBe('published');
      const got = x.received.slice(before);
      expect(got.map((r) => r.text)).toEqual(texts);
      expect(got[2]!.replyTo).toBe(got[1]!.id);
      expect(done.links).toEqual(got.map((r) => `https://x.com/alice_x/status/${r.id}`));
    });

  it('a 503 whose Post X cannot show yet: "check", saying which parts are live, nothing resent', async () => {
    const before = x.received.length;
    // The Post is made, but the look-up finds nothing (the timeline lags): Echo must not guess.
    x.faults.after(1, { storedThen: 503 });
    x.hideRecent = true;
    try {
      const post = await publish(account.id, ['w1', 'w2', 'w3']);
      const done = await settled(post.id);
      expect(done.status).toBe('check');
      expect(done.error).toMatch(/^Check on X: part 2 .*Part 1 is live \(of 3\)\./);
      expect(done.links).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(x.received.slice(before).map((r) => r.text)).toEqual(['w1', 'w2']);
    } finally {
      x.hideRecent = false;
    }
  });

  it('disconnecting revokes the token', async () => {
    expect((await call('DELETE', `/api/publishing/accounts/${account.id}`)).statusCode).toBe(200);
    expect(x.revoked).toHaveLength(1);
  });
});

describe('LinkedIn', () => {
  let account: PublishAccount;
  it('connects and posts a thread as one post through the versioned Posts API', async () => {
    account = await connect('linkedin');
    expect(account).toMatchObject({ handle: 'Alice Example', char_limit: 3000 });
    const preview = (
      await call('POST', '/api/publishing/preview', { draft_id: draft.id, account_ids: [account.id] })
    ).json() as PublishPreview;
    expect(preview.accounts[0]!.parts).toHaveLength(1);
    const post = await publish(account.id, [preview.accounts[0]!.parts[0]!.text]);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    expect(li.badHeaders).toBe(0);
    expect(li.received[0]!.headers!['linkedin-version']).toMatch(/^\d{6}$/);
    expect(li.posts[0]).toMatchObject({
      author: 'urn:li:person:abc123',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
    });
    expect(done.links[0]).toBe(`https://www.linkedin.com/feed/update/${li.received[0]!.id}`);
  });

  it('a time-out is not retried: LinkedIn cannot be asked, so the user is told to check', async () => {
    const before = li.received.length;
    li.faults.add({ slowMs: 2500 });
    const post = await publish(account.id, ['Did this go out?']);
    const done = await settled(post.id);
    expect(done.status).toBe('check');
    expect(done.error).toMatch(/^Check on LinkedIn/);
    // It did go out once, and was not sent again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(li.received.slice(before).map((r) => r.text)).toEqual(['Did this go out?']);
  });

  for (const status of [502, 503] as const)
    it(`a ${status} after LinkedIn stored the post: found among the author's posts when Echo may read them`, async () => {
      const before = li.received.length;
      li.readPosts = true;
      li.faults.add({ storedThen: status });
      try {
        const text = `Price the outcome (not the hours) ${status} #pricing @home_office`;
        const post = await publish(account.id, [text]);
        const done = await settled(post.id);
        expect(done.status, done.error ?? '').toBe('published');
        // Once, whole: the reserved characters were escaped, the hashtag kept.
        expect(li.received.slice(before).map((r) => r.text)).toEqual([text]);
        expect(done.links).toEqual([`https://www.linkedin.com/feed/update/${li.received[before]!.id}`]);
      } finally {
        li.readPosts = false;
      }
    });

  for (const status of [502, 503] as const)
    it(`a ${status} after LinkedIn stored the post, posts unreadable: "check", never resent`, async () => {
      const before = li.received.length;
      li.faults.add({ storedThen: status });
      const post = await publish(account.id, [`Stored, then ${status}`]);
      const done = await settled(post.id);
      expect(done.status).toBe('check');
      expect(done.error).toMatch(/^Check on LinkedIn: part 1 may have been posted/);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(li.received.slice(before).map((r) => r.text)).toEqual([`Stored, then ${status}`]);
    });
});

describe('LinkedIn document posts', () => {
  it('a carousel goes out as its slides in a PDF document post', async () => {
    const account = (await accounts()).find((a) => a.platform === 'linkedin')!;
    const note = (
      await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing slides' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['carousel'] });
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    const carousel = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
      return d.status === 'ready' && d;
    });
    const preview = (
      await call('POST', '/api/publishing/preview', { draft_id: carousel.id, account_ids: [account.id] })
    ).json() as PublishPreview;
    expect(preview.accounts[0]!.counting).toMatch(/PDF document/);
    const created = await call('POST', '/api/publishing/posts', {
      draft_id: carousel.id,
      account_ids: [account.id],
      when: 'now',
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await settled((created.json() as { posts: PublishPost[] }).posts[0]!.id);
    expect(done.status, done.error ?? '').toBe('published');
    const posted = li.posts.at(-1) as { content?: { media?: { id: string; title: string } } };
    expect(posted.content?.media?.id).toMatch(/^urn:li:document:/);
    const pdf = li.documents.get(posted.content!.media!.id.split(':').pop()!)!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(
      carousel.blocks.filter((b) => b.text.trim()).length,
    );
  });

  it('a carousel whose draft is deleted while it waits fails with a clear state and sends nothing', async () => {
    const account = (await accounts()).find((a) => a.platform === 'linkedin')!;
    const before = li.received.length;
    const note = (
      await call('POST', '/api/studio/notes', { text: transcript, title: 'Gone slides' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['carousel'] });
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    await eventually(
      async () => ((await call('GET', `/api/studio/drafts/${id}`)).json() as Draft).status === 'ready',
    );
    const created = await call('POST', '/api/publishing/posts', {
      draft_id: id,
      account_ids: [account.id],
      when: 'time',
      at: new Date(Date.now() + 2000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    await echo.query('delete from studio_drafts where id = $1', [id]);
    const done = await settled((created.json() as { posts: PublishPost[] }).posts[0]!.id);
    expect(done).toMatchObject({ status: 'failed', draft_id: null });
    expect(done.error).toMatch(/draft was deleted/);
    expect(li.received.length).toBe(before);
  });
});
