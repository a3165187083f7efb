import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  waitlistCountSchema,
  waitlistSignupResponseSchema,
  waitlistSignupSchema,
} from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { operations } from '../../lib/operation.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { referralCodeFromCookie } from '../affiliates/index.ts';
import { getWaitlistCount, joinWaitlist } from './service.ts';

const operation = operations('Waitlist', 'public');

export function waitlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/waitlist/count',
      {
        schema: { response: { 200: waitlistCountSchema } },
        config: operation('getWaitlistCount', 'How many people are on the waitlist'),
      },
      async () => ({
        count: await getWaitlistCount(ctx),
      }),
    );

    app.post(
      '/api/waitlist',
      {
        schema: {
          body: waitlistSignupSchema,
          response: { 200: waitlistSignupResponseSchema, 201: waitlistSignupResponseSchema },
        },
        config: operation(
          'joinWaitlist',
          'Join the waitlist (a second signup of an address answers 200 alreadyExists)',
          {
            errors: ['rate_limited'],
            example: {
              name: 'Dana Reyes',
              email: 'dana@example.com',
              role: 'Creator',
              struggle: 'Finding time',
            },
          },
        ),
      },
      async (request, reply) => {
        await enforceRateLimit(
          ctx.database.db,
          `waitlist:${request.ip}`,
          ctx.config.rateLimits.signupPerMinute,
          60,
        );
        const result = await joinWaitlist(ctx, request.body, referralCodeFromCookie(request));
        return reply.code(result.alreadyExists ? 200 : 201).send(result);
      },
    );
  };
}
