import { describe, expect, it } from 'vitest';
import type { PublishAccount } from '#contract/publishing.ts';
import { oauthBrowserCookie, returnFromPlatform } from '#tests/support/oauth.ts';
import {
  alice,
  bob,
  bsky,
  call,
  connectBluesky,
  echo,
  masto,
  setUpPublishingApi,
} from '#tests/support/publishing-api.ts';
import { sessionCookie, startStudioApp } from '#tests/support/studio.ts';

/** Connecting publishing accounts: Bluesky by app password, Mastodon by OAuth with PKCE, and the OAuth state. */

setUpPublishingApi();

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
