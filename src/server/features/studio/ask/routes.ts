import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteDetailSchema } from '#contract/studio.ts';
import {
  askRequestSchema,
  askResponseSchema,
  STUDIO_ASK_NOTES_PATH,
  STUDIO_ASK_PATH,
  saveAnswerSchema,
} from '#contract/studio-ask.ts';
import type { AppContext } from '../../../context.ts';
import { operations } from '../../../lib/operation.ts';
import { sendNoteDetail } from '../notes/index.ts';
import { limit, ownerOf } from '../owner.ts';
import { saveAnswer } from './save.ts';
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

    app.post(
      STUDIO_ASK_NOTES_PATH,
      {
        schema: { body: saveAnswerSchema, response: { 201: noteDetailSchema } },
        config: operation('createStudioNoteFromAnswer', 'Keep an answer as a note, with where it was said', {
          errors: ['not_found', 'rate_limited'],
          example: {
            question: 'How much does the big client pay?',
            sentence_ids: ['3f0c2a8e-4b7d-4c1e-9a6f-2d5b8e7c1a90'],
          },
        }),
      },
      async (request, reply) => {
        await limit(ctx, request, 'writes');
        return sendNoteDetail(reply, await saveAnswer(ctx, ownerOf(request), request.body), 201);
      },
    );
  };
}
