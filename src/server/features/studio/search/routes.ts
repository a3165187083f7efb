import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STUDIO_API, searchQuerySchema, searchResponseSchema } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { operations } from '../../../lib/operation.ts';
import { ownerOf } from '../owner.ts';
import { searchNotes } from './service.ts';

const operation = operations('Studio', 'dashboard');

/** Searching the library; inside the Studio's routes, behind its session hook. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${STUDIO_API}/search`,
      {
        schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
        config: operation('searchStudioNotes', 'Search your notes'),
      },
      async (request) => searchNotes(ctx, ownerOf(request), request.query.q, request.query.limit),
    );
  };
}
