import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#contract/api.ts';
import type { paths } from '#tests/support/echo-api.ts';
import { type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { TEST_ADMIN_PASSWORD } from '#tests/support/test-app.ts';
import { API_TYPES_FILE, apiTypes } from '../../scripts/api-types.ts';
import { TAGS } from './lib/operation.ts';
import { SECURITY } from './openapi-document.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let echo: StudioTestApp;
let doc: Document;
/** Every operation as [METHOD, path, operation]. */
let operations: [string, string, Operation][];

beforeAll(async () => {
  // A public address that is not localhost (Redocly's no-server-example.com rule reads `servers`).
  echo = await startStudioApp({ PUBLIC_URL: 'http://echo.test' });
  doc = (await (await fetch(`${echo.url}/api/openapi.json`)).json()) as Document;
  operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => [m.toUpperCase(), p, op] as [string, string, Operation]),
  );
});
afterAll(() => echo?.close());

const VERBS =
  /^(get|head|list|search|create|update|set|delete|discard|join|login|logout|end|submit|request|verify|run|complete|apply|export|confirm|receive|send|import|unsubscribe|start|finish|regenerate|append|put|process|ask)[A-Z][A-Za-z]+$/;

describe('the API document', () => {
  it('names every operation from the declaration its route carries (config.operation)', () => {
    expect(operations.length).toBeGreaterThan(80);
    const ids = operations.map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const securities = Object.values(SECURITY).map((security) => JSON.stringify(security));
    for (const [method, p, op] of operations) {
      // A route without a declaration would have no id, summary, tag or security of its own.
      expect(op.operationId, `${method} ${p}`).toMatch(VERBS);
      expect(op.summary, `${method} ${p}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${p}`).toBe(1);
      expect(Object.keys(TAGS), `${method} ${p}`).toContain(op.tags?.[0]);
      expect(securities, `${method} ${p}`).toContain(JSON.stringify(op.security));
      expect(
        Object.keys(op.responses).some((status) => /^4\d\d$/.test(status)),
        `${method} ${p}`,
      ).toBe(true);
    }
    // Declared by the routes (a rate limit), or derived from them (a path parameter, a guard).
    expect(doc.paths['/api/waitlist']?.post?.responses).toHaveProperty('429');
    expect(doc.paths['/api/studio/notes']?.post?.responses).toHaveProperty('429');
    expect(doc.paths['/api/publishing/posts']?.post?.responses).toHaveProperty('429');
    expect(doc.paths['/api/studio/notes/{id}']?.get?.responses).toHaveProperty('404');
    expect(doc.paths['/api/studio/notes']?.get?.responses).toHaveProperty('401');
    expect(doc.paths['/api/waitlist/count']?.get?.responses).not.toHaveProperty('401');
  });

  it("passes Redocly's recommended rules (redocly.yaml), offline", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const args = ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json'];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const { stdout } = await run(path.join(root, 'node_modules/.bin/redocly'), args, { env }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is what the committed client types were generated from (npm run api:types)', async () => {
    expect(await apiTypes(doc as unknown as Record<string, unknown>)).toBe(
      await readFile(API_TYPES_FILE, 'utf8'),
    );
  });
});

describe('a typed client (openapi-typescript + openapi-fetch) against the server', () => {
  it('counts the waitlist, joins it, and reads a validation error', async () => {
    const api = createClient<paths>({ baseUrl: echo.url });
    const before = await api.GET('/api/waitlist/count');
    expect(before.response.status).toBe(200);
    const joined = await api.POST('/api/waitlist', {
      body: { name: 'Dana Reyes', email: 'dana.openapi@example.com', role: 'Creator' },
    });
    expect(joined.response.status).toBe(201);
    expect(joined.data).toEqual({ success: true });
    const after = await api.GET('/api/waitlist/count');
    expect(after.data?.count).toBe((before.data?.count ?? Number.NaN) + 1);

    const bad = await api.POST('/api/waitlist', {
      body: { name: 'Dana', email: 'not an address', role: 'Creator' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.issues?.map((issue) => issue.path)).toEqual(['email']);
  });

  it('writes, reads, edits and deletes a Studio note with a dashboard session', async () => {
    const signedOut = createClient<paths>({ baseUrl: echo.url });
    const refused = await signedOut.GET('/api/studio/notes');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('unauthorized');

    const cookie = await sessionCookie(echo, 'studio.openapi@example.com');
    const api = createClient<paths>({ baseUrl: echo.url, headers: { cookie } });
    const created = await api.POST('/api/studio/notes', {
      body: { title: 'Walks', text: 'I think better when I walk. Every idea I like started on a walk.' },
    });
    expect(created.response.status).toBe(201);
    const id = created.data?.id as string;
    const read = await api.GET('/api/studio/notes/{id}', { params: { path: { id } } });
    expect(read.data).toMatchObject({ id, title: 'Walks', kind: 'text' });
    expect(read.data?.text).toContain('I think better when I walk.');
    const edited = await api.PATCH('/api/studio/notes/{id}', {
      params: { path: { id } },
      body: { title: 'On walks' },
    });
    expect(edited.data?.title).toBe('On walks');
    const list = await api.GET('/api/studio/notes', {});
    expect(list.data?.notes.map((note) => note.id)).toContain(id);
    const removed = await api.DELETE('/api/studio/notes/{id}', { params: { path: { id } } });
    expect(removed.response.status).toBe(204);
    const gone = await api.GET('/api/studio/notes/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error?.code).toBe('not_found');
  });
});

/** A value for a path parameter that names nothing: a number for numeric ids, else a UUID. */
const placeholder = (op: Operation, name: string) =>
  op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema?.type === 'integer' || name === 'n'
    ? '987654'
    : '00000000-0000-4000-8000-000000000000';

/**
 * Calls every operation (an empty JSON object as body where it takes one) and checks that the
 * answer's status is one the document declares, and an error's code one it lists for that status.
 */
async function probe(credentials: (op: Operation) => Record<string, string> | null, query = '') {
  const undeclared: string[] = [];
  const answered: Record<string, number> = {};
  for (const [method, p, op] of operations) {
    const headers = credentials(op);
    if (!headers) continue;
    const url = p.replace(/\{(\w+)\}/g, (_, name: string) => placeholder(op, name)) + query;
    const json = !!op.requestBody?.content?.['application/json'];
    const res = await fetch(`${echo.url}${url}`, {
      method,
      redirect: 'manual',
      headers: { ...headers, ...(json && { 'content-type': 'application/json' }) },
      body: json ? '{}' : undefined,
    });
    const text = await res.text();
    answered[`${method} ${p}`] = res.status;
    const declared =
      op.responses[String(res.status)] ?? (res.status >= 500 ? op.responses.default : undefined);
    if (!declared) {
      undeclared.push(`${method} ${p}: ${res.status} ${text.slice(0, 120)}`);
      continue;
    }
    if (res.status < 400 || method === 'HEAD') continue;
    const { code } = JSON.parse(text) as { code: ErrorCode };
    const schema = declared.content?.['application/json']?.schema as
      | { allOf?: [unknown, { properties: { code: { enum: string[] } } }] }
      | undefined;
    const listed = schema?.allOf?.[1].properties.code.enum ?? ['internal', 'unavailable'];
    if (!listed.includes(code) || ERROR_STATUS[code] !== res.status)
      undeclared.push(`${method} ${p}: ${res.status} ${code} (declared ${listed.join(', ')})`);
  }
  return { undeclared, answered };
}

const secured = (op: Operation) =>
  (op.security ?? []).length > 0 && !op.security?.some((s) => !Object.keys(s).length);

describe('the server answers only what the document declares', () => {
  it('without credentials: guarded operations answer 401, the others what they list', async () => {
    const { undeclared, answered } = await probe(() => ({}));
    expect(undeclared).toEqual([]);
    for (const [method, p, op] of operations) {
      if (!secured(op)) continue;
      // A guard in the handler (affiliate routes) runs after the body is validated.
      const expected = op.requestBody ? [400, 401] : [401];
      expect(expected, `${method} ${p}`).toContain(answered[`${method} ${p}`]);
    }
  });

  it('with a NUL in the query: public operations answer 400 validation_failed', async () => {
    const { undeclared, answered } = await probe(() => ({}), '?probe=%00');
    expect(undeclared).toEqual([]);
    for (const [method, p, op] of operations)
      if (!secured(op)) expect(answered[`${method} ${p}`], `${method} ${p}`).toBe(400);
  });

  it('signed in (admin token, dashboard session): unknown ids and empty bodies answer what is listed', async () => {
    const login = await fetch(`${echo.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const cookie = await sessionCookie(echo, 'probe.openapi@example.com');
    const { undeclared, answered } = await probe((op): Record<string, string> | null => {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (op.summary?.match(/^(End|Sign out)/)) return null; // would end the session the probe uses
      if (schemes.includes('adminToken')) return { authorization: `Bearer ${token}` };
      if (schemes.includes('dashboardSession')) return { cookie };
      return null;
    });
    expect(undeclared).toEqual([]);
    expect(answered['GET /api/studio/notes/{id}']).toBe(404);
    expect(answered['GET /api/campaigns/{id}']).toBe(404);
    expect(answered['POST /api/studio/notes']).toBe(400);
  });
});
