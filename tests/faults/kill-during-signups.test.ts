import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type EchoProcess, postJson, spawnEcho } from '../support/echo-process.ts';
import { freeStablePort } from '../support/local-http.ts';

let dataDir: string | undefined;
const started: EchoProcess[] = [];

afterAll(async () => {
  for (const p of started) await p.kill();
  // The last process was stopped gracefully by the test; a failed test may leave its PostgreSQL.
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a burst of signups', () => {
  it('keeps every acknowledged signup exactly once after a restart', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-fault-kill-'));
    const [port, pgPort] = await Promise.all([freeStablePort(), freeStablePort()]);
    const env = {
      ROLE: 'all',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_PASSWORD: 'fault-admin-pass',
      SIGNUP_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    };
    const victim = await spawnEcho(env, port);
    started.push(victim);

    const emails = Array.from({ length: 200 }, (_, i) => `burst-${i}@example.com`);
    const acknowledged: string[] = [];
    let sent = 0;
    // Eight clients send signups one after another until the process dies under them.
    const client = async () => {
      while (sent < emails.length) {
        const email = emails[sent++]!;
        try {
          const res = await postJson(`${victim.url}/api/waitlist`, { name: 'Burst', email, role: 'Creator' });
          if (res.status >= 200 && res.status < 300) acknowledged.push(email);
        } catch {
          return; // connection refused or reset: the process is gone
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    // Kill it mid-burst, once some signups have been answered.
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));
    await victim.kill();
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.length).toBeLessThan(emails.length);

    const revived = await spawnEcho(env, port);
    started.push(revived);
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'postgres-credentials.json'), 'utf8'));
    const db = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: credentials.user,
      password: credentials.password,
      database: 'echo',
    });
    await db.connect();
    try {
      const { rows } = await db.query<{ email: string; n: number }>(
        'select lower(email) as email, count(*)::int as n from waitlist_signups group by 1',
      );
      const stored = new Map(rows.map((r) => [r.email, r.n]));
      // None lost: every 2xx answer is there. None doubled: every address at most once.
      for (const email of acknowledged) expect(stored.get(email), email).toBe(1);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      // Nothing appears that was never sent.
      expect(rows.every((r) => emails.includes(r.email))).toBe(true);
      const { rows: unenrolled } = await db.query<{ n: number }>(
        `select count(*)::int as n from waitlist_signups s
         where not exists (select 1 from campaign_enrolments e join contacts c on c.id = e.contact_id
                           where lower(c.email) = lower(s.email))`,
      );
      // Each stored signup committed together with its Welcome Series enrolment.
      expect(unenrolled[0]!.n).toBe(0);
      expect(await (await fetch(`${revived.url}/api/waitlist/count`)).json()).toEqual({ count: rows.length });
    } finally {
      await db.end();
    }
    expect(await revived.stop()).toBe(0);
  }, 180_000);
});
