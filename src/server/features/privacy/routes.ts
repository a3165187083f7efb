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
import { codeErrors, operations } from '../../lib/operation.ts';
import { adminOnly } from '../admin-auth/index.ts';
import { clearVisitorSession, requireOwner, trendBrowserHash } from '../visitor-session/index.ts';
import { deleteMyData, isOptedOut, optedOutEmails, requestDeletionCode, setOptOut } from './service.ts';

const operation = operations('Privacy', 'dashboard');

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
    const ownerOf = (request: FastifyRequest) => requireOwner(ctx, request);
    const syncCookie = (reply: FastifyReply, optedOut: boolean) =>
      setNoTrackingCookie(ctx.config, reply, optedOut);

    app.post(
      '/api/privacy/delete-data/request-code',
      {
        schema: { response: { 200: messageSchema } },
        config: operation('requestDeletionCode', 'E-mail a fresh code that confirms deleting your data', {
          errors: ['rate_limited'],
        }),
      },
      async (request) => requestDeletionCode(ctx, await ownerOf(request), request.ip),
    );

    app.post(
      '/api/privacy/delete-data',
      {
        schema: { body: deleteDataSchema, response: { 200: deleteDataResponseSchema } },
        config: operation('deleteMyData', 'Delete every record of yours', { errors: codeErrors }),
      },
      async (request, reply) => {
        const owner = await ownerOf(request);
        const result = await deleteMyData(
          ctx,
          owner,
          request.body.code,
          trendBrowserHash(request),
          request.ip,
        );
        await clearVisitorSession(ctx, request, reply);
        return result;
      },
    );

    // Reading the choice also re-syncs the browser's no-tracking cookie (e.g. a second browser).
    app.get(
      '/api/privacy/data-use',
      {
        schema: { response: { 200: dataUseSchema } },
        config: operation('getDataUse', 'Whether your data is left out of aggregate use'),
      },
      async (request, reply) => {
        const optedOut = await isOptedOut(ctx, await ownerOf(request));
        syncCookie(reply, optedOut);
        return { optedOut };
      },
    );

    app.put(
      '/api/privacy/data-use',
      {
        schema: { body: dataUseSchema, response: { 200: dataUseSchema } },
        config: operation('setDataUse', 'Opt out of (or back into) aggregate use', {
          errors: ['rate_limited'],
        }),
      },
      async (request, reply) => {
        await setOptOut(ctx, await ownerOf(request), request.body.optedOut);
        syncCookie(reply, request.body.optedOut);
        return { optedOut: request.body.optedOut };
      },
    );

    // For any aggregate use or training export: the owners it must leave out.
    app.get(
      '/api/admin/privacy/opt-outs',
      {
        ...adminOnly(ctx),
        schema: { response: { 200: optOutListSchema } },
        config: operation('listDataUseOptOuts', 'Owners every export must leave out', { access: 'admin' }),
      },
      async () => ({ emails: await optedOutEmails(ctx.database.db) }),
    );
  };
}
