import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTrendSchema,
  deleteTrendResponseSchema,
  trendListQuerySchema,
  trendPageSchema,
  trendSchema,
} from '#contract/trends.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { operations } from '../../lib/operation.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { bearerToken, isAdminToken } from '../admin-auth/index.ts';
import { ensureTrendBrowserHash, sessionOwner, trendBrowserHash } from '../visitor-session/index.ts';
import { createTrend, listTrendPage, processTrend, removeTrend, type Viewer } from './service.ts';

const operation = operations('Trends', 'optional-admin');

/** The unpaged list (docs/spec/product-spec.md §7 shape) answers at most this many trends; the page uses ?limit. */
export const UNPAGED_LIST_LIMIT = 500;

async function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const token = bearerToken(request);
  const isAdmin = !!token && token.length <= 200 && (await isAdminToken(ctx, token));
  return { browserHash: trendBrowserHash(request), isAdmin };
}

const idParams = z.object({ id: z.string().max(200) });

export function trendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // docs/spec/product-spec.md §7: process is sent with a JSON content type and no body; accept that (and `{}`).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (!text.trim()) return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError('malformed_request', 'Malformed JSON in request body'), undefined);
      }
    });

    app.get(
      '/api/trends',
      {
        schema: {
          querystring: trendListQuerySchema,
          response: { 200: z.union([trendPageSchema, z.array(trendSchema)]) },
        },
        config: operation('listTrends', 'List trends (a page with ?limit and ?cursor, else up to 500)'),
      },
      async (request) => {
        const viewer = await viewerOf(ctx, request);
        const { limit, cursor } = request.query;
        if (limit === undefined && cursor === undefined) {
          return (await listTrendPage(ctx, viewer, { limit: UNPAGED_LIST_LIMIT })).trends;
        }
        return listTrendPage(ctx, viewer, { limit: limit ?? 12, cursor });
      },
    );

    app.post(
      '/api/trends',
      {
        schema: { body: createTrendSchema, response: { 200: trendSchema, 201: trendSchema } },
        config: operation(
          'createTrend',
          'Add a trend by its TikTok, Instagram or YouTube link (an existing one answers 200)',
          { errors: ['rate_limited'], example: { source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
        ),
      },
      async (request, reply) => {
        await enforceRateLimit(
          ctx.database.db,
          `trends:${request.ip}`,
          ctx.config.rateLimits.trendsPerMinute,
          60,
        );
        const viewer = await viewerOf(ctx, request);
        const { trend, created } = await createTrend(ctx, request.body.source, {
          ...viewer,
          browserHash: ensureTrendBrowserHash(ctx, request, reply),
          owner: await sessionOwner(ctx, request),
        });
        return reply.code(created ? 201 : 200).send(trend);
      },
    );

    app.post(
      '/api/trends/:id/process',
      {
        schema: { params: idParams, response: { 202: trendSchema } },
        config: operation('processTrend', 'Analyse a trend again', {
          errors: ['malformed_request', 'rate_limited'],
        }),
      },
      async (request, reply) => {
        // Re-analysis may call the LLM: bounded per client like creation (idempotent otherwise).
        await enforceRateLimit(
          ctx.database.db,
          `trend-process:${request.ip}`,
          ctx.config.rateLimits.trendsPerMinute * 3,
          60,
        );
        const trend = await processTrend(ctx, request.params.id, await viewerOf(ctx, request));
        return reply.code(202).send(trend);
      },
    );

    app.delete(
      '/api/trends/:id',
      {
        schema: { params: idParams, response: { 200: deleteTrendResponseSchema } },
        config: operation('deleteTrend', 'Delete a trend you added', { errors: ['forbidden'] }),
      },
      async (request) => {
        await removeTrend(ctx, request.params.id, await viewerOf(ctx, request));
        return { success: true as const };
      },
    );
  };
}
