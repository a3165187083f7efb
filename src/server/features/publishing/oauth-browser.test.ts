import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { bindBrowser, browserBinding } from './oauth-browser.ts';

async function appFor(publicUrl: string) {
  const config = { publicUrl } as Config;
  const app = Fastify();
  await app.register(fastifyCookie);
  app.post('/api/publishing/oauth/start', async (request, reply) => ({
    binding: bindBrowser(config, request, reply),
  }));
  app.get('/api/publishing/oauth/callback', async (request) => ({
    binding: browserBinding(config, request),
  }));
  return app;
}

describe('The cookie binding an OAuth state to its browser', () => {
  it('under https is __Host- (Secure, Path=/), Lax, HttpOnly, 15 minutes', async () => {
    const app = await appFor('https://echo.example');
    const start = await app.inject({ method: 'POST', url: '/api/publishing/oauth/start' });
    const parts = String(start.headers['set-cookie']).split('; ');
    expect(parts[0]).toMatch(/^__Host-echo_oauth=[\w-]{43}$/);
    expect(parts.slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=900', 'Path=/', 'SameSite=Lax', 'Secure']);
    const cookie = parts[0]!;
    const back = await app.inject({
      method: 'GET',
      url: '/api/publishing/oauth/callback',
      headers: { cookie },
    });
    expect(back.json().binding).toBe(start.json().binding);
    // The same browser starting again keeps its secret (a connection in another tab stays valid).
    const again = await app.inject({
      method: 'POST',
      url: '/api/publishing/oauth/start',
      headers: { cookie },
    });
    expect(again.json().binding).toBe(start.json().binding);
  });

  it('over http is scoped to the OAuth paths; no cookie or a malformed one binds nothing', async () => {
    const app = await appFor('http://localhost:3000');
    const start = await app.inject({ method: 'POST', url: '/api/publishing/oauth/start' });
    expect(String(start.headers['set-cookie'])).toMatch(
      /^echo_oauth=[\w-]{43}; .*Path=\/api\/publishing\/oauth/,
    );
    expect(String(start.headers['set-cookie'])).not.toContain('Secure');
    const callback = (cookie?: string) =>
      app.inject({ method: 'GET', url: '/api/publishing/oauth/callback', headers: cookie ? { cookie } : {} });
    expect((await callback()).json().binding).toBeNull();
    expect((await callback('echo_oauth=short')).json().binding).toBeNull();
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/publishing/oauth/start',
      headers: { cookie: 'echo_oauth=short' },
    });
    expect(fresh.json().binding).not.toBe(start.json().binding);
  });
});
