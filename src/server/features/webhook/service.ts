import { randomUUID } from 'node:crypto';
import { transcriptionCompleteSchema, type WebhookDryRunResponse } from '#contract/content-results.ts';
import { isUuid } from '#contract/ids.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordProvider } from '../../lib/provider-status.ts';
import { completeWithTranscript, summarizeExtractive, summarizeJob } from '../content-results/index.ts';
import { deleteDeliveriesBefore, recordDelivery } from './repository.ts';
import { webhookSecret } from './secret.service.ts';
import { verifyWebhook, webhookHeaders } from './signature.ts';

export const WEBHOOK_PATH = '/api/webhook/transcription-complete';

const SIGNATURE_MESSAGES = {
  missing_headers: 'Missing webhook signature headers (webhook-id, webhook-timestamp, webhook-signature)',
  stale_timestamp: 'Webhook timestamp is more than 5 minutes away from the server time',
  bad_signature: 'Invalid webhook signature',
} as const;

/**
 * A signed callback of an external transcription service. The delivery id is recorded in the same
 * transaction as the result, so a replay is ignored and a result is never completed twice.
 */
export async function completeTranscription(
  ctx: AppContext,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<{ message: string }> {
  const secret = await webhookSecret(ctx);
  const check = verifyWebhook(secret, headers, rawBody);
  recordProvider('webhook', check.ok, check.ok ? undefined : check.reason);
  if (!check.ok) throw new AppError('signature_invalid', SIGNATURE_MESSAGES[check.reason]);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('Malformed JSON in request body', 'malformed_request');
  }
  const parsed = transcriptionCompleteSchema.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid input');
  const body = parsed.data;
  if (body.dryRun) return { message: 'Dry run: signature and payload are valid; nothing was changed' };

  return ctx.database.transaction(async (tx) => {
    if (!(await recordDelivery(tx, check.id))) return { message: 'Already processed' };
    const outcome = isUuid(body.contentResultId)
      ? await completeWithTranscript(tx, body.contentResultId, {
          transcription: body.transcript,
          videoUrl: body.videoUrl,
          summary: summarizeExtractive(body.transcript),
          method: 'webhook',
        })
      : 'not_found';
    if (outcome === 'not_found') throw notFound('Content result not found');
    if (outcome === 'already_settled') throw conflict('This content result is already completed or failed');
    if (ctx.config.llm.baseUrl) await ctx.jobs.enqueue(tx, summarizeJob, { resultId: body.contentResultId });
    // Ids older than a day can no longer pass the timestamp check: forget them now and then.
    if (Math.random() < 0.01) await pruneDeliveries(tx.db);
    return { message: 'Transcription saved' };
  });
}

/** Forgets delivery ids older than a day (their timestamps can no longer pass the check). */
export async function pruneDeliveries(db: DbOrTx): Promise<void> {
  await deleteDeliveriesBefore(db, new Date(Date.now() - 24 * 3600_000));
}

/**
 * 'Run Tests' on /webhook-test: sends the real endpoint a request signed with the server's secret
 * (a dry run that changes nothing) and one with a tampered body, and reports both answers.
 */
export async function dryRunWebhook(
  ctx: AppContext,
  inject: (request: { headers: Record<string, string>; payload: string }) => Promise<{
    statusCode: number;
    body: string;
  }>,
): Promise<WebhookDryRunResponse> {
  const secret = await webhookSecret(ctx);
  const body = JSON.stringify({
    videoUrl: 'https://www.youtube.com/watch?v=dry-run',
    transcript: 'Dry run from the webhook test page.',
    contentResultId: 'dry-run',
    dryRun: true,
  });
  const headers = {
    'content-type': 'application/json',
    ...webhookHeaders(secret, body, `msg_${randomUUID()}`),
  };
  const signed = await inject({ headers, payload: body });
  const tampered = await inject({ headers, payload: body.replace('Dry run', 'Forged run') });
  const messageOf = (text: string) => {
    try {
      return String((JSON.parse(text) as { message?: unknown }).message ?? text);
    } catch {
      return text;
    }
  };
  const checks = [
    {
      name: 'Signed request accepted',
      passed: signed.statusCode === 200,
      detail: `${signed.statusCode}: ${messageOf(signed.body)}`,
    },
    {
      name: 'Tampered request rejected',
      passed: tampered.statusCode === 401,
      detail: `${tampered.statusCode}: ${messageOf(tampered.body)}`,
    },
  ];
  const passed = checks.every((c) => c.passed);
  return { message: passed ? 'All webhook tests passed' : 'Some webhook tests failed', checks };
}
