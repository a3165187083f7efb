/**
 * Baseline for bench/http.ts: the waitlist API on bare `node:http` + `pg`, with the same SQL as
 * Echo per route (see src/server/features/waitlist/{routes,service,repository}.ts,
 * src/server/lib/rate-limit.ts and src/server/features/outbox/index.ts) but no framework, schema
 * validation library or ORM on the request path. The job insert is pg-boss's own statement: it is
 * captured once at start-up from a real `send` and then run directly with `pg` in the transaction.
 * A new signup is enrolled in the Welcome Series with Echo's own statement (one CTE plus the job
 * insert), as the welcome e-mail is that campaign's first step. Its answers carry Echo's security
 * headers (the same bytes as Echo's answers).
 *
 * Environment: DATABASE_URL, PORT, HOST, SIGNUP_RATE_LIMIT, DB_POOL_SIZE (default 10).
 */
import http from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
// Echo's own templates, so the outbox rows have the same size as Echo's.
import type { Config } from '../src/server/config.ts';
import { enrolWaitlistSignup } from '../src/server/features/campaigns/index.ts';
import { sendOutboxJob } from '../src/server/features/outbox/index.ts';
import { reminderEmail } from '../src/server/features/waitlist/index.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { echoSecurityHeaders } from '../src/server/lib/security-headers.ts';
import type { MailMessage } from '../src/server/providers/mail/mailer.ts';
import { ALL_JOBS } from '../src/server/worker.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 5001);
const host = process.env.HOST ?? '127.0.0.1';
const signupLimit = Number(process.env.SIGNUP_RATE_LIMIT ?? 10);
const publicUrl = `http://localhost:${port}`;
const ROLES = new Set(['Creator', 'Founder', 'Service Provider', 'Other']);
const BODY_LIMIT_BYTES = 100 * 1024;
const REMINDER_INTERVAL_MINUTES = 60;

// Same pool settings as createDatabase() in src/server/db/client.ts.
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
  application_name: 'echo-bench-raw',
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 15_000,
});
pool.on('error', () => {});

const RATE_LIMIT_SQL = `
  insert into rate_limits (key, count, reset_at)
  values ($1, 1, now() + make_interval(secs => $2))
  on conflict (key) do update set
    count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
    reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
  returning count, extract(epoch from (reset_at - now()))::float8 as retry_after`;

const INSERT_SIGNUP_SQL = `
  insert into waitlist_signups (name, email, role, struggle)
  values ($1, $2, $3, $4)
  on conflict (email) do nothing
  returning id`;

const CLAIM_REMINDER_SQL = `
  update waitlist_signups set last_reminder_at = now()
  where email = $1
    and (last_reminder_at is null or last_reminder_at < now() - make_interval(mins => $2))
  returning name`;

const INSERT_OUTBOX_SQL = `
  insert into outbox (channel, recipient, subject, text_body, html_body, kind)
  values ($1, $2, $3, $4, $5, $6)
  returning id`;

/** pg-boss's insert for one `outbox.send` job and its payload, captured from a real send. */
async function captureJobInsert(): Promise<{ sql: string; job: Record<string, unknown> }> {
  const queue = new JobQueue(ALL_JOBS, { connectionString: databaseUrl!, work: false });
  await queue.start();
  let captured: { sql: string; job: Record<string, unknown> } | undefined;
  await queue.enqueue(
    {
      db: undefined as never,
      async executeSql(text, values) {
        captured = {
          sql: typeof text === 'string' ? text : text.text,
          job: (JSON.parse(String(values?.[0])) as Record<string, unknown>[])[0]!,
        };
        return { rows: [{ id: '00000000-0000-0000-0000-000000000000' }] };
      },
    },
    sendOutboxJob,
    { outboxId: 1 },
  );
  await queue.stop();
  if (!captured) throw new Error('pg-boss did not issue an insert');
  return captured;
}
const JOB_INSERT = await captureJobInsert();
// A queue that only enqueues (no workers), for the Welcome Series enrolment's job insert.
const ENROL_QUEUE = new JobQueue(ALL_JOBS, { connectionString: databaseUrl, work: false });
await ENROL_QUEUE.start();
const ENROL_CONFIG = { campaigns: { defaultTimeZone: 'UTC' } } as Config;

// Echo's security headers (helmet's set, its CSP), which Echo sends on every answer: both servers
// answer the same bytes, so the load generator parses the same amount for each.
const SECURITY_HEADERS = await echoSecurityHeaders({ metaPixelId: undefined, publicUrl });

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

interface SignupInput {
  name: string;
  email: string;
  role: string;
  struggle: string | null;
}

function parseSignup(text: string): SignupInput | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { name, email, role, struggle } = body as Record<string, unknown>;
  if (typeof name !== 'string' || !name.trim() || typeof email !== 'string' || !email.includes('@'))
    return null;
  if (typeof role !== 'string' || !ROLES.has(role)) return null;
  const trimmedStruggle = typeof struggle === 'string' ? struggle.trim() : '';
  return { name: name.trim(), email: email.trim().toLowerCase(), role, struggle: trimmedStruggle || null };
}

async function queueEmail(client: pg.PoolClient, kind: string, message: MailMessage): Promise<void> {
  const outbox = await client.query<{ id: string }>(INSERT_OUTBOX_SQL, [
    'email',
    message.to,
    message.subject,
    message.text,
    message.html ?? null,
    kind,
  ]);
  await client.query(JOB_INSERT.sql, [
    JSON.stringify([{ ...JOB_INSERT.job, data: { outboxId: Number(outbox.rows[0]!.id) } }]),
  ]);
}

async function signup(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const input = parseSignup(await readBody(req));
  if (!input) return send(res, 400, { message: 'Invalid input' });

  const limit = await pool.query<{ count: number; retry_after: number }>(RATE_LIMIT_SQL, [
    `waitlist:${req.socket.remoteAddress}`,
    60,
  ]);
  if (limit.rows[0]!.count > signupLimit) return send(res, 429, { message: 'Too many requests' });

  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const inserted = await client.query<{ id: string }>(INSERT_SIGNUP_SQL, [
      input.name,
      input.email,
      input.role,
      input.struggle,
    ]);
    let alreadyExists = false;
    if (inserted.rows[0]) {
      await enrolWaitlistSignup(
        // Echo's own enrolment statement (one CTE) runs through drizzle's execute on this client.
        { db: drizzle(client), executeSql: (text, values) => client.query(text, values as unknown[]) },
        ENROL_QUEUE,
        ENROL_CONFIG,
        { id: Number(inserted.rows[0].id), name: input.name, email: input.email },
      );
    } else {
      alreadyExists = true;
      const claimed = await client.query<{ name: string }>(CLAIM_REMINDER_SQL, [
        input.email,
        REMINDER_INTERVAL_MINUTES,
      ]);
      if (claimed.rows[0]) {
        await queueEmail(
          client,
          'waitlist.reminder',
          reminderEmail({ name: claimed.rows[0].name, email: input.email }, publicUrl),
        );
      }
    }
    await client.query('commit');
    send(
      res,
      alreadyExists ? 200 : 201,
      alreadyExists ? { success: true, alreadyExists: true } : { success: true },
    );
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && pathname === '/api/waitlist/count') {
    // Named like Echo's (features/waitlist/repository.ts): parsed and planned once per connection.
    const result = await pool.query<{ count: number }>({
      name: 'waitlist_signups_count',
      text: 'select count(*)::int as count from waitlist_signups',
    });
    return send(res, 200, { count: result.rows[0]!.count });
  }
  if (req.method === 'POST' && pathname === '/api/waitlist') return signup(req, res);
  if (req.method === 'GET' && pathname === '/api/health') {
    await pool.query('select 1');
    return send(res, 200, { status: 'ok', database: 'up', role: 'raw' });
  }
  send(res, 404, { message: 'Not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    process.stderr.write(`raw-server error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!res.headersSent) send(res, 500, { message: 'Internal server error' });
    else res.destroy();
  });
});

server.listen(port, host, () => process.stdout.write(`raw baseline listening on http://${host}:${port}\n`));

function shutdown(): void {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
