import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost, PublishPreview } from '#contract/publishing.ts';
import type { SystemHealth } from '#contract/system.ts';
import {
  alice,
  bob,
  bsky,
  call,
  connectBluesky,
  draft,
  echo,
  masto,
  postOf,
  publish,
  settled,
  setUpPublishingApi,
} from '#tests/support/publishing-api.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';

/** Publishing to connected accounts: preview, now (threads, faults, tokens), time slots and the calendar, and what /admin/system shows of it. */

setUpPublishingApi({ connected: true });

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
