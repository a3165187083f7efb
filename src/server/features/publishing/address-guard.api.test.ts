import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMastodon, startFakeMastodon } from '#tests/support/fake-social.ts';
import { sessionCookie } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { seal } from './platforms.ts';

/**
 * The private-address guard on the calls after connecting (DNS rebinding): an install that does not
 * allow private hosts checks the address each call to a user's server connects to.
 */

let echo: TestApp;
let masto: FakeMastodon;

beforeAll(async () => {
  masto = await startFakeMastodon();
  // Private hosts not allowed (the default); the Bluesky service the tests never call is trusted.
  echo = await startTestApp();
});
afterAll(async () => {
  await echo?.close();
  await masto?.close();
});

describe('The private-address guard on every call', () => {
  it('an instance whose name now resolves to loopback is not called: disconnecting sends nothing there', async () => {
    const owner = 'rebound@example.com';
    // Connected while its name answered a public address; it now answers loopback (localhost).
    const instance = `http://localhost:${masto.port}`;
    const [account] = await echo.query<{ id: string }>(
      `insert into publish_accounts (owner_email, platform, remote_id, handle, instance_url, char_limit, credentials)
       values ($1, 'mastodon', '1', '@alice@rebound', $2, 500, $3) returning id`,
      [owner, instance, await seal(echo.ctx.config, { accessToken: 'token' })],
    );
    const res = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/publishing/accounts/${account!.id}`,
      headers: { cookie: await sessionCookie(echo, owner) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(masto.calls).toEqual([]);
    const [row] = await echo.query<{ status: string }>('select status from publish_accounts where id = $1', [
      account!.id,
    ]);
    expect(row!.status).toBe('disconnected');
  });
});
