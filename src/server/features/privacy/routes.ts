import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { adminOnly } from '../admin-auth/index.ts';
import { clearVisitorSession, requireVisitorEmail, trendOwnerHash } from '../visitor-session/index.ts';
import { deleteMyData, isOptedOut, optedOutEmails, requestDeletionCode, setOptOut } from './service.ts';

const NO_TRACKING_MAX_AGE = 400 * 24 * 3600;

/** Readable by the web app on purpose (not HttpOnly): src/web/lib/pixel.ts checks it. */
function setNoTrackingCookie(config: Config, reply: FastifyReply, on: boolean): void {
  reply.setCookie(NO_TRACKING_COOKIE, on ? '1' : '', {
    path: '/',
    maxAge: on ? NO_TRACKING_MAX_AGE : 0,
    sameSite: 'lax',
    httpOnly: false,
    secure: config.publicUrl.startsWith('https://'),
  });
}

const messageSchema = z.object({ message: z.string() });

export function privacyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Personal data: never cached. Chosen by the route matched, not the request line's spelling.
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url?.startsWith('/api/privacy/')) reply.header('cache-control', 'no-store');
    });
    const emailOf = (request: FastifyRequest) => requireVisitorEmail(ctx, request);
    const syncCookie = (reply: FastifyReply, optedOut: boolean) =>
      setNoTrackingCookie(ctx.config, reply, optedOut);

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
        const result = await deleteMyData(ctx, email, request.body.code, trendOwnerHash(request), request.ip);
        await clearVisitorSession(ctx, request, reply);
        return result;
      },
    );

    // Reading the choice also re-syncs the browser's no-tracking cookie (e.g. a second browser).
    app.get(
      '/api/privacy/data-use',
      { schema: { response: { 200: dataUseSchema } } },
      async (request, reply) => {
        const optedOut = await isOptedOut(ctx, await emailOf(request));
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
      { ...adminOnly(ctx), schema: { response: { 200: optOutListSchema } } },
      async () => ({ emails: await optedOutEmails(ctx.database.db) }),
    );
  };
}
