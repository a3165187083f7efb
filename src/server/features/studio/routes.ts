import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireOwner } from '../visitor-session/index.ts';
import { askRoutes } from './ask/index.ts';
import { importRoutes, uploadRoutes } from './capture/index.ts';
import { correctionRoutes } from './corrections/index.ts';
import { draftRoutes } from './drafts/index.ts';
import { storageAppError } from './media-store.ts';
import { notesRoutes } from './notes/index.ts';
import { setOwner } from './owner.ts';
import { searchRoutes } from './search/index.ts';

/** Every Studio route: the rooms' routes behind the dashboard session. */
export function studioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('studioOwner', null);
    // Every Studio route needs the dashboard session, checked before anything else is read. A
    // plugin's hooks run for the routes it (and the rooms it registers) declares, found by the
    // router: the check does not depend on how the request line spells the URL (absolute-form too).
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      setOwner(request, await requireOwner(ctx, request));
    });
    // A store failure on any Studio route, wherever it surfaced, answers with its code (503
    // storage_unavailable or 502 storage_refused), never the store's address or message; every
    // other error goes on to the app's handler.
    app.setErrorHandler((error) => {
      const answer = error instanceof AppError ? error : storageAppError(ctx.config, error);
      if (!answer?.code.startsWith('storage_')) throw error;
      ctx.log.warn({ err: answer.cause ?? error }, `media store: ${answer.code}`);
      throw answer;
    });

    await app.register(notesRoutes(ctx));
    await app.register(correctionRoutes(ctx));
    await app.register(searchRoutes(ctx));
    await app.register(askRoutes(ctx));
    await app.register(importRoutes(ctx));
    await app.register(uploadRoutes(ctx));
    await app.register(draftRoutes(ctx));
  };
}
