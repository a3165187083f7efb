import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishedResults, PublishPost } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { type FakeBluesky, startFakeBluesky } from '#tests/support/fake-social.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/** The dashboard's 'My Voice' tab lists the owner's published results (GET /api/publishing/results). */

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let bsky: FakeBluesky;
let alice: string;
let bob: string;
let account: PublishAccount;
let draft: Draft;
const posts: Record<string, PublishPost> = {};

function call(method: string, url: string, cookie: string | undefined, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie && { cookie }),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const results = async (query = '', cookie = alice) => {
  const res = await call('GET', `/api/publishing/results${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublishedResults;
};
async function publish(texts: string[], when: Record<string, unknown> = { when: 'now' }) {
  const res = await call('POST', '/api/publishing/posts', alice, {
    draft_id: draft.id,
    account_ids: [account.id],
    texts: { [account.id]: texts },
    ...when,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { posts: PublishPost[] }).posts[0]!;
}
const published = (id: string) =>
  eventually(async () => {
    const list = (await call('GET', '/api/publishing/posts', alice)).json() as { posts: PublishPost[] };
    const post = list.posts.find((p) => p.id === id)!;
    return post.status === 'published' && post;
  }, 30_000);

beforeAll(async () => {
  bsky = await startFakeBluesky();
  echo = await startStudioApp({
    PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
    BLUESKY_SERVICE_URL: bsky.origin,
    PUBLISH_TIMEOUT_SECONDS: '2',
  });
  alice = await sessionCookie(echo, 'alice@example.com');
  bob = await sessionCookie(echo, 'bob@example.com');
  bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
  const connected = await call('POST', '/api/publishing/accounts/bluesky', alice, {
    handle: 'alice.test',
    app_password: 'aaaa-bbbb-cccc-dddd',
  });
  account = connected.json() as PublishAccount;
  const note = (
    await call('POST', '/api/studio/notes', alice, { text: transcript, title: 'Pricing' })
  ).json() as NoteDetail;
  const res = await call('POST', '/api/studio/drafts', alice, { note_ids: [note.id], formats: ['thread'] });
  const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
  draft = await eventually(async () => {
    const d = (await call('GET', `/api/studio/drafts/${id}`, alice)).json() as Draft;
    return d.status === 'ready' && d;
  });
  // In order (each is due when it is made): a thread, then three single posts, then one for tomorrow.
  for (const [name, texts] of [
    ['thread', ['Pricing is a story 1/2', 'Tell it plainly 2/2']],
    ['single', ['One post']],
    ['check', ['Unsure post']],
    ['waiting', ['Waiting post']],
  ] as const) {
    posts[name] = await publish([...texts]);
    await published(posts[name]!.id);
  }
  posts.later = await publish(['Tomorrow'], {
    when: 'time',
    at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  // How other outcomes look (the publishing tests make them for real): to check, waiting for the account.
  await echo.query(
    "update publish_posts set status = 'check', error = 'Check on Bluesky: part 1 may have been posted' where id = $1",
    [posts.check!.id],
  );
  await echo.query(
    "update publish_posts set status = 'waiting_account', error = 'Waiting for the account to be reconnected' where id = $1",
    [posts.waiting!.id],
  );
  // A platform (a Mastodon instance is the user's choice) answering with an address that is not a web page.
  await echo.query(
    `update publish_posts set sent = jsonb_build_array(jsonb_build_object('id', 'x', 'url', 'javascript:alert(1)')) where id = $1`,
    [posts.single!.id],
  );
}, 180_000);
afterAll(async () => {
  await echo?.close();
  await bsky?.close();
});

describe("Published results (the dashboard's 'My Voice' tab)", () => {
  it('lists what went out, newest first, with status, live links and counts per platform', async () => {
    const body = await results();
    expect(body.results.map((r) => [r.id, r.status])).toEqual([
      [posts.waiting!.id, 'reconnect'],
      [posts.check!.id, 'check'],
      [posts.single!.id, 'published'],
      [posts.thread!.id, 'published'],
    ]);
    expect(body.counts).toEqual([{ platform: 'bluesky', published: 2, check: 1, failed: 0, reconnect: 1 }]);
    const thread = body.results.find((r) => r.id === posts.thread!.id)!;
    expect(thread).toMatchObject({
      platform: 'bluesky',
      handle: '@alice.test',
      excerpt: 'Pricing is a story 1/2',
      parts: 2,
      error: null,
      draft_id: draft.id,
    });
    expect(thread.links).toHaveLength(2);
    for (const link of thread.links)
      expect(link).toMatch(/^https:\/\/bsky\.app\/profile\/alice\.test\/post\//);
    // Only web addresses become links.
    expect(body.results.find((r) => r.id === posts.single!.id)!.links).toEqual([]);
    expect(body.results.find((r) => r.id === posts.check!.id)!.error).toMatch(/Check on Bluesky/);
    expect(body.next_cursor).toBeNull();
  });

  it('pages with a cursor, each result once', async () => {
    const first = await results('?limit=3');
    expect(first.results).toHaveLength(3);
    expect(first.next_cursor).not.toBeNull();
    const second = await results(`?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.results.map((r) => r.id)).toEqual([posts.thread!.id]);
    expect(second.next_cursor).toBeNull();
  });

  it("is the owner's only, needs the session, and refuses a bad cursor or page size as JSON", async () => {
    const forBob = await results('', bob);
    expect(forBob).toEqual({ counts: [], results: [], next_cursor: null });
    const anonymous = await call('GET', '/api/publishing/results', undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    for (const query of ['?cursor=nope', '?limit=51', '?limit=0']) {
      const res = await call('GET', `/api/publishing/results${query}`, alice);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
