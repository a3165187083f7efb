import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp();
});
afterAll(() => echo?.close());

describe('platform', () => {
  it('reports database status on /api/health', async () => {
    const res = await fetch(`${echo.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up', role: 'all' });
  });

  it('answers unknown API paths with 404 JSON and unknown pages with the app and 404', async () => {
    const api = await fetch(`${echo.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect((await api.json()).message).toMatch(/^Not found/);
    const wrongMethod = await fetch(`${echo.url}/api/waitlist/count`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    expect(typeof (await wrongMethod.json()).message).toBe('string');
    const page = await fetch(`${echo.url}/no/such/page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const home = await fetch(`${echo.url}/tos`);
    expect(home.status).toBe(200);
  });

  it('sends security headers: strict CSP, nosniff, no framing', async () => {
    const res = await fetch(`${echo.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('facebook');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("sends helmet's full header set on every answer: API, errors and pages", async () => {
    const helmetHeaders = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const answers = [
      await fetch(`${echo.url}/api/waitlist/count`),
      await fetch(`${echo.url}/api/does-not-exist`),
      await fetch(`${echo.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await fetch(`${echo.url}/tos`),
    ];
    for (const res of answers)
      for (const name of helmetHeaders) expect(res.headers.get(name), `${res.url} ${name}`).toBeTruthy();
    expect(answers[0]!.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // No HSTS over plain http (PUBLIC_URL is http in tests).
    expect(answers[0]!.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows the pixel host in the CSP and injects the id only when META_PIXEL_ID is set', async () => {
    const withPixel = await startTestApp({ META_PIXEL_ID: '1234567890' });
    try {
      const res = await fetch(`${withPixel.url}/`);
      expect(res.headers.get('content-security-policy')).toContain('https://connect.facebook.net');
      expect(await res.text()).toContain('<meta name="meta-pixel-id" content="1234567890">');
    } finally {
      await withPixel.close();
    }
    const plain = await (await fetch(`${echo.url}/`)).text();
    expect(plain).not.toContain('meta-pixel-id');
  });
});
