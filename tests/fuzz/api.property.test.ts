import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReferenceRoute } from '#server/openapi.ts';
import { type FakeBluesky, startFakeBluesky } from '#tests/support/fake-social.ts';
import {
  type Auth,
  assertApiAnswer,
  credentials,
  ROUTES,
  registeredRoutes,
  snapshot,
} from '#tests/support/fuzz.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Deterministic: a fixed seed and a bounded number of runs per route.
const SEED = 20261122;
const RUNS = 30;
const BODY_RUNS = 60;

let echo: TestApp;
let bluesky: FakeBluesky;
let valid: Awaited<ReturnType<typeof credentials>>;

beforeAll(async () => {
  // ROLE=web: no job runs in the background, so table snapshots only change through requests.
  // Connecting Bluesky signs in there: a local fake that knows no account (401), never the real one.
  bluesky = await startFakeBluesky();
  echo = await startTestApp({
    ROLE: 'web',
    BLUESKY_SERVICE_URL: bluesky.origin,
    STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
    TWILIO_AUTH_TOKEN: 'twilio-fuzz-token',
    WEBHOOK_SECRET: 'whsec_ZnV6emluZy13ZWJob29rLXNlY3JldA==',
  });
  valid = await credentials(echo);
});
afterAll(async () => {
  await echo?.close();
  await bluesky?.close();
});

const HOSTILE_TEXT = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE waitlist_signups; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'a\u0000b',
  '\u0000',
  'x\r\nBcc: evil@example.com',
  '𝕏😀\u{10FFFF}',
  '\uD800',
  '\uFEFF\u202E',
  '{{name}}',
  '$' + '{7*7}', // template injection
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'é'.repeat(3000),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);
const value = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, [], {}),
  },
);
const key = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'email', 'id'),
);
const asciiHeader = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/** Lone surrogates cannot be percent-encoded: they are made well-formed first (bodies keep them). */
const enc = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

const idSegment = fc.oneof(
  fc.constantFrom('1', '1', '2'),
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '2',
    '1.5',
    '1e3',
    '0x10',
    'NaN',
    '9'.repeat(30),
    '%00',
    '%2e%2e%2f',
    '..',
    '%zz',
  ),
  fc.integer().map(String),
  text.map((s) => enc(s).slice(0, 250)),
);

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?%',
    '?%zz=1',
    '?a=%00',
    '?limit=-1',
    '?limit=abc&cursor=%00',
    `?cursor=${'x'.repeat(300)}`,
  ),
  fc
    .array(fc.tuple(fc.oneof(key, fc.constantFrom('limit', 'cursor', 'token', 'ref')), text), {
      maxLength: 4,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`),
);

function bodyFor(sample: Record<string, unknown> | undefined) {
  const mutated = fc
    .tuple(fc.constantFrom(...Object.keys(sample ?? { x: 1 })), value, fc.option(fc.tuple(key, value)))
    .map(([field, v, extra]) => {
      const body: Record<string, unknown> = { ...(sample ?? {}), [field]: v };
      if (extra) body[extra[0]] = extra[1];
      return JSON.stringify(body);
    });
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '""', '{"__proto__":{"x":1}}', ' ') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  undefined,
);

type Credential = 'valid' | 'none' | 'garbage' | 'other';
function headersFor(auth: Auth, credential: Credential, garbage: string): Record<string, string> {
  if (credential === 'none' || auth === 'none')
    return credential === 'garbage'
      ? { authorization: `Bearer ${garbage}`, cookie: `echo_dashboard=${garbage}` }
      : {};
  if (credential === 'valid') return valid[auth];
  if (credential === 'other') return auth === 'admin' ? valid.affiliate : valid.admin;
  return auth === 'dashboard'
    ? { cookie: `echo_dashboard=${garbage}` }
    : { authorization: `Bearer ${garbage}` };
}

describe('every API route survives random and hostile input', () => {
  it('the fuzzed route list is exactly the set of registered routes', () => {
    const listed = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    // The API reference (/api/docs, /api/openapi.json) takes no input: it is not fuzzed.
    const api = registeredRoutes(echo.app!).filter((route) => !isReferenceRoute(route.split(' ')[1]!));
    expect(listed).toEqual(api);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const credentialsArb: fc.Arbitrary<Credential> = route.revokes
        ? fc.constantFrom('none', 'garbage', 'other')
        : fc.constantFrom('valid', 'valid', 'none', 'garbage', 'other');
      await fc.assert(
        fc.asyncProperty(
          fc.array(idSegment, { minLength: 2, maxLength: 2 }),
          query,
          bodyFor(route.body),
          contentType,
          credentialsArb,
          asciiHeader,
          fc.record(
            {
              'x-forwarded-for': asciiHeader,
              'user-agent': asciiHeader,
              accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'garbage'),
              'stripe-signature': asciiHeader,
              'x-twilio-signature': asciiHeader,
              'webhook-id': asciiHeader,
              'webhook-timestamp': fc.oneof(asciiHeader, fc.integer().map(String)),
              'webhook-signature': asciiHeader,
              cookie: asciiHeader,
            },
            { requiredKeys: [] },
          ),
          async (ids, qs, payload, type, credential, garbage, extraHeaders) => {
            let n = 0;
            const url = route.path.replace(/:[A-Za-z]+/g, () => ids[n++]!) + qs;
            const headers: Record<string, string> = {
              ...extraHeaders,
              ...headersFor(route.auth, credential, garbage),
              ...(type && payload !== undefined ? { 'content-type': type } : {}),
            };
            const before = await snapshot(echo);
            const res = await echo.app!.inject({ method: route.method, url, headers, payload });
            const what = `${route.method} ${url} [${credential}] ${type} ${String(payload).slice(0, 200)}`;
            assertApiAnswer(res, what);
            if (res.statusCode >= 400)
              expect(await snapshot(echo), `state changed by ${what}`).toEqual(before);
          },
        ),
        { seed: SEED, numRuns: route.body ? BODY_RUNS : RUNS, endOnFailure: true },
      );
    });
  }
});
