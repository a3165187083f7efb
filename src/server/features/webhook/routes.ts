import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  webhookDryRunResponseSchema,
  webhookTestResponseSchema,
} from '#contract/content-results.ts';
import type { AppContext } from '../../context.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { completeTranscription, dryRunWebhook, WEBHOOK_PATH } from './service.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';

export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes sent: this scope keeps the JSON body as raw text.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    app.get('/api/webhook/test', { schema: { response: { 200: webhookTestResponseSchema } } }, async () => ({
      message: 'Webhook endpoint is reachable',
      webhookUrl: `${ctx.config.publicUrl}${WEBHOOK_PATH}`,
      signature:
        'Standard Webhooks: HMAC-SHA256 (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>)',
      toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
    }));

    app.post(
      '/api/webhook/test/dry-run',
      { schema: { response: { 200: webhookDryRunResponseSchema } } },
      async (request) => {
        await enforceRateLimit(ctx.database.db, `webhook-dry-run:${request.ip}`, 20, 60);
        return dryRunWebhook(ctx, async ({ headers, payload }) => {
          const res = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload });
          return { statusCode: res.statusCode, body: res.body };
        });
      },
    );

    app.post(WEBHOOK_PATH, { schema: { response: { 200: messageResponseSchema } } }, async (request) =>
      completeTranscription(ctx, request.headers, typeof request.body === 'string' ? request.body : ''),
    );
  };
}
