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
import { codeErrors, operations } from '../../lib/operation.ts';
import {
  clearVisitorSession,
  requireOwner,
  sessionOwner,
  setVisitorSession,
} from '../visitor-session/index.ts';
import {
  deleteContent,
  listAccessibleResults,
  requestAccess,
  submitContent,
  verifyAccess,
} from './service.ts';

const operation = operations('Transcription and dashboard', 'public');

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
            'Creates a pending transcription for the e-mail address and starts it: the platform\'s captions, else speech-to-text, else the signed external webhook. Example body: `{ "link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "source": "Youtube", "email": "dana@example.com" }`. Limited per client IP and per e-mail address (429 `rate_limited`). The results are read on the dashboard after e-mail code verification.',
          body: submitContentSchema,
          response: { 201: submitContentResponseSchema },
        },
        config: operation('submitVideo', 'Submit a video link for transcription', {
          errors: ['rate_limited'],
          example: {
            link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            source: 'Youtube',
            email: 'dana@example.com',
          },
        }),
      },
      async (request, reply) => reply.code(201).send(await submitContent(ctx, request.body, request.ip)),
    );

    app.post(
      '/api/content-results/request-access',
      {
        schema: {
          description:
            'Sends a 6-digit code (10 minutes, single use) to the e-mail. Answers the same whether or not that e-mail has results.',
          body: requestAccessSchema,
          response: { 200: messageResponseSchema },
        },
        config: operation('requestDashboardCode', 'E-mail a 6-digit dashboard code', {
          errors: ['rate_limited'],
        }),
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
        config: operation('verifyDashboardCode', 'Verify a dashboard code and start the session cookie', {
          errors: codeErrors,
        }),
      },
      async (request, reply) => {
        const owner = await verifyAccess(ctx, request.body.email, request.body.code, request.ip);
        await setVisitorSession(ctx, reply, owner);
        return { message: 'Access granted to your dashboard' };
      },
    );

    app.post(
      '/api/content-results/access',
      {
        schema: { body: emailBodySchema, response: { 200: accessResponseSchema } },
        config: operation(
          'listAccessibleResults',
          'Transcription results of an e-mail address (full only for its signed-in owner)',
          { access: 'optional-dashboard' },
        ),
      },
      async (request) => ({
        results: await listAccessibleResults(ctx, request.body.email, await sessionOwner(ctx, request)),
      }),
    );

    app.get(
      '/api/content-results/session',
      {
        schema: { response: { 200: sessionResponseSchema } },
        config: operation('getDashboardSession', 'The signed-in dashboard owner, if any', {
          access: 'optional-dashboard',
        }),
      },
      async (request) => ({ email: await sessionOwner(ctx, request) }),
    );

    app.post(
      '/api/content-results/sign-out',
      {
        schema: { response: { 200: messageResponseSchema } },
        config: operation('endDashboardSession', 'Sign out of the dashboard', {
          access: 'optional-dashboard',
        }),
      },
      async (request, reply) => {
        await clearVisitorSession(ctx, request, reply);
        return { message: 'Signed out' };
      },
    );

    app.delete(
      '/api/content-results/:id',
      {
        schema: { params: idParamsSchema, response: { 200: messageResponseSchema } },
        config: operation('deleteContentResult', 'Delete one of your transcription results', {
          access: 'dashboard',
        }),
      },
      async (request) => {
        await deleteContent(ctx, request.params.id, await requireOwner(ctx, request));
        return { message: 'Deleted' };
      },
    );
  };
}
