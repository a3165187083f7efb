import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignListItemSchema,
  campaignSchema,
  contactsImportResponseSchema,
  contactsImportSchema,
  createCampaignSchema,
  stepInputSchema,
  stepSchema,
  testEmailSchema,
  testSendResponseSchema,
  testSmsSchema,
  updateCampaignSchema,
} from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { operations } from '../../lib/operation.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { verifyTwilioSignature } from '../../providers/sms/twilio.ts';
import { requireAdmin } from '../admin-auth/index.ts';
import { handleInboundSms, importContacts, unsubscribeContactFromEmail } from './contacts.service.ts';
import {
  createCampaign,
  createStep,
  deleteStep,
  getCampaign,
  listCampaigns,
  listSteps,
  sendTestEmail,
  sendTestSms,
  updateCampaign,
  updateStep,
} from './service.ts';
import { verifyUnsubscribeToken } from './unsubscribe.service.ts';

const operation = operations('Campaigns', 'admin');

const id = z.coerce.number({ error: 'Invalid id' }).int().positive().max(Number.MAX_SAFE_INTEGER);
const campaignParams = z.object({ id });
const stepParams = z.object({ id, messageId: id });
const ok = z.object({ ok: z.literal(true) });
export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Please use the link in your latest e-mail.';

export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Twilio webhooks and RFC 8058 one-click unsubscribes are form posts (this plugin only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    // --- Admin: campaigns, steps, test sends, contacts ---
    await app.register(async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      // onRequest: 401 comes before any body parsing or validation.
      admin.addHook('onRequest', requireAdmin(ctx));

      admin.get(
        '/api/campaigns',
        {
          schema: { response: { 200: z.array(campaignListItemSchema) } },
          config: operation('listCampaigns', 'All campaigns'),
        },
        () => listCampaigns(ctx),
      );
      admin.post(
        '/api/campaigns',
        {
          schema: { body: createCampaignSchema, response: { 201: campaignSchema } },
          config: operation('createCampaign', 'Create a campaign'),
        },
        async (request, reply) => reply.code(201).send(await createCampaign(ctx, request.body)),
      );
      admin.get(
        '/api/campaigns/:id',
        {
          schema: { params: campaignParams, response: { 200: campaignSchema } },
          config: operation('getCampaign', 'One campaign'),
        },
        (request) => getCampaign(ctx, request.params.id),
      );
      admin.patch(
        '/api/campaigns/:id',
        {
          schema: { params: campaignParams, body: updateCampaignSchema, response: { 200: campaignSchema } },
          config: operation('updateCampaign', 'Change a campaign'),
        },
        (request) => updateCampaign(ctx, request.params.id, request.body),
      );
      admin.get(
        '/api/campaigns/:id/messages',
        {
          schema: { params: campaignParams, response: { 200: z.array(stepSchema) } },
          config: operation('listCampaignMessages', 'The steps (messages) of a campaign'),
        },
        (request) => listSteps(ctx, request.params.id),
      );
      admin.post(
        '/api/campaigns/:id/messages',
        {
          schema: { params: campaignParams, body: stepInputSchema, response: { 201: stepSchema } },
          config: operation('createCampaignMessage', 'Add a step to a campaign'),
        },
        async (request, reply) =>
          reply.code(201).send(await createStep(ctx, request.params.id, request.body)),
      );
      admin.patch(
        '/api/campaigns/:id/messages/:messageId',
        {
          schema: { params: stepParams, body: stepInputSchema, response: { 200: stepSchema } },
          config: operation('updateCampaignMessage', 'Change a step of a campaign'),
        },
        (request) => updateStep(ctx, request.params.id, request.params.messageId, request.body),
      );
      admin.delete(
        '/api/campaigns/:id/messages/:messageId',
        {
          schema: { params: stepParams, response: { 200: ok } },
          config: operation('deleteCampaignMessage', 'Remove a step from a campaign'),
        },
        async (request) => {
          await deleteStep(ctx, request.params.id, request.params.messageId);
          return { ok: true as const };
        },
      );
      admin.post(
        '/api/campaigns/:id/test-sms',
        {
          schema: { params: campaignParams, body: testSmsSchema, response: { 202: testSendResponseSchema } },
          config: operation('sendTestSms', "Send a campaign step's SMS to a test number", {
            errors: ['rate_limited'],
          }),
        },
        async (request, reply) => {
          await enforceRateLimit(ctx.database.db, `test-send:${request.ip}`, 30, 60);
          return reply.code(202).send(await sendTestSms(ctx, request.params.id, request.body));
        },
      );
      admin.post(
        '/api/campaigns/:id/test-email',
        {
          schema: {
            params: campaignParams,
            body: testEmailSchema,
            response: { 202: testSendResponseSchema },
          },
          config: operation('sendTestEmail', "Send a campaign step's e-mail to a test address", {
            errors: ['rate_limited'],
          }),
        },
        async (request, reply) => {
          await enforceRateLimit(ctx.database.db, `test-send:${request.ip}`, 30, 60);
          return reply.code(202).send(await sendTestEmail(ctx, request.params.id, request.body));
        },
      );
      admin.post(
        '/api/admin/contacts/import',
        {
          schema: { body: contactsImportSchema, response: { 200: contactsImportResponseSchema } },
          config: operation('importContacts', 'Import contacts (CSV text) and enrol them'),
        },
        (request) => importContacts(ctx, request.body.csv),
      );
    });

    // --- Unsubscribe: the page's button (JSON) and RFC 8058 one-click (form POST to the link) ---
    const unsubscribe = async (token: string | undefined) => {
      const contactId = token ? await verifyUnsubscribeToken(ctx.database, token) : null;
      if (contactId === null || !(await unsubscribeContactFromEmail(ctx, contactId)))
        throw badRequest(INVALID_UNSUBSCRIBE_LINK);
      return { message: 'You have been unsubscribed' };
    };
    const unsubscribed = z.object({ message: z.string() });
    app.post(
      '/api/unsubscribe',
      {
        schema: { body: z.object({ token: z.string().max(200) }), response: { 200: unsubscribed } },
        config: operation('unsubscribeContact', "Unsubscribe with an e-mail's link token", {
          access: 'public',
        }),
      },
      (request) => unsubscribe(request.body.token),
    );
    app.post(
      '/unsubscribe',
      {
        schema: {
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: unsubscribed },
        },
        config: operation(
          'unsubscribeOneClick',
          'One-click unsubscribe (RFC 8058) from the List-Unsubscribe link',
          { access: 'public' },
        ),
      },
      (request) => unsubscribe(request.query.token),
    );

    // --- Twilio inbound SMS (STOP/START/replies), verified by X-Twilio-Signature ---
    app.post(
      '/api/twilio/inbound',
      {
        config: operation(
          'receiveInboundSms',
          'Inbound SMS from Twilio (STOP, START, replies; X-Twilio-Signature)',
          {
            access: 'public',
            errors: ['signature_invalid', 'not_found'],
            answers: { 200: { description: 'Empty TwiML response', type: 'text/xml' } },
          },
        ),
      },
      async (request, reply) => {
        const authToken = ctx.config.twilio.authToken;
        if (!authToken) throw notFound('Twilio is not configured');
        const params = (request.body ?? {}) as Record<string, unknown>;
        if (typeof params !== 'object' || Array.isArray(params)) throw badRequest('Expected a form body');
        const fields = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
        const signature = request.headers['x-twilio-signature'];
        const url = `${ctx.config.publicUrl}${request.url}`;
        if (
          !verifyTwilioSignature(
            authToken,
            url,
            fields,
            typeof signature === 'string' ? signature : undefined,
          )
        )
          throw new AppError('signature_invalid', 'Invalid Twilio signature');
        if (fields.From && fields.Body !== undefined) await handleInboundSms(ctx, fields.From, fields.Body);
        return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      },
    );
  };
}
