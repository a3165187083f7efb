import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  webhookDryRunResponseSchema,
  webhookTestResponseSchema,
} from '#contract/content-results.ts';
import type { AppContext } from '../../context.ts';
import { operations } from '../../lib/operation.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { completeTranscription, dryRunWebhook, WEBHOOK_PATH } from './service.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';

const operation = operations('Transcription webhook', 'public');

export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes sent: this scope keeps the JSON body as raw text.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    app.get(
      '/api/webhook/test',
      {
        schema: {
          description:
            'Answers the production webhook URL, the signature scheme and the accepted clock skew, so an external transcription service can be set up.',
          response: { 200: webhookTestResponseSchema },
        },
        config: operation('getWebhookSetup', 'Where to send transcripts, and how to sign them'),
      },
      async () => ({
        message: 'Webhook endpoint is reachable',
        webhookUrl: `${ctx.config.publicUrl}${WEBHOOK_PATH}`,
        signature:
          'Standard Webhooks: HMAC-SHA256 (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>)',
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      }),
    );

    app.post(
      '/api/webhook/test/dry-run',
      {
        schema: {
          description:
            'The server signs a sample delivery with its own secret and posts it to the webhook, then answers what the webhook said: a way to check the endpoint end to end without writing a client.',
          response: { 200: webhookDryRunResponseSchema },
        },
        config: operation('runWebhookDryRun', 'Send a signed test delivery to the webhook', {
          errors: ['rate_limited'],
        }),
      },
      async (request) => {
        await enforceRateLimit(ctx.database.db, `webhook-dry-run:${request.ip}`, 20, 60);
        return dryRunWebhook(ctx, async ({ headers, payload }) => {
          const res = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload });
          return { statusCode: res.statusCode, body: res.body };
        });
      },
    );

    app.post(
      WEBHOOK_PATH,
      {
        schema: {
          description: [
            'Called by an external transcription service when a transcript is ready.',
            '',
            'Body (JSON): `{ "videoUrl": "https://www.youtube.com/watch?v=...", "transcript": "Hello and welcome...", "contentResultId": "4f1c2d0e-7c1b-4b8e-9a53-1f2e3d4c5b6a" }`.',
            '',
            'Signed as Standard Webhooks: headers `webhook-id` (unique per delivery), `webhook-timestamp` (Unix seconds, within 5 minutes) and `webhook-signature: v1,<base64 HMAC-SHA256>` over `{webhook-id}.{webhook-timestamp}.{raw body}` with the secret (`WEBHOOK_SECRET`, `whsec_` + base64 key).',
            '',
            'Answers 200 `{ "message": "Transcription saved" }`; a replayed id answers 200 `Already processed`; a bad or stale signature 401 `signature_invalid`; an unknown result 404; a result already completed or failed 409.',
          ].join('\n'),
          response: { 200: messageResponseSchema },
        },
        config: operation(
          'completeTranscription',
          'Deliver a finished transcript (Standard Webhooks signature)',
          { errors: ['malformed_request', 'signature_invalid', 'not_found', 'conflict'] },
        ),
      },
      async (request) =>
        completeTranscription(ctx, request.headers, typeof request.body === 'string' ? request.body : ''),
    );
  };
}
