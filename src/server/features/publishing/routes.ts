import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, isUuid } from '#contract/ids.ts';
import {
  accountSchema,
  accountsSchema,
  connectBlueskySchema,
  createPostsSchema,
  createSlotSchema,
  movePostSchema,
  nextSlotSchema,
  oauthCallbackQuerySchema,
  PUBLISH_API,
  postsQuerySchema,
  previewRequestSchema,
  previewSchema,
  publishedResultsSchema,
  publishPostSchema,
  publishPostsSchema,
  resultsQuerySchema,
  slotSchema,
  slotsSchema,
  startOauthResponseSchema,
  startOauthSchema,
} from '#contract/publishing.ts';
import type { AppContext } from '../../context.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { operations } from '../../lib/operation.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { NOT_VERIFIED_MESSAGE, requireOwner } from '../visitor-session/index.ts';
import { finishOauth, revokeAccount, startOauth } from './oauth.service.ts';
import { bindBrowser, browserBinding } from './oauth-browser.ts';
import { applyOutboundPolicy } from './platforms.ts';
import { previewPosts } from './preview.service.ts';
import { findAccount } from './repository.ts';
import { resultsOf } from './results.service.ts';
import {
  accountsOf,
  addSlot,
  cancelPost,
  connectBluesky,
  createPosts,
  disconnectAccount,
  movePost,
  nextFreeSlot,
  postsOf,
  removeSlot,
  slotsOf,
} from './service.ts';

const operation = operations('Publishing', 'dashboard');

/**
 * Per owner and minute: connecting calls a platform; writes queue jobs. `callbacks`: per client
 * IP, the OAuth callback (reached without the session; each state it takes was counted at start).
 */
export const PUBLISH_RATE_LIMITS = { connect: 10, writes: 60, reads: 240, callbacks: 60 } as const;

declare module 'fastify' {
  interface FastifyRequest {
    publishOwner: string | null;
  }
  interface FastifyContextConfig {
    /** A publishing route reached without the dashboard session (the OAuth callback only). */
    withoutSession?: true;
  }
}

const ok = z.object({ success: z.literal(true) });

export function publishingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('publishOwner', null);
    applyOutboundPolicy(ctx.config);
    // Every publishing route needs the dashboard session, checked before anything else is read (and
    // before any call to a platform), but the one marked `withoutSession` (the OAuth callback). A
    // plugin's hooks run for the routes it declares, found by the router: the check does not depend
    // on how the request line spells the URL (an absolute-form `DELETE http://host/api/...` is the
    // same route, and checked the same).
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.routeOptions.config.withoutSession) return;
      request.publishOwner = await requireOwner(ctx, request);
    });
    /** The signed-in address; never a missing one (a lookup without its owner would find anyone's). */
    const owner = (request: { publishOwner: string | null }) => {
      if (!request.publishOwner) throw unauthorized(NOT_VERIFIED_MESSAGE);
      return request.publishOwner;
    };
    const limit = (request: { publishOwner: string | null }, kind: keyof typeof PUBLISH_RATE_LIMITS) =>
      enforceRateLimit(ctx.database.db, `publish-${kind}:${owner(request)}`, PUBLISH_RATE_LIMITS[kind], 60);

    app.get(
      `${PUBLISH_API}/accounts`,
      {
        schema: { response: { 200: accountsSchema } },
        config: operation(
          'listPublishAccounts',
          'Your connected accounts and the platforms this server offers',
          { errors: ['rate_limited'] },
        ),
      },
      async (request) => {
        await limit(request, 'reads');
        return accountsOf(ctx, owner(request));
      },
    );

    app.post(
      `${PUBLISH_API}/accounts/bluesky`,
      {
        schema: { body: connectBlueskySchema, response: { 201: accountSchema } },
        config: operation(
          'createBlueskyAccount',
          'Connect a Bluesky account with its handle and an app password',
          { errors: ['unauthorized', 'rate_limited', 'unavailable'] },
        ),
      },
      async (request, reply) => {
        await limit(request, 'connect');
        return reply.code(201).send(await connectBluesky(ctx, owner(request), request.body));
      },
    );

    app.post(
      `${PUBLISH_API}/oauth/start`,
      {
        schema: { body: startOauthSchema, response: { 200: startOauthResponseSchema } },
        config: operation(
          'startPublishOauth',
          'Start connecting a Mastodon, X or LinkedIn account (the address to authorize Echo at)',
          { errors: ['unauthorized', 'rate_limited', 'unavailable'] },
        ),
      },
      async (request, reply) => {
        await limit(request, 'connect');
        return startOauth(ctx, owner(request), request.body, bindBrowser(ctx.config, request, reply));
      },
    );

    // The platform sends the browser back here from its own site: the SameSite=Strict session
    // cookie does not come along, so the state and the browser's binding cookie stand for it
    // (oauth-browser.ts); nothing reaches a platform before both are checked.
    app.get(
      `${PUBLISH_API}/oauth/callback`,
      {
        schema: { querystring: oauthCallbackQuerySchema },
        config: {
          // Reached from the platform's site, without the session: the state and the cookie set by
          // startPublishOauth (bound to the browser that started) stand for it.
          ...operation(
            'finishPublishOauth',
            'Where the platform sends the browser back; redirects to the Studio with the outcome',
            {
              access: 'public',
              errors: ['rate_limited'],
              answers: { 303: { description: 'To /studio?tab=publishing&connected=<platform or problem>' } },
            },
          ),
          withoutSession: true,
        },
      },
      async (request, reply) => {
        await enforceRateLimit(
          ctx.database.db,
          `publish-callback:${request.ip}`,
          PUBLISH_RATE_LIMITS.callbacks,
          60,
        );
        const browser = browserBinding(ctx.config, request);
        return reply.redirect(await finishOauth(ctx, request.query, browser), 303);
      },
    );

    app.delete(
      `${PUBLISH_API}/accounts/:id`,
      {
        schema: { params: idParamsSchema, response: { 200: ok } },
        config: operation(
          'deletePublishAccount',
          'Disconnect an account (its token revoked where the platform allows; scheduled posts cancelled)',
          { errors: ['rate_limited'] },
        ),
      },
      async (request) => {
        await limit(request, 'writes');
        await disconnectAccount(ctx, owner(request), request.params.id, (account) =>
          revokeAccount(ctx, account),
        );
        return { success: true as const };
      },
    );

    app.get(
      `${PUBLISH_API}/accounts/:id/next-slot`,
      {
        schema: { params: idParamsSchema, response: { 200: nextSlotSchema } },
        config: operation('getNextPublishSlot', "The account's next free time slot", {
          errors: ['rate_limited'],
        }),
      },
      async (request) => {
        await limit(request, 'reads');
        const { id } = request.params;
        if (!isUuid(id) || !(await findAccount(ctx.database.db, id, owner(request))))
          throw notFound('No such account');
        const at = await nextFreeSlot(ctx, owner(request), id);
        return { at: at?.toISOString() ?? null };
      },
    );

    app.post(
      `${PUBLISH_API}/preview`,
      {
        schema: { body: previewRequestSchema, response: { 200: previewSchema } },
        config: operation(
          'getPublishPreview',
          "What each account would get, counted with the platform's own limits",
          { errors: ['not_found', 'conflict', 'rate_limited'] },
        ),
      },
      async (request) => {
        await limit(request, 'reads');
        return previewPosts(ctx, owner(request), request.body);
      },
    );

    app.post(
      `${PUBLISH_API}/posts`,
      {
        schema: { body: createPostsSchema, response: { 201: publishPostsSchema } },
        config: operation(
          'createPublishPosts',
          'Publish a ready draft now, in the next free slot, or at a time',
          { errors: ['not_found', 'conflict', 'rate_limited'] },
        ),
      },
      async (request, reply) => {
        await limit(request, 'writes');
        return reply.code(201).send(await createPosts(ctx, owner(request), request.body));
      },
    );

    app.get(
      `${PUBLISH_API}/posts`,
      {
        schema: { querystring: postsQuerySchema, response: { 200: publishPostsSchema } },
        config: operation('listPublishPosts', "Your posts (a week of the calendar, or one draft's)", {
          errors: ['rate_limited'],
        }),
      },
      async (request) => {
        await limit(request, 'reads');
        return postsOf(ctx, owner(request), request.query);
      },
    );

    // The dashboard's 'My Voice' tab: the owner's published results, a bounded page at a time.
    app.get(
      `${PUBLISH_API}/results`,
      {
        schema: { querystring: resultsQuerySchema, response: { 200: publishedResultsSchema } },
        config: operation(
          'listPublishedResults',
          "Your published results, newest first, with counts per platform (the dashboard's 'My Voice' tab)",
          { errors: ['rate_limited'] },
        ),
      },
      async (request) => {
        await limit(request, 'reads');
        return resultsOf(ctx, owner(request), request.query);
      },
    );

    app.patch(
      `${PUBLISH_API}/posts/:id`,
      {
        schema: { params: idParamsSchema, body: movePostSchema, response: { 200: publishPostSchema } },
        config: operation('updatePublishPost', 'Move a post that has not started to another time', {
          errors: ['conflict', 'rate_limited'],
        }),
      },
      async (request) => {
        await limit(request, 'writes');
        return movePost(ctx, owner(request), request.params.id, request.body.scheduled_at);
      },
    );

    app.post(
      `${PUBLISH_API}/posts/:id/cancel`,
      {
        schema: { params: idParamsSchema, response: { 200: publishPostSchema } },
        config: operation('discardPublishPost', 'Cancel a post that has not started', {
          errors: ['conflict', 'rate_limited'],
        }),
      },
      async (request) => {
        await limit(request, 'writes');
        return cancelPost(ctx, owner(request), request.params.id);
      },
    );

    app.get(
      `${PUBLISH_API}/slots`,
      {
        schema: { response: { 200: slotsSchema } },
        config: operation('listPublishSlots', 'Your weekly time slots', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(request, 'reads');
        return slotsOf(ctx, owner(request));
      },
    );

    app.post(
      `${PUBLISH_API}/slots`,
      {
        schema: { body: createSlotSchema, response: { 201: slotSchema } },
        config: operation('createPublishSlot', 'Add a weekly time slot to an account (in your time zone)', {
          errors: ['not_found', 'already_exists', 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await limit(request, 'writes');
        return reply.code(201).send(await addSlot(ctx, owner(request), request.body));
      },
    );

    app.delete(
      `${PUBLISH_API}/slots/:id`,
      {
        schema: { params: idParamsSchema, response: { 200: ok } },
        config: operation('deletePublishSlot', 'Remove a time slot', { errors: ['rate_limited'] }),
      },
      async (request) => {
        await limit(request, 'writes');
        await removeSlot(ctx, owner(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
