import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxItemSchema } from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../admin-auth/index.ts';
import { listOutbox } from './service.ts';

export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest: 401 comes before anything else.
    app.addHook('onRequest', requireAdmin(ctx));
    app.get('/api/admin/outbox', { schema: { response: { 200: z.array(outboxItemSchema) } } }, () =>
      listOutbox(ctx),
    );
  };
}
