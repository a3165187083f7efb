import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteDetailSchema, STUDIO_API } from '#contract/studio.ts';
import { correctSentenceSchema, sentenceParamsSchema } from '#contract/studio-corrections.ts';
import type { AppContext } from '../../../context.ts';
import { operations } from '../../../lib/operation.ts';
import { sendNoteDetail } from '../notes/index.ts';
import { limit, ownerOf } from '../owner.ts';
import { correctSentence } from './service.ts';

const operation = operations('Studio', 'dashboard');

/** Correcting one sentence of a transcript; inside the Studio's routes, behind its session hook. */
export function correctionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      `${STUDIO_API}/notes/:id/sentences/:sentenceId`,
      {
        schema: {
          params: sentenceParamsSchema,
          body: correctSentenceSchema,
          response: { 200: noteDetailSchema },
        },
        config: operation(
          'updateStudioSentence',
          "Correct the words of one sentence of a note's transcript (its times stay)",
          {
            errors: ['conflict', 'rate_limited'],
            example: { text: 'We raised our prices and nobody left.' },
          },
        ),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        const { id, sentenceId } = request.params;
        return sendNoteDetail(
          reply,
          await correctSentence(ctx, ownerOf(request), id, sentenceId, request.body),
        );
      },
    );
  };
}
