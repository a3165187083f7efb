import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxItemSchema } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import { operations } from '../../lib/operation.ts';
import { requireAdmin } from '../admin-auth/index.ts';
import { listOutbox } from './service.ts';

const operation = operations('Outbox', 'admin');

export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest: 401 comes before anything else.
    app.addHook('onRequest', requireAdmin(ctx));
    app.get(
      '/api/admin/outbox',
      {
        schema: { response: { 200: z.array(outboxItemSchema) } },
        config: operation('listOutboxMessages', 'Every e-mail and SMS sent or queued, newest first'),
      },
      () => listOutbox(ctx),
    );
  };
}
