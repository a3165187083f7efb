import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '#contract/api.ts';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from './repository.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        try {
          await pingDatabase(ctx.database.db);
          return { status: 'ok' as const, database: 'up' as const, role: ctx.config.role };
        } catch {
          return reply.code(503).send({
            status: 'degraded' as const,
            database: 'down' as const,
            role: ctx.config.role,
            message: 'Database unavailable',
          });
        }
      },
    );
  };
}
