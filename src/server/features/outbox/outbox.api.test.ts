import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import { FAKE_TWILIO, FakeTwilio } from '#tests/support/fake-twilio.ts';
import { SmtpSink } from '#tests/support/smtp-sink.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { createSmtpMailer, type Mailer, type MailMessage } from '../../providers/mail/mailer.ts';
import { createTwilioSender } from '../../providers/sms/twilio.ts';
import { mailCatcher } from '../../worker.ts';
import { createSendOutboxHandler, SEND_RETRIES } from './index.ts';
import { createSendOutboxBatchHandler } from './jobs.ts';

let testDb: TestDatabase;
let database: Database;
const log = createLogger('silent');

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

async function addRow(recipient: string): Promise<number> {
  const { rows } = await database.pool.query(
    `insert into outbox (recipient, subject, text_body, html_body, kind) values ($1, 'Hi', 'Hello', '<p>Hello</p>', 'test') returning id`,
    [recipient],
  );
  return Number(rows[0].id);
}
const row = async (id: number) =>
  (
    await database.pool.query(
      'select status, attempts, error, provider_message_id from outbox where id = $1',
      [id],
    )
  ).rows[0];

function fakeMailer(behaviour: 'ok' | 'fail') {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      if (behaviour === 'fail') throw new Error('554 mailbox unavailable');
      sent.push(message);
      return { messageId: `<${sent.length}@fake>` };
    },
    close() {},
  };
  return { mailer, sent };
}

describe('outbox delivery job: e-mail', () => {
  it('sends once and marks the row sent; running the job again sends nothing', async () => {
    const id = await addRow('once@example.com');
    const { mailer, sent } = fakeMailer('ok');
    const handle = createSendOutboxHandler({ database, mailer, sms: null, log });
    await handle({ outboxId: id }, { jobId: 'j1', retryCount: 0 });
    await handle({ outboxId: id }, { jobId: 'j1', retryCount: 1 });
    expect(sent).toEqual([
      {
        to: 'once@example.com',
        subject: 'Hi',
        text: 'Hello',
        html: '<p>Hello</p>',
        messageId: expect.stringMatching(new RegExp(`^<outbox\\.${id}\\.[0-9a-z]+@echo\\.local>$`)),
      },
    ]);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: null,
      provider_message_id: '<1@fake>',
    });
  });

  it('records a provider failure and rethrows so the queue retries; the last retry marks it failed', async () => {
    const id = await addRow('flaky@example.com');
    const handle = createSendOutboxHandler({ database, sms: null, mailer: fakeMailer('fail').mailer, log });
    await expect(handle({ outboxId: id }, { jobId: 'j2', retryCount: 0 })).rejects.toThrow('554');
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, error: '554 mailbox unavailable' });
    await handle({ outboxId: id }, { jobId: 'j2', retryCount: SEND_RETRIES });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, error: '554 mailbox unavailable' });
  });

  it('keeps one Message-ID across retries and records a time-out on the row', async () => {
    const id = await addRow('timeout@example.com');
    const ids: string[] = [];
    let first = true;
    const mailer: Mailer = {
      async send(message) {
        ids.push(message.messageId!);
        if (first) {
          first = false;
          throw Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' });
        }
        return { messageId: message.messageId! };
      },
      close() {},
    };
    const handle = createSendOutboxHandler({
      database,
      mailer,
      sms: null,
      log,
      messageIdDomain: 'echo.test',
    });
    await expect(handle({ outboxId: id }, { jobId: 't1', retryCount: 0 })).rejects.toThrow('Timeout');
    const [afterTimeout] = (
      await database.pool.query('select status, timed_out_at from outbox where id = $1', [id])
    ).rows;
    expect(afterTimeout).toMatchObject({ status: 'queued', timed_out_at: expect.any(Date) });
    await handle({ outboxId: id }, { jobId: 't1', retryCount: 1 });
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toMatch(/@echo\.test>$/);
    const [sentRow] = (
      await database.pool.query('select status, timed_out_at from outbox where id = $1', [id])
    ).rows;
    expect(sentRow).toMatchObject({ status: 'sent', timed_out_at: expect.any(Date) });
  });

  it('hands the Message-ID to SMTP as the header', async () => {
    const sink = await new SmtpSink().start();
    const smtp = createSmtpMailer(sink.url, 'Echo <hello@echo.test>');
    try {
      await smtp.send({
        to: 'mid@example.com',
        subject: 'Hi',
        text: 'Hi',
        messageId: '<outbox.7.abc@echo.test>',
      });
      expect(sink.messages[0]!.raw).toMatch(/^Message-ID: <outbox\.7\.abc@echo\.test>$/im);
    } finally {
      smtp.close();
      await sink.stop();
    }
  });

  it('never sends twice after a crash mid-send: a row left "sending" is marked failed, not resent', async () => {
    const id = await addRow('crash@example.com');
    await database.pool.query(`update outbox set status = 'sending', attempts = 1 where id = $1`, [id]);
    const { mailer, sent } = fakeMailer('ok');
    await createSendOutboxHandler({ database, mailer, sms: null, log })(
      { outboxId: id },
      { jobId: 'j3', retryCount: 1 },
    );
    expect(sent).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'failed' });
  });

  it('keeps the e-mail in the outbox when no SMTP server is configured, printed in full by the local mail catcher', async () => {
    const id = await addRow('nosmtp@example.com');
    const printed: string[] = [];
    await createSendOutboxHandler({
      database,
      mailer: null,
      sms: null,
      log,
      printStored: (t) => printed.push(t),
    })({ outboxId: id }, { jobId: 'j4', retryCount: 0 });
    expect(await row(id)).toMatchObject({ status: 'stored', attempts: 0 });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('nosmtp@example.com');
    expect(printed[0]).toContain('Subject: Hi');
    expect(printed[0]).toContain('Hello');
  });

  it('prints stored e-mails only outside production (and not when logs are silent)', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'postgres://x/y', ...env });
    expect(mailCatcher(config({}))).toBeTypeOf('function');
    expect(
      mailCatcher(
        config({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://echo.example.com',
          SMTP_URL: 'smtp://localhost:2525',
          ADMIN_PASSWORD: 'a long production password',
        }),
      ),
    ).toBeUndefined();
    expect(mailCatcher(config({ LOG_LEVEL: 'silent' }))).toBeUndefined();
  });
});

describe('bulk lane (campaign messages in batches)', () => {
  it('claims a batch once, sends each row once, retries only the failed rows and never resends a row left sending', async () => {
    const ok = await addRow('bulk-ok@example.com');
    const flaky = await addRow('bulk-flaky@example.com');
    const interrupted = await addRow('bulk-interrupted@example.com');
    await database.pool.query(`update outbox set status = 'sending', attempts = 1 where id = $1`, [
      interrupted,
    ]);
    const sent: string[] = [];
    let failFlaky = true;
    const bulkMailer: Mailer = {
      async send(message) {
        if (message.to === 'bulk-flaky@example.com' && failFlaky) throw new Error('451 try later');
        sent.push(message.to);
        return { messageId: `<${message.to}>` };
      },
      close() {},
    };
    const transactional = fakeMailer('fail');
    const handle = createSendOutboxBatchHandler({
      database,
      mailer: transactional.mailer,
      bulkMailer,
      sms: null,
      log,
    });
    const outboxIds = [ok, flaky, interrupted];
    await expect(handle({ outboxIds }, { jobId: 'b1', retryCount: 0 })).rejects.toThrow(
      '1 of 2 messages failed',
    );
    expect(sent).toEqual(['bulk-ok@example.com']);
    expect(await row(ok)).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_message_id: '<bulk-ok@example.com>',
    });
    expect(await row(flaky)).toMatchObject({ status: 'queued', attempts: 1, error: '451 try later' });
    expect(await row(interrupted)).toMatchObject({ status: 'failed' });
    failFlaky = false;
    await handle({ outboxIds }, { jobId: 'b1', retryCount: 1 });
    await handle({ outboxIds }, { jobId: 'b1', retryCount: 2 });
    expect(sent).toEqual(['bulk-ok@example.com', 'bulk-flaky@example.com']);
    expect(await row(flaky)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('marks the rows failed after the last retry', async () => {
    const id = await addRow('bulk-dead@example.com');
    const handle = createSendOutboxBatchHandler({
      database,
      mailer: fakeMailer('fail').mailer,
      sms: null,
      log,
    });
    await handle({ outboxIds: [id] }, { jobId: 'b2', retryCount: SEND_RETRIES });
    expect(await row(id)).toMatchObject({ status: 'failed', error: '554 mailbox unavailable' });
  });
});

describe('SMS delivery through the same job', () => {
  async function addSms(to: string): Promise<number> {
    const { rows } = await database.pool.query(
      `insert into outbox (channel, recipient, text_body, kind) values ('sms', $1, 'Hi there', 'test') returning id`,
      [to],
    );
    return Number(rows[0].id);
  }

  it('keeps an SMS in the outbox as stored when Twilio is not configured', async () => {
    const id = await addSms('+14155550140');
    await createSendOutboxHandler({ database, mailer: fakeMailer('ok').mailer, sms: null, log })(
      { outboxId: id },
      { jobId: 's1', retryCount: 0 },
    );
    expect(await row(id)).toMatchObject({ status: 'stored', attempts: 0 });
  });

  it('sends through Twilio once; a Twilio error is retried with its reason and stops as failed after the last retry', async () => {
    const twilio = await new FakeTwilio().start();
    try {
      const sender = createTwilioSender({ ...FAKE_TWILIO, baseUrl: twilio.url })!;
      const handle = createSendOutboxHandler({ database, mailer: null, sms: sender, log });
      const ok = await addSms('+14155550141');
      await handle({ outboxId: ok }, { jobId: 's2', retryCount: 0 });
      await handle({ outboxId: ok }, { jobId: 's2', retryCount: 1 });
      expect(twilio.messages).toEqual([{ To: '+14155550141', From: FAKE_TWILIO.from, Body: 'Hi there' }]);
      expect(await row(ok)).toMatchObject({
        status: 'sent',
        attempts: 1,
        provider_message_id: expect.stringMatching(/^SM/),
      });

      twilio.failWith = 503;
      const flaky = await addSms('+14155550142');
      await expect(handle({ outboxId: flaky }, { jobId: 's3', retryCount: 0 })).rejects.toThrow('Twilio 503');
      expect(await row(flaky)).toMatchObject({
        status: 'queued',
        attempts: 1,
        error: 'Twilio 503: Queue overflow',
      });
      await handle({ outboxId: flaky }, { jobId: 's3', retryCount: SEND_RETRIES });
      expect(await row(flaky)).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: 'Twilio 503: Queue overflow',
      });

      // Wrong credentials are an error too (the fake checks Basic auth as Twilio does).
      twilio.failWith = null;
      const wrong = createTwilioSender({ ...FAKE_TWILIO, authToken: 'nope', baseUrl: twilio.url })!;
      await expect(wrong.send({ to: '+14155550143', body: 'x' })).rejects.toThrow('Twilio 401: Authenticate');
    } finally {
      await twilio.stop();
    }
  });
});
