import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { ALL_JOBS, registerJobHandlers } from '../../worker.ts';
import { enrolAudience, processDelivery, releaseHeldDeliveries } from './engine.service.ts';

let testDb: TestDatabase;
let database: Database;
let jobs: JobQueue;
const log = createLogger('silent');
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url);
  config = loadConfig({ DATABASE_URL: testDb.url, SEND_RATE_LIMIT: '100000', LOG_LEVEL: 'silent' });
  // Enqueues only: these tests run deliveries by hand with a fake clock.
  jobs = new JobQueue(ALL_JOBS, { connectionString: testDb.url, work: false });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await testDb?.drop();
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await database.pool.query(text, values)).rows as T[];
const deps = () => ({ database, jobs, config, log });
const DAY = 86_400_000;

async function campaignWith(
  name: string,
  steps: { seq: number; delay: number; type: 'email' | 'sms'; text: string; subject?: string }[],
  status = 'active',
) {
  const [c] = await q<{ id: number }>(`insert into campaigns (name, status) values ($1, $2) returning id`, [
    name,
    status,
  ]);
  for (const s of steps)
    await q(
      `insert into campaign_steps (campaign_id, sequence_number, delay_days, message_type, subject, text_content) values ($1, $2, $3, $4, $5, $6)`,
      [c!.id, s.seq, s.delay, s.type, s.subject ?? (s.type === 'email' ? `Step ${s.seq}` : null), s.text],
    );
  return Number(c!.id);
}
async function contact(
  email: string,
  extra: { phone?: string; sms?: boolean; zone?: string; name?: string } = {},
) {
  const [k] = await q<{ id: number }>(
    `insert into contacts (name, email, phone, sms_subscribed, time_zone, source) values ($1, $2, $3, $4, $5, 'import') returning id`,
    [extra.name ?? email.split('@')[0], email, extra.phone ?? null, extra.sms ?? false, extra.zone ?? 'UTC'],
  );
  return Number(k!.id);
}
const enrol = (campaignId: number, now: Date) =>
  database.transaction((tx) => enrolAudience(tx, jobs, campaignId, now));
const deliveriesOf = (campaignId: number, email: string) =>
  q<{
    id: string;
    sequence_number: number;
    status: string;
    reason: string | null;
    due_at: Date;
    outbox_id: string | null;
  }>(
    `select d.id, d.sequence_number, d.status, d.reason, d.due_at, d.outbox_id from campaign_deliveries d
     join campaign_enrolments e on e.id = d.enrolment_id join contacts k on k.id = e.contact_id
     where e.campaign_id = $1 and k.email = $2 order by d.sequence_number`,
    [campaignId, email],
  );
const outboxFor = (recipient: string) =>
  q<{ channel: string; subject: string | null; text_body: string; kind: string }>(
    'select channel, subject, text_body, kind from outbox where recipient = $1 order by id',
    [recipient],
  );

describe('sending engine (fake clock)', () => {
  it('schedules each step delay_days after the previous one, SMS outside quiet hours', async () => {
    const id = await campaignWith('Delays', [
      { seq: 1, delay: 0, type: 'email', text: 'Hi {{name}}, one' },
      { seq: 2, delay: 2, type: 'email', text: 'Two' },
      { seq: 3, delay: 1, type: 'sms', text: 'Three for {{name}}' },
    ]);
    await contact('clock@example.com', {
      phone: '+14155550123',
      sms: true,
      zone: 'America/New_York',
      name: 'Clo',
    });
    const t0 = new Date('2026-06-01T14:00:00Z'); // 10:00 in New York
    expect(await enrol(id, t0)).toBe(1);
    const [d1] = await deliveriesOf(id, 'clock@example.com');
    expect(new Date(d1!.due_at)).toEqual(t0);
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('queued');
    expect(await outboxFor('clock@example.com')).toEqual([
      expect.objectContaining({
        channel: 'email',
        subject: 'Step 1',
        text_body: expect.stringContaining('Hi Clo, one'),
      }),
    ]);

    const [, d2] = await deliveriesOf(id, 'clock@example.com');
    expect(new Date(d2!.due_at)).toEqual(new Date(t0.getTime() + 2 * DAY));
    expect(await processDelivery(deps(), Number(d2!.id), new Date(t0.getTime() + DAY))).toBe('not-due');
    expect(await outboxFor('clock@example.com')).toHaveLength(1);
    const t2 = new Date(t0.getTime() + 2 * DAY + 3600_000);
    expect(await processDelivery(deps(), Number(d2!.id), t2)).toBe('queued');
    expect(await outboxFor('clock@example.com')).toHaveLength(2);

    // Step 3 counts from step 2's send; at 23:30 New York time it waits for 08:00 there.
    const [, , d3] = await deliveriesOf(id, 'clock@example.com');
    expect(new Date(d3!.due_at)).toEqual(new Date(t2.getTime() + DAY));
    const late = new Date('2026-06-05T03:30:00Z'); // 23:30 EDT on June 4
    expect(await processDelivery(deps(), Number(d3!.id), late)).toBe('deferred');
    const [, , deferred] = await deliveriesOf(id, 'clock@example.com');
    expect(new Date(deferred!.due_at)).toEqual(new Date('2026-06-05T12:00:00Z'));
    expect(await processDelivery(deps(), Number(d3!.id), new Date('2026-06-05T12:00:00Z'))).toBe('queued');
    expect(await outboxFor('+14155550123')).toEqual([
      expect.objectContaining({ channel: 'sms', subject: null, text_body: 'Three for Clo' }),
    ]);
    // Running any of them again sends nothing more.
    for (const d of await deliveriesOf(id, 'clock@example.com'))
      expect(await processDelivery(deps(), Number(d.id), new Date('2026-07-01T12:00:00Z'))).toBe('ignored');
    expect(await outboxFor('clock@example.com')).toHaveLength(2);
  });

  it('gives unsubscribed or STOPped contacts nothing more (and skips with the reason)', async () => {
    const id = await campaignWith('Unsub', [
      { seq: 1, delay: 0, type: 'email', text: 'One' },
      { seq: 2, delay: 1, type: 'sms', text: 'Two' },
      { seq: 3, delay: 1, type: 'email', text: 'Three' },
    ]);
    await contact('gone@example.com', { phone: '+14155550124', sms: true });
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    const [d1] = await deliveriesOf(id, 'gone@example.com');
    await processDelivery(deps(), Number(d1!.id), t0);
    await q(
      `update contacts set sms_subscribed = false, email_subscribed = false where email = 'gone@example.com'`,
    );
    const [, d2] = await deliveriesOf(id, 'gone@example.com');
    expect(await processDelivery(deps(), Number(d2!.id), new Date(t0.getTime() + DAY))).toBe('skipped');
    const [, , d3] = await deliveriesOf(id, 'gone@example.com');
    expect(await processDelivery(deps(), Number(d3!.id), new Date(t0.getTime() + 2 * DAY))).toBe('skipped');
    expect((await deliveriesOf(id, 'gone@example.com')).map((d) => [d.status, d.reason])).toEqual([
      ['queued', null],
      ['skipped', 'No SMS consent (or STOP received)'],
      ['skipped', 'Unsubscribed from e-mail'],
    ]);
    expect(await outboxFor('gone@example.com')).toHaveLength(1);
    expect(await outboxFor('+14155550124')).toHaveLength(0);
  });

  it('holds deliveries of a paused campaign and releases them when it is active again', async () => {
    const id = await campaignWith('Pause', [{ seq: 1, delay: 0, type: 'email', text: 'Held' }]);
    await contact('held@example.com');
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    await q(`update campaigns set status = 'paused' where id = $1`, [id]);
    const [d1] = await deliveriesOf(id, 'held@example.com');
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('held');
    expect(await outboxFor('held@example.com')).toHaveLength(0);
    await q(`update campaigns set status = 'active' where id = $1`, [id]);
    expect(await database.transaction((tx) => releaseHeldDeliveries(tx, jobs, id, t0))).toBe(1);
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('queued');
    expect(await outboxFor('held@example.com')).toHaveLength(1);
  });

  it('skips a deleted step and moves on to the next one', async () => {
    const id = await campaignWith('Deleted step', [
      { seq: 1, delay: 0, type: 'email', text: 'Gone' },
      { seq: 2, delay: 0, type: 'email', text: 'Still here' },
    ]);
    await contact('del@example.com');
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    await q(`delete from campaign_steps where campaign_id = $1 and sequence_number = 1`, [id]);
    const [d1] = await deliveriesOf(id, 'del@example.com');
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('skipped');
    const [, d2] = await deliveriesOf(id, 'del@example.com');
    expect(await processDelivery(deps(), Number(d2!.id), t0)).toBe('queued');
    expect((await outboxFor('del@example.com')).map((o) => o.text_body.split('\n')[0])).toEqual([
      'Still here',
    ]);
  });
});

describe('exactly once', () => {
  it('sends each step once when two processes race on every delivery', async () => {
    const id = await campaignWith('Race', [{ seq: 1, delay: 0, type: 'email', text: 'Race' }]);
    for (let i = 0; i < 40; i++) await contact(`race-${i}@example.com`);
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    const ids = (
      await q<{ id: string }>(
        `select d.id from campaign_deliveries d join campaign_enrolments e on e.id = d.enrolment_id where e.campaign_id = $1`,
        [id],
      )
    ).map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThanOrEqual(40); // the race contacts and earlier tests' contacts
    const other = createDatabase(testDb.url); // a second process's pool
    try {
      const outcomes = await Promise.all(
        ids.flatMap((d) => [
          processDelivery(deps(), d, t0),
          processDelivery({ ...deps(), database: other }, d, t0),
          processDelivery({ ...deps(), database: other }, d, t0),
        ]),
      );
      expect(outcomes.filter((o) => o === 'queued')).toHaveLength(ids.length);
      expect(outcomes.filter((o) => o !== 'queued').every((o) => o === 'ignored')).toBe(true);
    } finally {
      await other.close();
    }
    const [{ n, distinct }] = await q<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct recipient)::int as distinct from outbox where recipient like 'race-%'`,
    );
    expect({ n, distinct }).toEqual({ n: 40, distinct: 40 });
  });

  it('applies the sending rate limit to campaign messages only, never to a welcome e-mail', async () => {
    const id = await campaignWith('Rate', [{ seq: 1, delay: 0, type: 'email', text: 'Rate' }]);
    for (const n of [1, 2, 3]) await contact(`rate-${n}@example.com`);
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    const d = await Promise.all(
      [1, 2, 3].map(async (n) => (await deliveriesOf(id, `rate-${n}@example.com`))[0]!),
    );
    const limited = {
      ...deps(),
      config: { ...config, campaigns: { ...config.campaigns, sendRatePerSecond: 1 } },
    };
    await database.pool.query(`delete from rate_limits where key like 'campaign-send:%'`);
    expect(await processDelivery(limited, Number(d[0]!.id), t0)).toBe('queued');
    expect(await processDelivery(limited, Number(d[1]!.id), t0)).toBe('throttled');
    expect(await processDelivery(limited, Number(d[2]!.id), t0, { transactional: true })).toBe('queued');
    expect(await outboxFor('rate-2@example.com')).toHaveLength(0);
    expect(await outboxFor('rate-3@example.com')).toHaveLength(1);
  });

  it('campaign deliveries send a heartbeat while they run, like the other long jobs', async () => {
    const queue = await jobs.boss.getQueue('campaign.deliver');
    expect(queue?.heartbeatSeconds).toBeGreaterThan(0);
  });

  it('a worker that dies mid-delivery (before commit) leaves it for the retry, which sends it once', async () => {
    const id = await campaignWith('Crash', [{ seq: 1, delay: 0, type: 'email', text: 'Crash' }]);
    await contact('crash@example.com');
    const t0 = new Date('2026-06-01T10:00:00Z');
    await enrol(id, t0);
    const [d1] = await deliveriesOf(id, 'crash@example.com');
    // The process "dies" right after the claim and the outbox insert, before the commit.
    const dying = Object.create(jobs) as JobQueue;
    dying.enqueue = async () => {
      throw new Error('worker killed');
    };
    await expect(processDelivery({ ...deps(), jobs: dying }, Number(d1!.id), t0)).rejects.toThrow(
      'worker killed',
    );
    expect((await deliveriesOf(id, 'crash@example.com'))[0]!.status).toBe('scheduled');
    expect(await outboxFor('crash@example.com')).toHaveLength(0);
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('queued');
    expect(await processDelivery(deps(), Number(d1!.id), t0)).toBe('ignored');
    expect(await outboxFor('crash@example.com')).toHaveLength(1);
  });

  it('two real worker processes deliver 300 campaign e-mails, each exactly once', async () => {
    const id = await campaignWith('Two workers', [
      { seq: 1, delay: 0, type: 'email', text: 'Hello {{name}}' },
    ]);
    await q(
      `insert into contacts (name, email, time_zone, source)
       select 'W' || g, 'worker-' || g || '@example.com', 'UTC', 'import' from generate_series(1, 300) g`,
    );
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        await new Promise((r) => setTimeout(r, 2));
        sent.push(message);
        return { messageId: `<${sent.length}@fake>` };
      },
      close() {},
    };
    const workers = await Promise.all(
      [1, 2].map(async () => {
        const db = createDatabase(testDb.url);
        const queue = new JobQueue(ALL_JOBS, {
          connectionString: testDb.url,
          work: true,
          pollingIntervalSeconds: 0.5,
        });
        registerJobHandlers(queue, { database: db, mailer, sms: null, config, log });
        await queue.start();
        return { db, queue };
      }),
    );
    try {
      await enrol(id, new Date());
      await expect
        .poll(() => sent.filter((m) => m.to.startsWith('worker-')).length, { timeout: 60_000, interval: 200 })
        .toBe(300);
      await new Promise((r) => setTimeout(r, 1500));
      const recipients = sent.filter((m) => m.to.startsWith('worker-')).map((m) => m.to);
      expect(recipients).toHaveLength(300);
      expect(new Set(recipients).size).toBe(300);
      expect(sent.find((m) => m.to === 'worker-7@example.com')!.text).toContain('Hello W7');
    } finally {
      for (const w of workers) {
        await w.queue.stop();
        await w.db.close();
      }
    }
  }, 90_000);
});
