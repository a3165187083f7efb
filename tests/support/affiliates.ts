import Stripe from 'stripe';
import { expect } from 'vitest';
import { codeIn } from './smtp-sink.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './test-app.ts';

export const STRIPE_SECRET = 'whsec_test_secret_for_affiliates';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36';

export const application = (email: string, name = 'Ada Affiliate') => ({
  display_name: name,
  email,
  company_name: 'Ada Media',
  website: 'https://ada.example',
  promotion_strategy: 'A weekly newsletter and YouTube reviews for creators.',
});

/** The app with Stripe intake on, an admin token, and the requests the affiliate tests make. */
export async function startAffiliatesApp() {
  const echo: TestApp = await startTestApp({
    SIGNUP_RATE_LIMIT: '100000',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  });
  const login = await echo.app!.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  const adminToken: string = login.json().token;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown, token?: string) =>
    echo.app!.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });

  /** The 6 digits of the nth sign-in code e-mailed to that e-mail. */
  async function codeFor(email: string, nth = 1): Promise<string> {
    const isCode = (x: { to: string[]; subject: string }) =>
      x.to.includes(email) && /sign-in code/.test(x.subject);
    const mails = await echo.smtp.waitFor((m) => m.filter(isCode).length >= nth);
    return codeIn(mails.filter(isCode)[nth - 1]!);
  }

  async function signIn(email: string, nth = 1): Promise<string> {
    await call('POST', '/api/auth/login', { email });
    const res = await call('POST', '/api/auth/login', { email, code: await codeFor(email, nth) });
    expect(res.statusCode).toBe(200);
    return res.json().access_token;
  }

  async function approvedAffiliate(email: string): Promise<{ id: number; code: string }> {
    expect((await call('POST', '/api/affiliates/apply', application(email))).statusCode).toBe(201);
    const [{ id }] = await echo.query<{ id: number }>(
      'select id::int as id from affiliates where email = $1',
      [email],
    );
    const res = await call('PATCH', `/api/admin/affiliates/${id}/status`, { status: 'approved' }, adminToken);
    expect(res.statusCode).toBe(200);
    return { id, code: res.json().referral_code };
  }

  function stripeEvent(id: string, type: string, object: Record<string, unknown>, secret = STRIPE_SECRET) {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return echo.app!.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }

  const visit = (code: string, ua = BROWSER_UA, ip = '10.0.0.1') =>
    echo.app!.inject({
      method: 'GET',
      url: `/?ref=${code}`,
      headers: { 'user-agent': ua },
      remoteAddress: ip,
    });

  const joinWithCookie = (email: string, cookie: string | undefined) =>
    echo.app!.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ name: 'Customer', email, role: 'Creator' }),
    });

  return { echo, adminToken, call, codeFor, signIn, approvedAffiliate, stripeEvent, visit, joinWithCookie };
}
export type AffiliatesApp = Awaited<ReturnType<typeof startAffiliatesApp>>;
