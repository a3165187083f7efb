import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { WELCOME_STEPS } from '../../src/server/features/campaigns/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type EchoProcess, postJson, spawnEcho } from '../support/echo-process.ts';
import { createFakeYtDlp, ytDlpFixture } from '../support/fake-yt-dlp.ts';
import { codeIn, SmtpSink } from '../support/smtp-sink.ts';

const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';
const SHORTS = 'https://www.youtube.com/shorts/abc123DEF45';
const ADMIN_PASSWORD = 'multi-process-admin-pass';

let database: TestDatabase;
let smtp: SmtpSink;
let ytdlp: Awaited<ReturnType<typeof createFakeYtDlp>>;
const processes: EchoProcess[] = [];
let webA: EchoProcess;
let webB: EchoProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await new SmtpSink().start();
  ytdlp = await createFakeYtDlp({
    [TIKTOK]: ytDlpFixture('tiktok-2025.json'),
    [SHORTS]: ytDlpFixture('youtube-shorts-2025.json'),
  });
  const shared = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    YTDLP_PATH: ytdlp.bin,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    SIGNUP_RATE_LIMIT: '1000',
    DB_POOL_SIZE: '4',
  };
  // The worker logs its start at info level: that is how spawnEcho knows it is ready.
  const [a, b, worker] = await Promise.all([
    freePort().then((port) => spawnEcho({ ...shared, ROLE: 'web' }, port)),
    freePort().then((port) => spawnEcho({ ...shared, ROLE: 'web' }, port)),
    spawnEcho({ ...shared, ROLE: 'worker', LOG_LEVEL: 'info' }),
  ]);
  webA = a;
  webB = b;
  processes.push(a, b, worker);
}, 180_000);

afterAll(async () => {
  for (const p of processes) expect(await p.stop()).toBe(0);
  await smtp?.stop();
  await database?.drop();
});

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('two web processes and one worker on one PostgreSQL', () => {
  it('counts signups from both web processes exactly and sends each Welcome Series e-mail once', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `multi-${i}@example.com`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        postJson(`${(i % 2 ? webA : webB).url}/api/waitlist`, { name: `Multi ${i}`, email, role: 'Creator' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    // The same address again, on the other process: recognised, not doubled.
    const again = await postJson(`${webB.url}/api/waitlist`, {
      name: 'Again',
      email: 'MULTI-1@example.com',
      role: 'Creator',
    });
    expect(await again.json()).toEqual({ success: true, alreadyExists: true });
    for (const web of [webA, webB])
      expect(await (await fetch(`${web.url}/api/waitlist/count`)).json()).toEqual({ count: 20 });

    const welcome = WELCOME_STEPS[0]!.subject;
    await smtp.waitFor(
      (mails) => emails.every((e) => mails.some((m) => m.to.includes(e) && m.subject === welcome)),
      45_000,
    );
    // Give a duplicate delivery (two workers claiming the same step) time to show up.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of emails) {
      // The repeated address also gets its one "already on the waitlist" reminder.
      const expected =
        email === 'multi-1@example.com' ? [welcome, "You're already on the Echo waitlist"] : [welcome];
      expect(
        smtp
          .to(email)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(expected.sort());
    }
    // One enrolment per contact and one queued first-step delivery each (the database agrees).
    const [first] = await query<{ enrolments: string; queued: string }>(
      `select (select count(*) from campaign_enrolments) as enrolments,
              (select count(*) from campaign_deliveries where sequence_number = 1 and status = 'queued') as queued`,
    );
    expect(first).toEqual({ enrolments: String(emails.length), queued: String(emails.length) });
  }, 90_000);

  it('keeps a dashboard session made on one web process valid on the other', async () => {
    const email = 'dash-multi@example.com';
    const requested = await postJson(`${webA.url}/api/content-results/request-access`, { email });
    expect(requested.status).toBe(200);
    const mails = await smtp.waitFor(
      (all) => all.some((m) => m.to.includes(email) && /dashboard code/.test(m.subject)),
      30_000,
    );
    const code = codeIn(mails.find((m) => m.to.includes(email) && /dashboard code/.test(m.subject))!);
    const verified = await postJson(`${webA.url}/api/content-results/verify-access`, { email, code });
    expect(verified.status).toBe(200);
    const cookie = String(verified.headers.get('set-cookie')).split(';')[0]!;
    const session = await fetch(`${webB.url}/api/content-results/session`, { headers: { cookie } });
    expect(await session.json()).toEqual({ email });
    const signedOut = await postJson(`${webB.url}/api/content-results/sign-out`, {}, { cookie });
    expect(signedOut.status).toBe(200);
    expect(
      await (await fetch(`${webA.url}/api/content-results/session`, { headers: { cookie } })).json(),
    ).toEqual({
      email: null,
    });
  }, 60_000);

  it('runs each trend analysis once, whichever web process took it', async () => {
    const created = await Promise.all([
      postJson(`${webA.url}/api/trends`, { source: TIKTOK }),
      postJson(`${webB.url}/api/trends`, { source: SHORTS }),
    ]);
    expect(created.map((r) => r.status)).toEqual([201, 201]);
    const ids = (await Promise.all(created.map((r) => r.json()))).map((t: { id: string }) => t.id);
    const cookies = created.map((r) => String(r.headers.get('set-cookie')).split(';')[0]!);
    // Each analysis is asked for on the other process, twice at once: one job each all the same.
    const asked = await Promise.all([
      postJson(`${webB.url}/api/trends/${ids[0]}/process`, {}, { cookie: cookies[0]! }),
      postJson(`${webA.url}/api/trends/${ids[0]}/process`, {}, { cookie: cookies[0]! }),
      postJson(`${webA.url}/api/trends/${ids[1]}/process`, {}, { cookie: cookies[1]! }),
      postJson(`${webB.url}/api/trends/${ids[1]}/process`, {}, { cookie: cookies[1]! }),
    ]);
    expect(asked.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const deadline = Date.now() + 45_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      const rows = await query<{ status: string }>('select status from trends where id = any($1::uuid[])', [
        ids,
      ]);
      statuses = rows.map((r) => r.status);
      if (statuses.length === 2 && statuses.every((s) => s === 'processed' || s === 'failed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses, processes[2]!.output()).toEqual(['processed', 'processed']);
    await new Promise((r) => setTimeout(r, 1000));
    const calls = readFileSync(path.join(ytdlp.dir, 'calls.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as string[]).at(-1));
    expect(calls.filter((u) => u === TIKTOK)).toHaveLength(1);
    expect(calls.filter((u) => u === SHORTS)).toHaveLength(1);
  }, 90_000);

  it('holds the admin sign-in limit across processes: 5 failures in all, then 429 on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await postJson(`${(i % 2 ? webA : webB).url}/api/admin/login`, { password: `wrong-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
