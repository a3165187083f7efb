import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessResponseSchema,
  emailBodySchema,
  messageResponseSchema,
  requestAccessSchema,
  sessionResponseSchema,
  submitContentResponseSchema,
  submitContentSchema,
  verifyAccessSchema,
} from '#contract/content-results.ts';
import { idParamsSchema } from '#contract/ids.ts';
import type { AppContext } from '../../context.ts';
import {
  clearVisitorSession,
  requireVisitorEmail,
  setVisitorSession,
  visitorEmail,
} from '../visitor-session/index.ts';
import {
  deleteContent,
  listAccessibleResults,
  requestAccess,
  submitContent,
  verifyAccess,
} from './service.ts';

export function contentResultsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Personal data: never cached by the browser or a proxy. Chosen by the route matched, not the
    // request line (an absolute-form `GET http://host/api/...` is the same route).
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url?.startsWith('/api/content-results/'))
        reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/reaction-video/submit',
      {
        schema: {
          description:
            'Creates a pending transcription for the e-mail address and starts it: the platform\'s captions, else speech-to-text, else the signed external webhook. Example body: `{ "link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "source": "Youtube", "email": "dana@example.com" }`. Limited per client address and per e-mail address (429 `rate_limited`). The results are read on the dashboard after e-mail code verification.',
          body: submitContentSchema,
          response: { 201: submitContentResponseSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await submitContent(ctx, request.body, request.ip)),
    );

    app.post(
      '/api/content-results/request-access',
      {
        schema: {
          description:
            'Sends a 6-digit code (10 minutes, single use) to the address. Answers the same whether or not the address has results.',
          body: requestAccessSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => requestAccess(ctx, request.body.email, request.ip, request.body.from),
    );

    app.post(
      '/api/content-results/verify-access',
      {
        schema: {
          description:
            'A right code sets the httpOnly dashboard session cookie (`echo_dashboard`). Wrong: 400 `code_invalid`; expired: 400 `code_expired`; too many tries: 429 `code_locked`.',
          body: verifyAccessSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const email = await verifyAccess(ctx, request.body.email, request.body.code, request.ip);
        await setVisitorSession(ctx, reply, email);
        return { message: 'Access granted to your dashboard' };
      },
    );

    app.post(
      '/api/content-results/access',
      { schema: { body: emailBodySchema, response: { 200: accessResponseSchema } } },
      async (request) => ({
        results: await listAccessibleResults(ctx, request.body.email, await visitorEmail(ctx, request)),
      }),
    );

    app.get(
      '/api/content-results/session',
      { schema: { response: { 200: sessionResponseSchema } } },
      async (request) => ({ email: await visitorEmail(ctx, request) }),
    );

    app.post(
      '/api/content-results/sign-out',
      { schema: { response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        await clearVisitorSession(ctx, request, reply);
        return { message: 'Signed out' };
      },
    );

    app.delete(
      '/api/content-results/:id',
      { schema: { params: idParamsSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await deleteContent(ctx, request.params.id, await requireVisitorEmail(ctx, request));
        return { message: 'Deleted' };
      },
    );
  };
}
