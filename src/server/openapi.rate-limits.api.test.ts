import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, ROUTES } from '#tests/support/fuzz.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: { allOf?: unknown[] } }> }>;
}

let echo: TestApp;
let operations: [string, string, Operation][];
let valid: Awaited<ReturnType<typeof credentials>>;
/** Path parameters that must name something for the request to reach the limiter. */
const existing: Record<string, string> = {};

beforeAll(async () => {
  // ROLE=web: no job runs in the background, so every rate-limit hit comes from the request sent.
  echo = await startTestApp({ ROLE: 'web' });
  const doc = (await (await echo.app!.inject({ url: '/api/openapi.json' })).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => [m.toUpperCase(), p, op] as [string, string, Operation]),
  );
  // Signed in first: the admin sign-in itself counts failures in the rate limiter.
  valid = await credentials(echo);
  // A tus PATCH looks its upload up before it counts.
  const upload = await echo.app!.inject({
    method: 'POST',
    url: '/api/studio/uploads',
    headers: {
      ...valid.dashboard,
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': `filename ${Buffer.from('a.wav').toString('base64')}`,
    },
  });
  existing['PATCH /api/studio/uploads/{id}'] = String(upload.headers.location).split('/').pop()!;
  // Every counter of the shared limiter (lib/rate-limit.ts: one table for every limit) is past
  // any limit from now on, and each hit is written down, so a request that calls the limiter
  // answers 429 and the test sees that it called it.
  await echo.query(`
    create table rate_limit_hits (key text not null);
    create function every_limit_passed() returns trigger language plpgsql as $$
    begin
      insert into rate_limit_hits values (new.key);
      new.count := 1000000;
      return new;
    end $$;
    create trigger every_limit_passed before insert or update on rate_limits
      for each row execute function every_limit_passed();`);
});
afterAll(() => echo?.close());

/** Fastify's `/api/x/:id` is OpenAPI's `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A value for a path parameter that names nothing: a number for ids and indexes, else a UUID. */
const placeholder = (op: Operation, name: string) =>
  name === 'n'
    ? '1'
    : op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema?.type === 'integer'
      ? '987654'
      : '00000000-0000-4000-8000-000000000000';

/** Does the operation declare 429 `rate_limited`? */
const declaresRateLimit = (op: Operation) =>
  JSON.stringify(op.responses['429']?.content?.['application/json']?.schema ?? {}).includes('rate_limited');

/** The credential the operation asks for (its first scheme), or none. */
function credential(op: Operation): Record<string, string> {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('adminToken')) return valid.admin;
  if (schemes.includes('affiliateToken')) return valid.affiliate;
  if (schemes.includes('dashboardSession')) return valid.dashboard;
  return {};
}

describe('rate limits in the API document', () => {
  it('every operation that calls the rate limiter declares 429, and every one that declares it answers it', async () => {
    const bodies = new Map(ROUTES.map((r) => [`${r.method} ${openApiPath(r.path)}`, r]));
    // The sign-outs end the session the others use: last.
    const ordered = [...operations].sort(
      ([m1, p1], [m2, p2]) =>
        Number(!!bodies.get(`${m1} ${p1}`)?.revokes) - Number(!!bodies.get(`${m2} ${p2}`)?.revokes),
    );
    const undeclared: string[] = [];
    const unanswered: string[] = [];
    let limited = 0;
    for (const [method, p, op] of ordered) {
      const key = `${method} ${p}`;
      await echo.query('delete from rate_limit_hits');
      const body = bodies.get(key)?.body;
      const json = !!op.requestBody?.content?.['application/json'];
      const res = await echo.app!.inject({
        method: method as 'GET',
        url:
          p.replace(/\{(\w+)\}/g, (_, name: string) => existing[key] ?? placeholder(op, name)) +
          (bodies.get(key)?.query ? `?${bodies.get(key)!.query}` : ''),
        // Tus-Resumable: the Studio's uploads check it before anything else (tus 1.0.0).
        headers: {
          ...credential(op),
          'tus-resumable': '1.0.0',
          ...(json && { 'content-type': 'application/json' }),
        },
        ...(json && { payload: JSON.stringify(body ?? {}) }),
      });
      const [{ hits }] = (await echo.query<{ hits: number }>(
        'select count(*)::int as hits from rate_limit_hits',
      )) as [{ hits: number }];
      const answer = `${res.statusCode} ${res.body.slice(0, 100)}`;
      if (hits > 0) {
        limited++;
        if (!declaresRateLimit(op)) undeclared.push(`${key} calls the rate limiter (answered ${answer})`);
      }
      if (hits > 0 || declaresRateLimit(op)) {
        const error = method === 'HEAD' ? null : (res.json() as { code?: unknown; message?: unknown });
        const answered =
          res.statusCode === 429 &&
          (method === 'HEAD' || (error?.code === 'rate_limited' && typeof error.message === 'string'));
        if (!answered) unanswered.push(`${key} answered ${answer} over its limit`);
      }
    }
    expect(undeclared).toEqual([]);
    expect(unanswered).toEqual([]);
    expect(limited).toBeGreaterThan(30);
  });
});
