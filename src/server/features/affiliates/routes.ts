import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAffiliateSchema,
  affiliateApplicationSchema,
  affiliateStatusUpdateSchema,
  conversionSchema,
  conversionStatusUpdateSchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  payoutSchema,
  payoutSettingsSchema,
} from '#contract/affiliates.ts';
import type { AppContext } from '../../context.ts';
import { codeErrors, csv, operations } from '../../lib/operation.ts';
import { trackProvider } from '../../lib/provider-status.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { adminOnly, bearerToken } from '../admin-auth/index.ts';
import { getMe, updatePayoutSettings } from './account.service.ts';
import { applyAsAffiliate, listAffiliates, setAffiliateStatus } from './applications.service.ts';
import {
  handleStripeEvent,
  listConversions,
  setConversionStatus,
  verifyStripeEvent,
} from './commissions.service.ts';
import { conversionsCsv, duePayoutsCsv } from './exports.service.ts';
import { confirmPayout, listPayouts } from './payouts.service.ts';
import { loginAffiliate, logoutAffiliate, requireAffiliate } from './sign-in.service.ts';

const operation = operations('Affiliates', 'admin');

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ok = z.object({ ok: z.literal(true) });

export function affiliateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/affiliates/apply',
      {
        schema: {
          description:
            'Stores a pending application and e-mails a confirmation. A second application for the same address answers 409 `already_exists`.',
          body: affiliateApplicationSchema,
          response: { 201: z.object({ success: z.literal(true) }) },
        },
        config: operation('applyAsAffiliate', 'Apply to the affiliate programme', {
          access: 'public',
          errors: ['already_exists', 'rate_limited'],
        }),
      },
      async (request, reply) => {
        await enforceRateLimit(
          ctx.database.db,
          `affiliate-apply:${request.ip}`,
          ctx.config.rateLimits.signupPerMinute,
          60,
        );
        await applyAsAffiliate(ctx, request.body);
        return reply.code(201).send({ success: true as const });
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          description: [
            'Step 1, `{ email }`: e-mails a 6-digit code (valid 10 minutes) and answers `{ code_sent, message }`,',
            'the same for every address. Step 2, `{ email, code }`: answers `{ access_token }`, a Bearer token',
            'for `/api/me`. A wrong code is 400 `code_invalid`, an expired one 400 `code_expired`; after five',
            'wrong tries 429 `code_locked` (request a new code). Answers never tell whether an address has an account.',
          ].join(' '),
          body: loginSchema,
          response: { 200: loginResponseSchema },
        },
        config: operation(
          'loginAffiliate',
          'Affiliate sign-in: e-mail a code, then exchange it for a bearer token',
          { access: 'public', errors: codeErrors, example: { email: 'dana@example.com', code: '123456' } },
        ),
      },
      async (request) => loginAffiliate(ctx, request.body, request.ip),
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          description: 'Ends the session of the Bearer token, if any.',
          response: { 200: ok },
        },
        config: operation('logoutAffiliate', 'End the session of an affiliate token', {
          access: 'optional-affiliate',
        }),
      },
      async (request) => {
        const token = bearerToken(request);
        if (token) await logoutAffiliate(ctx, token);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/me',
      {
        schema: {
          description:
            'Profile, referral link, commission tier (20%, or 30% from 20 active referrals) and stats in dollars.',
          response: { 200: meResponseSchema },
        },
        config: operation(
          'getAffiliateAccount',
          'The signed-in affiliate: profile, referral link and stats',
          { access: 'affiliate' },
        ),
      },
      async (request) => getMe(ctx, await requireAffiliate(ctx, bearerToken(request))),
    );

    app.put(
      '/api/me/payout-settings',
      {
        schema: {
          body: payoutSettingsSchema,
          response: { 200: meResponseSchema },
        },
        config: operation('updatePayoutSettings', 'Save payout settings', { access: 'affiliate' }),
      },
      async (request) => {
        const id = await requireAffiliate(ctx, bearerToken(request));
        await updatePayoutSettings(ctx, id, request.body);
        return getMe(ctx, id);
      },
    );

    // ---- admin (affiliate tokens are a different kind and never pass). The guard runs on
    // request, before the body is parsed or validated: without a token a bad body is 401, not 400.
    const admin = adminOnly(ctx);

    app.get(
      '/api/admin/affiliates',
      {
        ...admin,
        schema: {
          response: { 200: z.array(adminAffiliateSchema) },
        },
        config: operation('listAffiliates', 'All affiliates and applications, newest first'),
      },
      async () => listAffiliates(ctx.database.db),
    );

    app.patch(
      '/api/admin/affiliates/:id/status',
      {
        ...admin,
        schema: {
          description:
            'Approval creates the referral code and e-mails the affiliate; a decided application answers 409 `conflict`.',
          params: idParams,
          body: affiliateStatusUpdateSchema,
          response: { 200: adminAffiliateSchema },
        },
        config: operation('setAffiliateStatus', 'Approve or reject a pending application', {
          errors: ['conflict'],
        }),
      },
      async (request) => setAffiliateStatus(ctx, request.params.id, request.body.status),
    );

    app.get(
      '/api/admin/conversions',
      {
        ...admin,
        schema: {
          response: { 200: z.array(conversionSchema) },
        },
        config: operation('listConversions', 'All commissions, newest first'),
      },
      async () => listConversions(ctx.database.db),
    );

    app.patch(
      '/api/admin/conversions/:id',
      {
        ...admin,
        schema: {
          params: idParams,
          body: conversionStatusUpdateSchema,
          response: { 200: z.object({ id: z.number(), status: conversionStatusUpdateSchema.shape.status }) },
        },
        config: operation('setConversionStatus', 'Set a commission status'),
      },
      async (request) => setConversionStatus(ctx, request.params.id, request.body.status),
    );

    app.get(
      '/api/admin/conversions/export.csv',
      {
        ...admin,
        config: operation('exportConversions', 'Commissions as CSV', { answers: csv }),
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="conversions.csv"')
          .send(await conversionsCsv(ctx.database.db)),
    );

    app.get(
      '/api/admin/payouts',
      {
        ...admin,
        schema: {
          response: { 200: z.array(payoutSchema) },
        },
        config: operation('listPayouts', 'Monthly payouts (due and paid)'),
      },
      async () => listPayouts(ctx.database.db, false),
    );

    app.get(
      '/api/admin/payouts/export.csv',
      {
        ...admin,
        config: operation('exportDuePayouts', 'Due payouts as CSV', { answers: csv }),
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="due-payouts.csv"')
          .send(await duePayoutsCsv(ctx.database.db)),
    );

    app.post(
      '/api/admin/payouts/:id/confirm',
      {
        ...admin,
        schema: {
          description:
            'Its commissions become paid and the affiliate is e-mailed; repeating it changes nothing.',
          params: idParams,
          response: { 200: ok },
        },
        config: operation('confirmPayout', 'Confirm a payout was sent'),
      },
      async (request) => {
        await confirmPayout(ctx, request.params.id);
        return { ok: true as const };
      },
    );

    // ---- Stripe: the raw body is needed for the signature, so this scope parses JSON as a buffer.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      const stripeDocs = {
        description: [
          'Signed with the `Stripe-Signature` header (STRIPE_WEBHOOK_SECRET; 401 `signature_invalid` otherwise).',
          '`invoice.paid` creates a commission for a referred customer, `charge.refunded` reduces or cancels it',
          '(after payout: a negative adjustment), `customer.subscription.deleted` ends the active referral.',
          'Each event id is handled once: a repeat answers `{ received: true, duplicate: true }`.',
        ].join(' '),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      };
      scope.post(
        '/api/webhooks/stripe',
        {
          bodyLimit: 1024 * 1024,
          schema: stripeDocs,
          config: operation(
            'receiveStripeEvent',
            'Stripe events that create or settle commissions (Stripe-Signature)',
            { access: 'public', errors: ['malformed_request', 'signature_invalid', 'unavailable'] },
          ),
        },
        async (request) => {
          const verify = async () =>
            verifyStripeEvent(
              ctx.config.stripeWebhookSecret,
              request.body as Buffer,
              request.headers['stripe-signature'],
            );
          // Recorded for /admin/system only when Stripe is configured (otherwise the intake is off).
          const event = ctx.config.stripeWebhookSecret
            ? await trackProvider('stripe', verify)
            : await verify();
          const handled = await handleStripeEvent(ctx, event as never);
          return { received: true, duplicate: !handled };
        },
      );
    });
  };
}
