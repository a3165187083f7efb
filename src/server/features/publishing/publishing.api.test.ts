import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost, PublishPreview } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import type { SystemHealth } from '#contract/system.ts';
import {
  type FakeBluesky,
  type FakeMastodon,
  startFakeBluesky,
  startFakeMastodon,
} from '#tests/support/fake-social.ts';
import { oauthBrowserCookie, returnFromPlatform } from '#tests/support/oauth.ts';
import { eventually, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);

let echo: StudioTestApp;
let bsky: FakeBluesky;
let masto: FakeMastodon;
let alice: string;
let bob: string;
let draft: Draft;

function call(method: string, url: string, cookie: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

const postOf = async (id: string, cookie = alice) =>
  ((await call('GET', '/api/publishing/posts', cookie)).json() as { posts: PublishPost[] }).posts.find(
    (p) => p.id === id,
  )!;
const settled = (id: string, statuses = ['published', 'failed', 'check', 'waiting_account']) =>
  eventually(async () => {
    const post = await postOf(id);
    return statuses.includes(post.status) && post;
  }, 30_000);

async function connectBluesky(handle: string, password: string, cookie = alice) {
  return call('POST', '/api/publishing/accounts/bluesky', cookie, { handle, app_password: password });
}

async function publish(
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
  const note = (
    await call('POST', '/api/studio/notes', alice, { text: transcript, title: 'Pricing' })
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

describe('Publishing: accounts', () => {
  it('needs the dashboard session', async () => {
    const res = await echo.app!.inject({ method: 'GET', url: '/api/publishing/accounts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('connects Bluesky with an app password, keeps it sealed and never sends it back', async () => {
    bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
    const wrong = await connectBluesky('alice.test', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
    const res = await connectBluesky('@alice.test', 'aaaa-bbbb-cccc-dddd');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('aaaa-bbbb');
    expect(res.json()).toMatchObject({
      platform: 'bluesky',
      handle: '@alice.test',
      status: 'connected',
      char_limit: 300,
    });
    const [row] = await echo.query<{ credentials: string }>('select credentials from publish_accounts');
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain('aaaa-bbbb');
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
      platforms: { platform: string; available: boolean; reason: string | null }[];
    };
    expect(list.accounts).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/accessJwt|refreshJwt|aaaa-bbbb/);
    // X and LinkedIn need the operator's apps: shown as not available, in a creator's words (the
    // settings to change are the operator's, on /admin/system).
    expect(list.platforms.find((p) => p.platform === 'x')).toMatchObject({
      available: false,
      reason: "X isn't set up on this Echo yet",
    });
    expect(list.platforms.find((p) => p.platform === 'linkedin')!.reason).toBe(
      "LinkedIn isn't set up on this Echo yet",
    );
    expect(JSON.stringify(list.platforms)).not.toMatch(/CLIENT_ID|CLIENT_SECRET|operator/);
    // Bob sees none of Alice's accounts.
    expect(
      ((await call('GET', '/api/publishing/accounts', bob)).json() as { accounts: unknown[] }).accounts,
    ).toEqual([]);
  });

  it('connects Mastodon through OAuth with PKCE and reads the instance limit', async () => {
    const start = await call('POST', '/api/publishing/oauth/start', alice, {
      platform: 'mastodon',
      instance: masto.origin,
    });
    expect(start.statusCode, start.body).toBe(200);
    const authorize = new URL((start.json() as { authorize_url: string }).authorize_url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // The state is bound to this browser by a cookie the platform's redirect back carries (Lax).
    const binding = String(start.headers['set-cookie']).split('; ');
    expect(binding[0]).toMatch(/^echo_oauth=[\w-]{43}$/);
    expect(binding.slice(1)).toEqual(
      expect.arrayContaining(['Max-Age=900', 'Path=/api/publishing/oauth', 'HttpOnly', 'SameSite=Lax']),
    );
    const approved = await fetch(authorize, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    // Another signed-in user (another browser) cannot finish Alice's authorization.
    const stolen = await call('GET', `${back.pathname}${back.search}`, bob);
    expect(stolen.statusCode).toBe(303);
    expect(stolen.headers.location).toContain('connected=expired');
    // The state was used up by that attempt: start again for Alice, in the same browser (its cookie
    // is kept, so a connection started in another tab stays valid).
    const again = await call(
      'POST',
      '/api/publishing/oauth/start',
      `${alice}; ${oauthBrowserCookie(start)}`,
      {
        platform: 'mastodon',
        instance: masto.origin,
      },
    );
    expect(oauthBrowserCookie(again)).toBe(oauthBrowserCookie(start));
    // Back from the platform's site: no session cookie, only the binding.
    const done = await returnFromPlatform(echo, again, oauthBrowserCookie(start));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/studio?tab=publishing&connected=mastodon');
    expect(masto.pkceFailures).toBe(0);
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    expect(list.accounts.find((a) => a.platform === 'mastodon')).toMatchObject({
      handle: expect.stringMatching(/^@alice@/),
      char_limit: 1000,
    });
  });

  it('an OAuth state counts once, in the browser that started it, while it lasts', async () => {
    const start = () =>
      call('POST', '/api/publishing/oauth/start', alice, { platform: 'mastodon', instance: masto.origin });
    const first = await start();
    const approved = await fetch((first.json() as { authorize_url: string }).authorize_url, {
      redirect: 'manual',
    });
    const back = new URL(approved.headers.get('location')!);
    const callback = (cookie: string) => call('GET', `${back.pathname}${back.search}`, cookie);
    // Without the binding cookie (the session alone is not enough): refused, and the state is used up.
    expect((await callback(alice)).headers.location).toContain('connected=expired');
    expect((await callback(oauthBrowserCookie(first))).headers.location).toContain('connected=expired');
    // Past its lifetime: refused.
    const second = await start();
    await echo.query("update publish_oauth_states set created_at = now() - interval '16 minutes'");
    expect((await returnFromPlatform(echo, second)).headers.location).toContain('connected=expired');
    // Another browser's binding does not fit this state.
    const third = await start();
    const otherBrowser = await call('POST', '/api/publishing/oauth/start', bob, {
      platform: 'mastodon',
      instance: masto.origin,
    });
    expect(oauthBrowserCookie(otherBrowser)).not.toBe(oauthBrowserCookie(third));
    const crossed = await returnFromPlatform(echo, third, oauthBrowserCookie(otherBrowser));
    expect(crossed.headers.location).toContain('connected=expired');
    // Used once: the same redirect again connects nothing more.
    const fourth = await start();
    const approvedFourth = await fetch((fourth.json() as { authorize_url: string }).authorize_url, {
      redirect: 'manual',
    });
    const back4 = new URL(approvedFourth.headers.get('location')!);
    const replay = () =>
      echo.app!.inject({
        method: 'GET',
        url: `${back4.pathname}${back4.search}`,
        headers: { cookie: oauthBrowserCookie(fourth) },
      });
    expect((await replay()).headers.location).toBe('/studio?tab=publishing&connected=mastodon');
    expect((await replay()).headers.location).toContain('connected=expired');
  });

  it('refuses a private instance address unless allowed (no calls into Echo’s own network)', async () => {
    const strict = await startStudioApp({ BLUESKY_SERVICE_URL: bsky.origin });
    try {
      const cookie = await sessionCookie(strict, 'carol@example.com');
      const res = await strict.app!.inject({
        method: 'POST',
        url: '/api/publishing/oauth/start',
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ platform: 'mastodon', instance: 'http://127.0.0.1:9' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    } finally {
      await strict.close();
    }
  });
});

describe('Publishing: preview and publish now', () => {
  let account: PublishAccount;
  beforeAll(async () => {
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    account = list.accounts.find((a) => a.platform === 'bluesky')!;
  });

  it('previews the thread counted in graphemes and shows where a long part must be cut', async () => {
    const res = await call('POST', '/api/publishing/preview', alice, {
      draft_id: draft.id,
      account_ids: [account.id],
      texts: { [account.id]: ['short', 'x'.repeat(310)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [preview] = (res.json() as PublishPreview).accounts;
    expect(preview).toMatchObject({ fits: false, platform: 'bluesky' });
    expect(preview!.parts[1]).toMatchObject({ length: 310, limit: 300, fits: false, cut_at: 300 });
    const refused = await call('POST', '/api/publishing/posts', alice, {
      draft_id: draft.id,
      account_ids: [account.id],
      texts: { [account.id]: ['short', 'x'.repeat(310)] },
      when: 'now',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Part 2 .* 310 of 300 graphemes/);
    const draftParts = (
      (
        await call('POST', '/api/publishing/preview', alice, {
          draft_id: draft.id,
          account_ids: [account.id],
        })
      ).json() as PublishPreview
    ).accounts[0]!.parts;
    expect(draftParts.length).toBe(draft.blocks.filter((b) => b.kind === 'post').length);
  });

  it('publishes a thread as a reply chain, once, with links to the live posts', async () => {
    const before = bsky.received.length;
    const texts = ['One https://example.com/a', 'Two', 'Three'];
    const post = await publish(account.id, texts);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    const got = bsky.received.slice(before);
    expect(got.map((r) => r.text)).toEqual(texts);
    expect(got[0]!.replyTo).toBeNull();
    expect(got[1]!.replyTo).toBe(got[0]!.id);
    expect(got[2]!.replyTo).toBe(got[1]!.id);
    expect(done.links).toHaveLength(3);
    expect(done.links[0]).toMatch(/^https:\/\/bsky\.app\/profile\/alice\.test\/post\//);
    // The link became a facet (clickable), with its byte range.
    const record = bsky.records.get(got[0]!.id)!.value as { facets: { index: { byteStart: number } }[] };
    expect(record.facets[0]!.index.byteStart).toBe(4);
    // The draft shows where it went.
    const ofDraft = (await call('GET', `/api/publishing/posts?draft_id=${draft.id}`, alice)).json() as {
      posts: PublishPost[];
    };
    expect(ofDraft.posts.map((p) => p.id)).toContain(post.id);
  });

  it('a thread failing at post 4 resumes at post 4, replying to post 3, and sends nothing twice', async () => {
    const before = bsky.received.length;
    const texts = ['p1', 'p2', 'p3', 'p4', 'p5'];
    bsky.faults.after(3, { status: 503 });
    const post = await publish(account.id, texts);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    const got = bsky.received.slice(before);
    expect(got.map((r) => r.text)).toEqual(texts);
    expect(got[3]!.replyTo).toBe(got[2]!.id);
    const [row] = await echo.query<{ attempts: number }>('select attempts from publish_posts where id = $1', [
      post.id,
    ]);
    expect(row!.attempts).toBe(1);
  });

  it('a time-out with unknown outcome is checked on the platform, not sent again blindly', async () => {
    const before = bsky.received.length;
    // Part 2 is made but answered after the 1 s time-out: Echo asks for its record before anything else.
    bsky.faults.after(1, { slowMs: 2500 });
    const post = await publish(account.id, ['q1', 'q2', 'q3']);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    const got = bsky.received.slice(before);
    expect(got.map((r) => r.text)).toEqual(['q1', 'q2', 'q3']);
    expect(got[2]!.replyTo).toBe(got[1]!.id);
    expect(bsky.calls).toContain('com.atproto.repo.getRecord');
  });

  for (const status of [502, 503] as const)
    it(`a ${status} after the record was saved: found by its record key (getRecord), not posted twice`, async () => {
      const before = bsky.received.length;
      const calls = bsky.calls.length;
      bsky.faults.after(1, { storedThen: status });
      const texts = [`s1 ${status}`, `s2 ${status}`, `s3 ${status}`];
      const post = await publish(account.id, texts);
      const done = await settled(post.id);
      expect(done.status, done.error ?? '').toBe('published');
      const got = bsky.received.slice(before);
      expect(got.map((r) => r.text)).toEqual(texts);
      expect(got[2]!.replyTo).toBe(got[1]!.id);
      expect(done.links).toHaveLength(3);
      expect(bsky.calls.slice(calls)).toContain('com.atproto.repo.getRecord');
    });

  it('mentions resolve to DIDs and hashtags become tags, at UTF-8 byte offsets', async () => {
    const before = bsky.received.length;
    const text = 'Café ☕ with @alice.test about #pricing, not @nobody.example';
    const post = await publish(account.id, [text]);
    expect((await settled(post.id)).status).toBe('published');
    const record = bsky.records.get(bsky.received[before]!.id)!.value as {
      facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
    };
    const bytes = Buffer.from(text);
    expect(
      record.facets.map((f) => [
        bytes.subarray(f.index.byteStart, f.index.byteEnd).toString(),
        f.features[0]!.did ?? f.features[0]!.tag,
      ]),
    ).toEqual([
      ['@alice.test', bsky.didOf('alice.test')],
      ['#pricing', 'pricing'],
    ]);
    expect(record.facets[0]!.index.byteStart).toBe(Buffer.byteLength('Café ☕ with '));
  });

  it('waits for the reset time after a 429', async () => {
    const before = bsky.received.length;
    const limitedAt = Date.now();
    bsky.faults.add({ status: 429, resetSeconds: 2 });
    const post = await publish(account.id, ['after the limit']);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    const [got] = bsky.received.slice(before);
    // Not before the reset the platform gave (whole seconds, rounded up).
    expect(got!.at).toBeGreaterThanOrEqual(Math.floor(limitedAt / 1000) * 1000 + 2000);
  });

  it('refreshes an expired access token and keeps the new one sealed', async () => {
    const [{ credentials: sealedBefore }] = await echo.query<{ credentials: string }>(
      "select credentials from publish_accounts where platform = 'bluesky'",
    );
    bsky.expireTokens();
    const post = await publish(account.id, ['fresh token']);
    expect((await settled(post.id)).status).toBe('published');
    expect(bsky.calls).toContain('com.atproto.server.refreshSession');
    const [{ credentials: sealedAfter }] = await echo.query<{ credentials: string }>(
      "select credentials from publish_accounts where platform = 'bluesky'",
    );
    expect(sealedAfter).not.toBe(sealedBefore);
  });

  it('a revoked app password marks the account "reconnect", e-mails the user, and the post waits until reconnected', async () => {
    bsky.revoke('alice.test');
    const before = bsky.received.length;
    const post = await publish(account.id, ['waiting for you']);
    const waiting = await settled(post.id);
    expect(waiting.status).toBe('waiting_account');
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    expect(list.accounts.find((a) => a.id === account.id)!.status).toBe('reconnect');
    const mail = await echo.smtp.waitFor((m) =>
      m.some((x) => x.to.includes('alice@example.com') && /Reconnect/.test(x.subject)),
    );
    expect(mail.length).toBeGreaterThan(0);
    // A new app password: the same account comes back and its waiting post goes out.
    bsky.addAccount('alice.test', 'eeee-ffff-gggg-hhhh');
    expect((await connectBluesky('alice.test', 'eeee-ffff-gggg-hhhh')).statusCode).toBe(201);
    const done = await settled(post.id, ['published', 'failed', 'check']);
    expect(done.status).toBe('published');
    expect(bsky.received.slice(before).map((r) => r.text)).toEqual(['waiting for you']);
  });

  it('publishes to Mastodon with an Idempotency-Key, and a slow answer is found among recent posts', async () => {
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    const mastodon = list.accounts.find((a) => a.platform === 'mastodon')!;
    masto.faults.after(1, { slowMs: 2500 });
    const post = await publish(mastodon.id, ['m1', 'm2 https://example.com/x', 'm3']);
    const done = await settled(post.id);
    expect(done.status, done.error ?? '').toBe('published');
    expect(masto.received.map((r) => r.text)).toEqual(['m1', 'm2 https://example.com/x', 'm3']);
    expect(masto.received[2]!.replyTo).toBe(masto.received[1]!.id);
    expect(done.links[0]).toMatch(new RegExp(`^${masto.origin}/@alice/`));
  });

  for (const status of [502, 503] as const)
    it(`Mastodon: a ${status} after the status was saved is looked up (same Idempotency-Key), not posted twice`, async () => {
      const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
        accounts: PublishAccount[];
      };
      const mastodon = list.accounts.find((a) => a.platform === 'mastodon')!;
      const before = masto.received.length;
      masto.faults.after(1, { storedThen: status });
      const texts = [`n1 ${status}`, `n2 ${status} https://example.com/n`, `n3 ${status}`];
      const post = await publish(mastodon.id, texts);
      const done = await settled(post.id);
      expect(done.status, done.error ?? '').toBe('published');
      const got = masto.received.slice(before);
      expect(got.map((r) => r.text)).toEqual(texts);
      expect(got[2]!.replyTo).toBe(got[1]!.id);
      expect(done.links).toEqual(got.map((r) => `${masto.origin}/@alice/${r.id}`));
    });
});

describe('Publishing: time slots and the calendar', () => {
  let account: PublishAccount;
  beforeAll(async () => {
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    account = list.accounts.find((a) => a.platform === 'bluesky')!;
  });

  it('adds slots in the user’s time zone and fills the next free one, then the one after', async () => {
    const noSlot = await call('POST', '/api/publishing/posts', alice, {
      draft_id: draft.id,
      account_ids: [account.id],
      texts: { [account.id]: ['slot me'] },
      when: 'slot',
    });
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().message).toMatch(/no free time slot/);
    const bad = await call('POST', '/api/publishing/slots', alice, {
      account_id: account.id,
      weekday: 2,
      time: '08:30',
      time_zone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    for (const weekday of [2, 4]) {
      const res = await call('POST', '/api/publishing/slots', alice, {
        account_id: account.id,
        weekday,
        time: '08:30',
        time_zone: 'Europe/Paris',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const twice = await call('POST', '/api/publishing/slots', alice, {
      account_id: account.id,
      weekday: 2,
      time: '08:30',
      time_zone: 'Europe/Paris',
    });
    expect(twice.statusCode).toBe(409);
    const slots = (await call('GET', '/api/publishing/slots', alice)).json() as {
      slots: { label: string }[];
    };
    expect(slots.slots.map((s) => s.label)).toEqual(['Tue 08:30', 'Thu 08:30']);
    // Bob cannot add a slot to Alice's account.
    expect(
      (
        await call('POST', '/api/publishing/slots', bob, {
          account_id: account.id,
          weekday: 1,
          time: '09:00',
          time_zone: 'UTC',
        })
      ).statusCode,
    ).toBe(404);

    const next = (await call('GET', `/api/publishing/accounts/${account.id}/next-slot`, alice)).json() as {
      at: string;
    };
    const first = await publish(account.id, ['slot one'], { when: 'slot' });
    expect(first).toMatchObject({ status: 'scheduled', placement: 'slot', scheduled_at: next.at });
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(first.scheduled_at));
    expect(local).toMatch(/^(Tue|Thu) 08:30$/);
    const second = await publish(account.id, ['slot two'], { when: 'slot' });
    expect(new Date(second.scheduled_at).getTime()).toBeGreaterThan(new Date(first.scheduled_at).getTime());

    // The week's calendar lists both; a move and a cancel before they start.
    const week = (
      await call(
        'GET',
        `/api/publishing/posts?from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 15 * 86_400_000).toISOString())}`,
        alice,
      )
    ).json() as { posts: PublishPost[] };
    expect(week.posts.map((p) => p.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const moved = await call('PATCH', `/api/publishing/posts/${first.id}`, alice, { scheduled_at: to });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ scheduled_at: to, placement: 'time', status: 'scheduled' });
    const cancelled = await call('POST', `/api/publishing/posts/${second.id}/cancel`, alice);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // The freed slot is offered again.
    const again = (await call('GET', `/api/publishing/accounts/${account.id}/next-slot`, alice)).json() as {
      at: string;
    };
    expect(again.at).toBe(next.at);
    // Bob can neither move nor cancel Alice's post.
    expect((await call('POST', `/api/publishing/posts/${first.id}/cancel`, bob)).statusCode).toBe(404);
  });

  it('refuses a time in the past or more than a year ahead, and a post that has started cannot be moved', async () => {
    const at = (ms: number) => ({ when: 'time', at: new Date(Date.now() + ms).toISOString() });
    for (const when of [at(-3_600_000), at(367 * 86_400_000)]) {
      const res = await call('POST', '/api/publishing/posts', alice, {
        draft_id: draft.id,
        account_ids: [account.id],
        texts: { [account.id]: ['never'] },
        ...when,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const scheduled = await publish(account.id, ['in two seconds'], at(2000));
    expect(scheduled.status).toBe('scheduled');
    const done = await settled(scheduled.id, ['published', 'failed', 'check', 'waiting_account']);
    expect(done.status, done.error ?? '').toBe('published');
    expect(new Date(done.published_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(scheduled.scheduled_at).getTime(),
    );
    const late = await call('PATCH', `/api/publishing/posts/${scheduled.id}`, alice, {
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(late.statusCode).toBe(409);
  });

  it('a moved post goes out at its new time only (its old job does nothing)', async () => {
    const before = bsky.received.length;
    const post = await publish(account.id, ['moved once'], {
      when: 'time',
      at: new Date(Date.now() + 1500).toISOString(),
    });
    const moved = await call('PATCH', `/api/publishing/posts/${post.id}`, alice, {
      scheduled_at: new Date(Date.now() + 3000).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    expect(bsky.received.slice(before).filter((r) => r.text === 'moved once')).toHaveLength(1);
  });

  it('disconnecting cancels what was scheduled, keeps what was published, and revokes the Mastodon token', async () => {
    const list = (await call('GET', '/api/publishing/accounts', alice)).json() as {
      accounts: PublishAccount[];
    };
    const mastodon = list.accounts.find((a) => a.platform === 'mastodon')!;
    const later = await publish(mastodon.id, ['later'], {
      when: 'time',
      at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await call('DELETE', `/api/publishing/accounts/${mastodon.id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(masto.revoked).toHaveLength(1);
    expect((await postOf(later.id)).status).toBe('cancelled');
    const published = (
      (await call('GET', '/api/publishing/posts', alice)).json() as { posts: PublishPost[] }
    ).posts.filter((p) => p.account_id === mastodon.id && p.status === 'published');
    expect(published.length).toBeGreaterThan(0);
    const [row] = await echo.query<{ credentials: string | null }>(
      'select credentials from publish_accounts where id = $1',
      [mastodon.id],
    );
    expect(row!.credentials).toBeNull();
  });
});

describe('Publishing on /admin/system', () => {
  it('lists platforms with connected accounts and failures, without any token or e-mail, and the checklist names the missing apps', async () => {
    const login = await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    const res = await echo.app!.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    const body = res.json() as SystemHealth;
    const bluesky = body.publishing!.find((p) => p.platform === 'bluesky')!;
    expect(bluesky).toMatchObject({ available: true });
    expect(bluesky.connected).toBeGreaterThanOrEqual(1);
    expect(bluesky.published).toBeGreaterThanOrEqual(5);
    expect(body.publishing!.find((p) => p.platform === 'x')).toMatchObject({
      available: false,
      connected: 0,
    });
    expect(body.checklist!.find((i) => i.key === 'publish-linkedin')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/LINKEDIN_CLIENT_ID/),
    });
    const text = JSON.stringify(body.publishing);
    expect(text).not.toMatch(/alice@example\.com|accessJwt|refreshJwt|aaaa-bbbb|v1\./);
  });
});
