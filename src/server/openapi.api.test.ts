import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let echo: TestApp;
beforeAll(async () => {
  echo = await startTestApp();
});
afterAll(() => echo?.close());

/** Fastify's `/api/x/:id` is OpenAPI's `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every (method, path) Fastify registered, read back from its route tree (`printRoutes`). */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)(?:├──|└──) (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

describe('OpenAPI document', () => {
  it('lists every registered /api route with its method', async () => {
    const res = await fetch(`${echo.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1/);
    const missing: string[] = [];
    const routes = registeredRoutes(echo.app!.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url === '/api/openapi.json') continue;
      if (method === 'HEAD' || method === 'OPTIONS') continue;
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
