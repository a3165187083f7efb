import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLoginResponseSchema, adminLoginSchema } from '#contract/admin.ts';
import type { AppContext } from '../../context.ts';
import { operations } from '../../lib/operation.ts';
import { adminOnly, bearerToken } from './guard.ts';
import { loginAdmin, logoutAdmin } from './service.ts';

const operation = operations('Admin sign-in', 'public');

export function adminAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/login',
      {
        schema: { body: adminLoginSchema, response: { 200: adminLoginResponseSchema } },
        config: operation('loginAdmin', 'Exchange the admin password for a bearer token', {
          errors: ['unauthorized', 'rate_limited'],
        }),
      },
      async (request) => loginAdmin(ctx, request.body.password, request.ip),
    );

    app.get(
      '/api/admin/session',
      {
        ...adminOnly(ctx),
        schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
        config: operation('getAdminSession', 'Check that an admin token is still valid', { access: 'admin' }),
      },
      async () => ({ ok: true as const }),
    );

    app.post(
      '/api/admin/logout',
      {
        schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
        config: operation('logoutAdmin', 'End the session of an admin token', { access: 'optional-admin' }),
      },
      async (request) => {
        const token = bearerToken(request);
        if (token) await logoutAdmin(ctx, token);
        return { ok: true as const };
      },
    );
  };
}
