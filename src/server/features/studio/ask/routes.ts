import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askRequestSchema, askResponseSchema, STUDIO_ASK_PATH } from '#contract/studio-ask.ts';
import type { AppContext } from '../../../context.ts';
import { operations } from '../../../lib/operation.ts';
import { limit, ownerOf } from '../owner.ts';
import { askNotes } from './service.ts';

const operation = operations('Studio', 'dashboard');

/** Asking the notes a question; inside the Studio's routes, behind its session hook. */
export function askRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      STUDIO_ASK_PATH,
      {
        schema: { body: askRequestSchema, response: { 200: askResponseSchema } },
        config: operation('askStudioNotes', 'Ask your notes a question', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(ctx, request, 'asks');
        return askNotes(ctx, ownerOf(request), request.body.question, request.body.engine);
      },
    );
  };
}
