import { describe, expect, it } from 'vitest';
import { isKnownWebRoute, PRERENDERED_WEB_ROUTES, WEB_ROUTES } from './routes.ts';

describe('page routes', () => {
  it('knows every listed page, with or without a trailing slash', () => {
    for (const route of WEB_ROUTES) {
      const path = route.replace(':id', '42');
      expect(isKnownWebRoute(path)).toBe(true);
      if (path !== '/') expect(isKnownWebRoute(`${path}/`)).toBe(true);
    }
  });

  it('answers no for other paths; an :id segment is numeric', () => {
    for (const path of [
      '/nope',
      '/admin/nope',
      '/campaigns/abc',
      '/campaigns/1/2',
      '/campaigns/1234567890123456',
    ])
      expect(isKnownWebRoute(path)).toBe(false);
  });

  it('prerenders only listed pages', () => {
    for (const route of PRERENDERED_WEB_ROUTES) expect(WEB_ROUTES).toContain(route);
  });
});
