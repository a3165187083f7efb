import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { type EchoProcess, postJson, spawnEcho } from '../support/echo-process.ts';
import { freeStablePort } from '../support/local-http.ts';

let dataDir: string | undefined;
let database: EmbeddedDatabase | undefined;
let echo: EchoProcess | undefined;

afterAll(async () => {
  await echo?.kill();
  await database?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One request with its status, JSON body and how long the answer took. */
async function timed(send: () => Promise<Response>) {
  const start = Date.now();
  try {
    const res = await send();
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return { status: res.status, body, ms: Date.now() - start };
  } catch (error) {
    return { status: 0, body: { message: String(error) }, ms: Date.now() - start };
  }
}

describe('the database goes away under load', () => {
  it('answers 503 with a JSON message within 2 s while it is down, and recovers by itself', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-fault-db-'));
    const pgPort = await freeStablePort();
    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    echo = await spawnEcho(
      {
        ROLE: 'all',
        DATABASE_URL: database.url,
        ADMIN_PASSWORD: 'fault-admin-pass',
        SIGNUP_RATE_LIMIT: '100000',
        LOG_LEVEL: 'error',
      },
      await freePort(),
    );
    const url = echo.url;
    let n = 0;
    const signup = () =>
      timed(() =>
        postJson(`${url}/api/waitlist`, {
          name: 'Outage',
          email: `outage-${n++}@example.com`,
          role: 'Creator',
        }),
      );
    const count = () => timed(() => fetch(`${url}/api/waitlist/count`));

    // Load before the outage: all fine.
    const before = await Promise.all([...Array.from({ length: 10 }, signup), count()]);
    expect(before.map((r) => r.status)).toEqual([...Array(10).fill(201), 200]);

    // Load continues while PostgreSQL stops (fast shutdown: sessions are terminated).
    const during = Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? signup() : count())));
    await database.stop();
    const inFlight = await during;
    for (const r of inFlight) {
      expect([200, 201, 503], echo.output()).toContain(r.status);
      if (r.status === 503)
        expect(r.body).toEqual({
          code: 'unavailable',
          message: 'Service temporarily unavailable. Please try again shortly.',
        });
    }

    // While it is down: every request answers 503 with a message, fast.
    const down = await Promise.all([
      ...Array.from({ length: 10 }, signup),
      ...Array.from({ length: 10 }, count),
    ]);
    for (const r of down) {
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        code: 'unavailable',
        message: 'Service temporarily unavailable. Please try again shortly.',
      });
      expect(r.ms).toBeLessThan(2000);
    }
    expect(echo.process.exitCode).toBeNull();

    // PostgreSQL comes back on the same port: Echo recovers without a restart.
    database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    const deadline = Date.now() + 30_000;
    let last = await count();
    while (last.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      last = await count();
    }
    expect(last.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 5 }, signup));
    expect(after.map((r) => r.status)).toEqual(Array(5).fill(201));
    const final = await count();
    expect(final.status).toBe(200);
    // The 10 before, the 5 after, and whichever in-flight signups were answered 201.
    const acknowledgedInFlight = inFlight.filter((r) => r.status === 201).length;
    expect((final.body as { count: number }).count).toBeGreaterThanOrEqual(15 + acknowledgedInFlight);
    expect(await echo.stop()).toBe(0);
  }, 150_000);
});
