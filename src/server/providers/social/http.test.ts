import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttp, listenLocal } from '#tests/support/local-http.ts';
import {
  callPlatform,
  isPublicAddress,
  PlatformError,
  publicOrigin,
  resetOutboundPolicy,
  setOutboundPolicy,
} from './http.ts';

describe('isPublicAddress', () => {
  it('takes ordinary public unicast addresses', () => {
    for (const address of ['1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local, shared, benchmarking, reserved and multicast IPv4', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.0.0.8',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.254',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('judges an IPv4-mapped IPv6 address as the IPv4 address it carries, in either spelling', () => {
    for (const address of ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('::ffff:1.1.1.1')).toBe(true);
  });

  it('refuses IPv6 loopback, unique local, link-local, NAT64, 6to4, Teredo, multicast and garbage', () => {
    for (const address of [
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'ff02::1',
      'not an address',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('publicOrigin', () => {
  const refused = async (input: string) => {
    const error = await publicOrigin(input, false).catch((e: unknown) => e);
    expect(error, input).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind, input).toBe('refused');
  };

  it('refuses addresses written as IPv4-mapped, NAT64, link-local or benchmarking literals', async () => {
    for (const input of [
      'https://[::ffff:127.0.0.1]',
      'https://[::ffff:169.254.169.254]',
      'https://[::ffff:7f00:1]:8443',
      'https://[64:ff9b::7f00:1]',
      'https://[fe80::1]',
      'https://198.18.0.1',
      'https://127.1',
      'https://0x7f000001',
    ])
      await refused(input);
  });

  it('refuses a name that resolves to loopback, and http without the private-hosts setting', async () => {
    await refused('https://localhost');
    await refused('http://example.com');
  });

  it('keeps a public literal address as its origin', async () => {
    expect(await publicOrigin('https://1.1.1.1/path', false)).toBe('https://1.1.1.1');
  });
});

describe('callPlatform checks the address it connects to, on every call', () => {
  let server: LocalHttp;
  const received: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  beforeAll(async () => {
    server = await listenLocal(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      // Each call on a connection of its own (a kept-alive one was checked when it was opened).
      res.setHeader('connection', 'close');
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 2_000);
      if (req.url === '/moved') {
        res.writeHead(302, { location: 'http://169.254.169.254/' });
        return res.end();
      }
      if (req.url === '/empty') {
        res.writeHead(204);
        return res.end();
      }
      if (req.url === '/busy') {
        res.writeHead(429, { 'content-type': 'application/json', 'x-reset': '1900000000' });
        return res.end('{"error":"slow down"}');
      }
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  beforeEach(() => {
    received.length = 0;
    resetOutboundPolicy();
  });
  afterAll(async () => {
    resetOutboundPolicy();
    await server?.close();
  });

  const call = (
    path: string,
    options: Partial<Parameters<typeof callPlatform>[2]> = {},
    host = 'localhost',
  ) =>
    callPlatform<{ ok: boolean; path: string }>('Mastodon', `http://${host}:${server.port}${path}`, {
      timeoutMs: 1_000,
      ...options,
    });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as PlatformError,
    );

  it('refuses a name that resolves to loopback, and a loopback literal, before anything is sent', async () => {
    const byName = await refusal(call('/a'));
    expect(byName).toBeInstanceOf(PlatformError);
    expect(byName).toMatchObject({ kind: 'refused', message: 'Mastodon: localhost is not a public server' });
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]'])
      expect(await refusal(call('/a', {}, host)), host).toMatchObject({ kind: 'refused' });
    expect(received).toEqual([]);
  });

  it('a name that answered a public address and then a private one (rebinding) is refused on the call after', async () => {
    // The name's answer counts as public, then (the DNS answer changed) as private.
    let answer: 'public' | 'private' = 'public';
    setOutboundPolicy({ isPublic: () => answer === 'public' });
    expect((await call('/first')).body).toEqual({ ok: true, path: '/first' });
    answer = 'private';
    expect(await refusal(call('/second'))).toMatchObject({ kind: 'refused' });
    expect(received.map((r) => r.path)).toEqual(['/first']);
  });

  it("the operator's own platform addresses, and every one with private hosts allowed, are not checked", async () => {
    setOutboundPolicy({ trustedOrigins: [`http://localhost:${server.port}`] });
    expect((await call('/trusted')).status).toBe(201);
    resetOutboundPolicy();
    setOutboundPolicy({ allowPrivate: true });
    expect((await call('/allowed')).status).toBe(201);
  });

  describe('over the checked connection, a call is what fetch would have sent and read', () => {
    beforeEach(() =>
      setOutboundPolicy({ isPublic: (address) => address === '127.0.0.1' || address === '::1' }),
    );

    it('JSON, a form, bytes, a Blob and a multipart upload arrive whole, with their types', async () => {
      const json = await call('/json', { json: { status: 'héllo' }, headers: { authorization: 'Bearer t' } });
      expect(json).toMatchObject({ status: 201, body: { ok: true, path: '/json' } });
      expect(json.headers.get('x-seen')).toBe('yes');
      await call('/form', { form: { code: 'a b&c' } });
      await call('/bytes', { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
      await call('/blob', { method: 'PUT', body: new Blob([new Uint8Array(70_000).fill(7)]) });
      const multipart = new FormData();
      multipart.append('description', 'A slide');
      multipart.append(
        'file',
        new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
        'slide.png',
      );
      await call('/media', { multipart });
      const [first, form, bytes, blob, media] = received;
      expect(first).toMatchObject({
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      });
      expect(JSON.parse(first!.body.toString())).toEqual({ status: 'héllo' });
      expect(form!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(form!.body.toString()).toBe('code=a+b%26c');
      expect(bytes).toMatchObject({ method: 'PUT', headers: { 'content-length': '3' } });
      expect([...bytes!.body]).toEqual([1, 2, 3]);
      expect(blob!.headers['content-length']).toBe('70000');
      expect(blob!.body.equals(Buffer.alloc(70_000, 7))).toBe(true);
      expect(media!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const parsed = await new Response(new Uint8Array(media!.body), {
        headers: { 'content-type': media!.headers['content-type']! },
      }).formData();
      expect(parsed.get('description')).toBe('A slide');
      expect([...new Uint8Array(await (parsed.get('file') as Blob).arrayBuffer())]).toEqual([
        137, 80, 78, 71,
      ]);
    });

    it('answers keep their meaning: 204, 429 with its reset, a redirect not followed, a time-out', async () => {
      expect(await call('/empty')).toMatchObject({ status: 204, body: undefined });
      expect(await refusal(call('/busy', { resetHeaders: ['x-reset'] }))).toMatchObject({
        kind: 'rate_limited',
        resetAt: new Date(1_900_000_000_000),
      });
      expect(await refusal(call('/moved'))).toMatchObject({ kind: 'unknown' });
      expect(await refusal(call('/slow', { timeoutMs: 200 }))).toMatchObject({
        kind: 'unknown',
        message: 'Mastodon: no answer in time',
      });
    });
  });
});
