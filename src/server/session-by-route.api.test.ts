import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeBluesky,
  type FakeMastodon,
  startFakeBluesky,
  startFakeMastodon,
} from '#tests/support/fake-social.ts';
import { registeredRoutes } from '#tests/support/fuzz.ts';
import { sessionCookie } from '#tests/support/studio.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
let bsky: FakeBluesky;
let masto: FakeMastodon;
let alice: string;

beforeAll(async () => {
  [bsky, masto] = await Promise.all([startFakeBluesky(), startFakeMastodon()]);
  echo = await startTestApp({ PUBLISH_ALLOW_PRIVATE_HOSTS: 'true', BLUESKY_SERVICE_URL: bsky.origin });
  alice = await sessionCookie(echo, 'alice@example.com');
});
afterAll(async () => {
  await echo?.close();
  await bsky?.close();
  await masto?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request as written on the wire, with an absolute-form request line
 * (`DELETE http://host/api/... HTTP/1.1`, RFC 9112 §3.2.2: what a proxy sends, and what any
 * client may), which a test client's `inject` or `fetch` never writes.
 */
function absoluteForm(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { port } = new URL(echo.url);
  const lines = [
    `${method} http://127.0.0.1:${port}${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body !== undefined
      ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]
      : method === 'GET' || method === 'HEAD'
        ? []
        : ['Content-Length: 0']),
  ];
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      let rest = raw.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let decoded = '';
        while (rest.length) {
          const end = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.slice(0, end), 16);
          if (!size) break;
          decoded += rest.slice(end + 2, end + 2 + size);
          rest = rest.slice(end + 2 + size + 2);
        }
        rest = decoded;
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: rest });
    });
    // Written, not ended: the server closes the connection once it has answered (Connection: close).
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
  });
}

const ID = '00000000-0000-4000-8000-000000000001';
const guarded = (prefix: string) =>
  registeredRoutes(echo.app!)
    .filter((route) => route.split(' ')[1]!.startsWith(prefix))
    .map((route) => route.split(' ') as [string, string]);

describe('The session check belongs to the route, not to how the request line spells it', () => {
  it('every publishing route answers an absolute-form request without a session with 401 JSON', async () => {
    const routes = guarded('/api/publishing/');
    expect(routes.length).toBeGreaterThan(10);
    for (const [method, route] of routes) {
      // The OAuth callback comes back from the platform's site without the session (its own test below).
      if (route === '/api/publishing/oauth/callback') continue;
      const path = route.replace(/:[A-Za-z]+/g, ID);
      const res = await absoluteForm(
        method,
        path,
        {},
        ['POST', 'PATCH', 'PUT'].includes(method) ? '{}' : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(JSON.parse(res.body), `${method} ${path}`).toMatchObject({ code: 'unauthorized' });
      expect(res.headers['cache-control'], `${method} ${path}`).toBe('no-store');
    }
  });

  it('every Studio route does the same (the tus uploads included)', async () => {
    const routes = guarded('/api/studio/');
    expect(routes.length).toBeGreaterThan(10);
    for (const [method, route] of routes) {
      const path = route.replace(/:[A-Za-z]+/g, ID);
      const headers: Record<string, string> = route.startsWith('/api/studio/uploads')
        ? { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' }
        : {};
      const res = await absoluteForm(
        method,
        path,
        headers,
        ['POST', 'PATCH', 'PUT'].includes(method) && !headers['Tus-Resumable'] ? '{}' : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(401);
      if (method !== 'HEAD')
        expect(JSON.parse(res.body), `${method} ${path}`).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('an unauthenticated connect reaches no platform: no Bluesky sign-in, no Mastodon app registration', async () => {
    bsky.addAccount('victim.test', 'aaaa-bbbb-cccc-dddd');
    const before = { bsky: bsky.calls.length, masto: masto.calls.length };
    const connect = await absoluteForm(
      'POST',
      '/api/publishing/accounts/bluesky',
      {},
      JSON.stringify({ handle: 'victim.test', app_password: 'aaaa-bbbb-cccc-dddd' }),
    );
    expect(connect.status).toBe(401);
    const start = await absoluteForm(
      'POST',
      '/api/publishing/oauth/start',
      {},
      JSON.stringify({ platform: 'mastodon', instance: masto.origin }),
    );
    expect(start.status).toBe(401);
    // The callback, reached without the session, checks its state and this browser's binding first.
    const callback = await absoluteForm('GET', '/api/publishing/oauth/callback?state=abc&code=def');
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe('/studio?tab=publishing&connected=expired');
    expect(callback.headers['cache-control']).toBe('no-store');
    expect({ bsky: bsky.calls.length, masto: masto.calls.length }).toEqual(before);
  });

  it('another address cannot disconnect an account by its id, whatever the request line', async () => {
    bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-eeee');
    const res = await echo.app!.inject({
      method: 'POST',
      url: '/api/publishing/accounts/bluesky',
      headers: { cookie: alice, 'content-type': 'application/json' },
      payload: { handle: 'alice.test', app_password: 'aaaa-bbbb-cccc-eeee' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const anonymous = await absoluteForm('DELETE', `/api/publishing/accounts/${id}`);
    expect(anonymous.status).toBe(401);
    const bob = await absoluteForm('DELETE', `/api/publishing/accounts/${id}`, {
      Cookie: await sessionCookie(echo, 'bob@example.com'),
    });
    expect(bob.status).toBe(404);
    const [row] = await echo.query<{ status: string }>('select status from publish_accounts where id = $1', [
      id,
    ]);
    expect(row!.status).toBe('connected');
    // The same request line with the owner's session is the same route, and works.
    const own = await absoluteForm('GET', '/api/publishing/accounts', { Cookie: alice });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).accounts.map((a: { id: string }) => a.id)).toEqual([id]);
  });

  it('the check stays on its routes: other routes and unknown paths answer as before', async () => {
    expect((await absoluteForm('GET', '/api/waitlist/count')).status).toBe(200);
    const unknown = await absoluteForm('GET', '/api/publishing-nothing');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 'not_found' });
  });

  it('personal answers stay uncached under an absolute-form request line too', async () => {
    for (const path of ['/api/content-results/session', '/api/privacy/data-use']) {
      const res = await absoluteForm('GET', path, { Cookie: alice });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });
});
