import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/**
 * The cookie `POST /api/publishing/oauth/start` set to bind its state to the browser, as a Cookie
 * header (`name=value`).
 */
export function oauthBrowserCookie(start: LightMyRequestResponse): string {
  const cookie = start.cookies.find((c) => c.name === 'echo_oauth' || c.name === '__Host-echo_oauth');
  if (!cookie) throw new Error(`/oauth/start set no binding cookie: ${start.statusCode} ${start.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * After a started OAuth connection: approves at the fake platform (which answers with its redirect at
 * once) and follows that redirect back to Echo's callback as the browser that started does on its
 * way back from another site: with the binding cookie, without the session cookie.
 */
export async function returnFromPlatform(
  echo: TestApp,
  start: LightMyRequestResponse,
  cookie = oauthBrowserCookie(start),
): Promise<LightMyRequestResponse> {
  const approved = await fetch((start.json() as { authorize_url: string }).authorize_url, {
    redirect: 'manual',
  });
  if (approved.status !== 302) throw new Error(`The platform answered ${approved.status}, not its redirect`);
  const back = new URL(approved.headers.get('location')!);
  return echo.app!.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
}
