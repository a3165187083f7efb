import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataUseSchema,
  deleteDataResponseSchema,
  deleteDataSchema,
  NO_TRACKING_COOKIE,
  optOutListSchema,
} from '#contract/privacy.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { readCookie } from '../../lib/cookies.ts';
import { sha256 } from '../../lib/crypto.ts';
import { requireAdmin } from '../admin-auth/guard.ts';
import { clearSessionCookie, DASHBOARD_COOKIE } from '../content-results/session-cookie.ts';
import { OWNER_COOKIE } from '../trends/routes.ts';
import {
  deleteMyData,
  isOptedOut,
  optedOutEmails,
  requestDeletionCode,
  requireDashboardEmail,
  setOptOut,
} from './service.ts';

const NO_TRACKING_MAX_AGE = 400 * 24 * 3600;

/** Readable by the web app on purpose (not HttpOnly): src/web/lib/pixel.ts checks it. */
function noTrackingCookie(config: Config, on: boolean): string {
  return [
    `${NO_TRACKING_COOKIE}=${on ? '1' : ''}`,
    'Path=/',
    `Max-Age=${on ? NO_TRACKING_MAX_AGE : 0}`,
    'SameSite=Lax',
    ...(config.publicUrl.startsWith('https://') ? ['Secure'] : []),
  ].join('; ');
}

const messageSchema = z.object({ message: z.string() });

export function privacyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/privacy')) reply.header('cache-control', 'no-store');
    });
    const emailOf = (cookieHeader: Parameters<typeof readCookie>[0]) =>
      requireDashboardEmail(ctx, readCookie(cookieHeader, DASHBOARD_COOKIE));
    const syncCookie = (reply: FastifyReply, optedOut: boolean) =>
      reply.header('set-cookie', noTrackingCookie(ctx.config, optedOut));

    app.post(
      '/api/privacy/delete-data/request-code',
      { schema: { response: { 200: messageSchema } } },
      async (request) => requestDeletionCode(ctx, await emailOf(request), request.ip),
    );

    app.post(
      '/api/privacy/delete-data',
      { schema: { body: deleteDataSchema, response: { 200: deleteDataResponseSchema } } },
      async (request, reply) => {
        const email = await emailOf(request);
        const owner = readCookie(request, OWNER_COOKIE);
        const ownerHash = owner && /^[A-Za-z0-9_-]{20,100}$/.test(owner) ? sha256(owner) : null;
        const result = await deleteMyData(ctx, email, request.body.code, ownerHash, request.ip);
        clearSessionCookie(reply, ctx.config);
        return result;
      },
    );

    // Reading the choice also re-syncs the browser's no-tracking cookie (e.g. a second browser).
    app.get(
      '/api/privacy/data-use',
      { schema: { response: { 200: dataUseSchema } } },
      async (request, reply) => {
        const optedOut = await isOptedOut(ctx.database.db, await emailOf(request));
        syncCookie(reply, optedOut);
        return { optedOut };
      },
    );

    app.put(
      '/api/privacy/data-use',
      { schema: { body: dataUseSchema, response: { 200: dataUseSchema } } },
      async (request, reply) => {
        await setOptOut(ctx, await emailOf(request), request.body.optedOut);
        syncCookie(reply, request.body.optedOut);
        return { optedOut: request.body.optedOut };
      },
    );

    // For any aggregate use or training export: the addresses it must leave out.
    app.get(
      '/api/admin/privacy/opt-outs',
      { preHandler: requireAdmin(ctx), schema: { response: { 200: optOutListSchema } } },
      async () => ({ emails: await optedOutEmails(ctx.database.db) }),
    );
  };
}
