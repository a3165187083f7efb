import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { type FakeBluesky, startFakeBluesky } from '#tests/support/fake-social.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/** Fair publishing: each owner's share of posts going out at once, and a day's posts. */

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

const SLOW_MS = 4000;
const DAILY = 9;

let echo: StudioTestApp;
let slow: FakeBluesky;
let quick: FakeBluesky;
const owners: Record<'alice' | 'bob', { cookie: string; draft: Draft; account: PublishAccount }> =
  {} as never;

function call(method: string, url: string, cookie: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const postsOf = async (who: 'alice' | 'bob') =>
  ((await call('GET', '/api/publishing/posts', owners[who].cookie)).json() as { posts: PublishPost[] }).posts;
async function publish(who: 'alice' | 'bob', text: string) {
  const { cookie, draft, account } = owners[who];
  const res = await call('POST', '/api/publishing/posts', cookie, {
    draft_id: draft.id,
    account_ids: [account.id],
    texts: { [account.id]: [text] },
    when: 'now',
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { posts: PublishPost[] }).posts[0]!;
}

beforeAll(async () => {
  [slow, quick] = await Promise.all([startFakeBluesky(), startFakeBluesky()]);
  slow.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
  quick.addAccount('bob.test', 'eeee-ffff-gggg-hhhh');
  echo = await startStudioApp({
    PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
    BLUESKY_SERVICE_URL: slow.origin,
    PUBLISH_TIMEOUT_SECONDS: '6',
    JOB_RETRY_DELAY_SECONDS: '0',
    PUBLISH_OWNER_CONCURRENCY: '2',
    PUBLISH_DAILY_POSTS_MAX: String(DAILY),
  });
  for (const [who, handle, password, service] of [
    ['alice', 'alice.test', 'aaaa-bbbb-cccc-dddd', slow.origin],
    ['bob', 'bob.test', 'eeee-ffff-gggg-hhhh', quick.origin],
  ] as const) {
    const cookie = await sessionCookie(echo, `${who}@example.com`);
    const connected = await call('POST', '/api/publishing/accounts/bluesky', cookie, {
      handle,
      app_password: password,
      service,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const note = (
      await call('POST', '/api/studio/notes', cookie, { text: transcript, title: 'Pricing' })
    ).json() as NoteDetail;
    const res = await call('POST', '/api/studio/drafts', cookie, {
      note_ids: [note.id],
      formats: ['thread'],
    });
    const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
    const draft = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`, cookie)).json() as Draft;
      return d.status === 'ready' && d;
    });
    owners[who] = { cookie, draft, account: connected.json() as PublishAccount };
  }
}, 180_000);
afterAll(async () => {
  await echo?.close();
  await slow?.close();
  await quick?.close();
});

describe('Fair publishing', () => {
  it("one owner's slow server does not delay another owner's post", async () => {
    // Eight posts of Alice's to a server that answers each just inside the time-out.
    slow.faults.add(...Array.from({ length: 8 }, () => ({ slowMs: SLOW_MS })));
    const alices: PublishPost[] = [];
    for (let i = 1; i <= 8; i++) alices.push(await publish('alice', `slow ${i}`));
    const sentAt = Date.now();
    const bobs = await publish('bob', 'quick one');
    const done = await eventually(async () => {
      const post = (await postsOf('bob')).find((p) => p.id === bobs.id)!;
      return post.status === 'published' && post;
    }, 30_000);
    expect(done.status).toBe('published');
    // Bob's post went out while Alice's were still going, not after them.
    const bobAt = quick.received[0]!.at - sentAt;
    expect(bobAt).toBeLessThan(SLOW_MS / 2);
    const alicesDone = await eventually(async () => {
      const posts = (await postsOf('alice')).filter((p) => alices.some((a) => a.id === p.id));
      return posts.every((p) => p.status === 'published') && posts;
    }, 60_000);
    expect(alicesDone).toHaveLength(8);
    expect(slow.received.map((r) => r.text).sort()).toEqual(alices.map((_, i) => `slow ${i + 1}`).sort());
    // Never more than Alice's share at once on her server.
    expect(slow.mostAtOnce).toBeLessThanOrEqual(2);
  }, 90_000);

  it("past the day's posts, the next one waits until a day after the oldest, and says so", async () => {
    // Alice sent 8 today: one of the next two goes, the other waits.
    const ninth = await publish('alice', 'ninth');
    const tenth = await publish('alice', 'tenth');
    const [went, waiting] = await eventually(async () => {
      const posts = (await postsOf('alice')).filter((p) => p.id === ninth.id || p.id === tenth.id);
      const sent = posts.find((p) => p.status === 'published');
      const held = posts.find((p) => p.status === 'scheduled' && p.error);
      return sent && held && ([sent, held] as const);
    }, 30_000);
    expect(waiting.error).toMatch(new RegExp(`at most ${DAILY} posts a day`));
    expect(slow.received.map((r) => r.text)).toContain(went.parts[0]);
    expect(slow.received.map((r) => r.text)).not.toContain(waiting.parts[0]);
    // Bob's day is his own.
    const bobs = await publish('bob', 'still mine');
    const bobDone = await eventually(async () => {
      const post = (await postsOf('bob')).find((p) => p.id === bobs.id)!;
      return post.status === 'published' && post;
    });
    expect(bobDone.status).toBe('published');
  });
});
