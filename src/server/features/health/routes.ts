import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capabilitiesSchema, systemHealthSchema } from '#contract/system.ts';
import type { AppContext } from '../../context.ts';
import { operations } from '../../lib/operation.ts';
import { bearerToken, isAdminToken } from '../admin-auth/index.ts';
import { pingDatabase } from './repository.ts';
import { capabilities, systemStatus } from './service.ts';

const operation = operations('Health', 'optional-admin');

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: status only (load balancers poll it). With an admin token: tools, providers, checklist.
    app.get(
      '/api/health',
      {
        schema: {
          response: { 200: systemHealthSchema, 503: systemHealthSchema },
        },
        config: operation(
          'getHealth',
          'Service status; with an admin token also tools, providers and the checklist',
        ),
      },
      async (request, reply) => {
        try {
          await pingDatabase(ctx.database.db);
        } catch {
          return reply.code(503).send({
            status: 'degraded' as const,
            database: 'down' as const,
            role: ctx.config.role,
            message: 'Database unavailable',
          });
        }
        const health = { status: 'ok' as const, database: 'up' as const, role: ctx.config.role };
        const token = bearerToken(request);
        if (!token || token.length > 200 || !(await isAdminToken(ctx, token))) return health;
        return { ...health, ...(await systemStatus(ctx)) };
      },
    );

    // Public and cheap: what the transcription forms say up front.
    app.get(
      '/api/capabilities',
      {
        schema: {
          response: { 200: capabilitiesSchema },
        },
        config: operation('getCapabilities', 'What the transcription forms can do on this server', {
          access: 'public',
        }),
      },
      async () => capabilities(ctx.config),
    );
  };
}
