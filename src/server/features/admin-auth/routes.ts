import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginResponseSchema, adminLoginSchema } from '#contract/admin.ts';
import type { AppContext } from '../../context.ts';
import { adminOnly, bearerToken } from './guard.ts';
import { loginAdmin, logoutAdmin } from './service.ts';

export function adminAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/login',
      { schema: { body: adminLoginSchema, response: { 200: adminLoginResponseSchema } } },
      async (request) => loginAdmin(ctx, request.body.password, request.ip),
    );

    app.get(
      '/api/admin/session',
      { ...adminOnly(ctx), schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
      async () => ({ ok: true as const }),
    );

    app.post(
      '/api/admin/logout',
      { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (request) => {
        const token = bearerToken(request);
        if (token) await logoutAdmin(ctx, token);
        return { ok: true as const };
      },
    );
  };
}
