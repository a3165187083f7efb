/**
 * Baseline for bench/content-results.ts: the two measured endpoints on bare `node:http` + `pg`,
 * with the same SQL as Echo (src/server/lib/sessions.ts findSession, the content-results
 * repository list query, the webhook's delivery insert and conditional update) and the
 * same HMAC check, but no framework, validation library or ORM. (Echo's list query also left-joins
 * each result's trend, which the baseline leaves out: the seeded results are transcriptions.)
 *
 * Environment: DATABASE_URL, PORT, HOST, WEBHOOK_SECRET, DB_POOL_SIZE (default 10).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { summarizeExtractive } from '../src/server/features/content-results/index.ts';
import { verifyWebhook } from '../src/server/features/webhook/index.ts';

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.WEBHOOK_SECRET;
if (!databaseUrl || !secret) throw new Error('DATABASE_URL and WEBHOOK_SECRET are required');
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
  application_name: 'echo-bench-raw',
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 15_000,
});
pool.on('error', () => {});

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};
const cookie = (header: string | undefined) => /(?:^|;\s*)echo_dashboard=([^;]*)/.exec(header ?? '')?.[1];

async function access(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const email = String((JSON.parse(body) as { email?: string }).email ?? '')
    .trim()
    .toLowerCase();
  const token = cookie(req.headers.cookie);
  const session = token
    ? await pool.query<{ subject: string }>(
        `select subject from user_sessions where token_hash = $1 and kind = 'dashboard' and expires_at > now()`,
        [createHash('sha256').update(token).digest('hex')],
      )
    : { rows: [] };
  if (session.rows[0]?.subject !== email)
    return send(res, 401, { message: 'Please verify your email to view this dashboard' });
  const rows = await pool.query(
    `select id, product_type, status, source_url, source_platform, user_email, result_data, created_at, updated_at
     from content_results where user_email = $1 order by created_at desc, id desc`,
    [email],
  );
  send(res, 200, {
    results: rows.rows.map((r) => ({
      id: r.id,
      product_type: r.product_type,
      status: r.status,
      source_url: r.source_url,
      source_platform: r.source_platform,
      user_email: r.user_email,
      created_at: (r.created_at as Date).toISOString(),
      result_data: r.result_data,
    })),
  });
}

async function webhook(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const check = verifyWebhook(secret!, req.headers, body);
  if (!check.ok) return send(res, 401, { message: 'Invalid webhook signature' });
  const data = JSON.parse(body) as { transcript: string; contentResultId: string; videoUrl?: string };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const fresh = await client.query(
      'insert into webhook_deliveries (id) values ($1) on conflict (id) do nothing returning id',
      [check.id],
    );
    if (fresh.rows.length === 0) {
      await client.query('commit');
      return send(res, 200, { message: 'Already processed' });
    }
    const patch = JSON.stringify({
      transcription: data.transcript,
      summary: summarizeExtractive(data.transcript),
      method: 'webhook',
    });
    const updated = await client.query(
      `update content_results set status = 'completed',
         result_data = (result_data - 'error') || $2::jsonb || jsonb_build_object('videoUrl', coalesce($3::text, source_url)),
         updated_at = now()
       where id = $1 and product_type = 'transcription' and status in ('pending', 'processing') returning id`,
      [data.contentResultId, patch, data.videoUrl ?? null],
    );
    if (updated.rows.length === 0) {
      await client.query('rollback');
      return send(res, 409, { message: 'This content result is already completed or failed' });
    }
    await client.query('commit');
    send(res, 200, { message: 'Transcription saved' });
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const route =
      req.method === 'POST' && req.url === '/api/content-results/access'
        ? access
        : req.method === 'POST' && req.url === '/api/webhook/transcription-complete'
          ? webhook
          : req.url === '/api/health'
            ? async () => send(res, 200, { status: 'ok' })
            : async () => send(res, 404, { message: 'Not found' });
    route(req, res, body).catch(() => send(res, 500, { message: 'Internal server error' }));
  });
});
server.listen(Number(process.env.PORT ?? 5002), process.env.HOST ?? '127.0.0.1');
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
