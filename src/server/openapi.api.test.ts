import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '#tests/support/fuzz.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { isReferenceRoute } from './openapi.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp();
});
afterAll(() => echo?.close());

/** Fastify's `/api/x/:id` is OpenAPI's `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('lists every registered /api route with its method', async () => {
    const res = await fetch(`${echo.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1/);
    const missing: string[] = [];
    const routes = registeredRoutes(echo.app!).map((route) => route.split(' ') as [string, string]);
    expect(routes.length).toBeGreaterThan(30);
    for (const [method, url] of routes) {
      if (!url.startsWith('/api/') || isReferenceRoute(url) || method === 'OPTIONS') continue;
      if (!doc.paths[openApiPath(url)]?.[method.toLowerCase()]) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
  });

  it('serves a readable reference at /api/docs', async () => {
    const res = await fetch(`${echo.url}/api/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });
});
