import { PRODUCT_NAME } from '#contract/brand.ts';
import {
  type Campaign,
  type CampaignListItem,
  type CampaignStatus,
  type CampaignStep,
  type CreateCampaign,
  canChangeStatus,
  type StepInput,
  stepInputSchema,
  type UpdateCampaign,
} from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { queueEmail, queueSms } from '../outbox/index.ts';
import { renderTokens, sanitizeStepHtml } from './content.ts';
import { renderCampaignEmail } from './emails.ts';
import { enrolAudience, releaseHeldDeliveries } from './engine.service.ts';
import {
  type CampaignRow,
  deleteStepRow,
  findCampaign as findCampaignRow,
  firstStepOfType,
  insertCampaign,
  insertSteps,
  listCampaignsWithCounts,
  listStepRows,
  lockCampaign,
  type StepRow,
  updateCampaignRow,
  updateStepRow,
} from './repository.ts';
import { unsubscribeHeaders } from './unsubscribe.service.ts';

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  description: row.description,
  trigger_type: row.triggerType as Campaign['trigger_type'],
  status: row.status as CampaignStatus,
  pauseOnResponse: row.pauseOnResponse,
  shareWithEveryone: row.shareWithEveryone,
  created_at: row.createdAt.toISOString(),
});

const toStep = (row: StepRow): CampaignStep => ({
  id: row.id,
  campaign_id: row.campaignId,
  sequence_number: row.sequenceNumber,
  delay_days: row.delayDays,
  message_type: row.messageType as CampaignStep['message_type'],
  subject: row.subject,
  html_content: row.htmlContent,
  text_content: row.textContent,
});

export async function listCampaigns(ctx: AppContext): Promise<CampaignListItem[]> {
  const rows = await listCampaignsWithCounts(ctx.database.db);
  return rows.map((r) => ({
    ...toCampaign(r.campaign),
    step_count: r.stepCount,
    enrolled_count: r.enrolledCount,
  }));
}

async function findCampaign(ctx: AppContext, id: number, tx?: Tx): Promise<CampaignRow> {
  const row = await findCampaignRow(tx?.db ?? ctx.database.db, id);
  if (!row) throw notFound('Campaign not found');
  return row;
}

export async function getCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  return toCampaign(await findCampaign(ctx, id));
}

export async function createCampaign(ctx: AppContext, input: CreateCampaign): Promise<Campaign> {
  return ctx.database.transaction(async (tx) => {
    const row = await insertCampaign(tx.db, {
      name: input.name,
      description: input.description ?? '',
      triggerType: input.trigger_type ?? 'time_based',
      status: input.status ?? 'draft',
    });
    if (row.status === 'active' && row.triggerType === 'time_based')
      await enrolAudience(tx, ctx.jobs, row.id);
    return toCampaign(row);
  });
}

/**
 * Saves the editor's settings. Status changes follow STATUS_TRANSITIONS; activating a time-based
 * campaign enrols its subscribed audience, and activating releases deliveries held while paused.
 */
export async function updateCampaign(ctx: AppContext, id: number, input: UpdateCampaign): Promise<Campaign> {
  return ctx.database.transaction(async (tx) => {
    const current = await lockCampaign(tx.db, id);
    if (!current) throw notFound('Campaign not found');
    const currentStatus = current.status as CampaignStatus;
    if (input.status && !canChangeStatus(currentStatus, input.status))
      throw badRequest(`A ${currentStatus} campaign cannot be set to ${input.status}`);
    const row = await updateCampaignRow(tx.db, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.pauseOnResponse !== undefined && { pauseOnResponse: input.pauseOnResponse }),
      ...(input.shareWithEveryone !== undefined && { shareWithEveryone: input.shareWithEveryone }),
      ...(input.status !== undefined && { status: input.status }),
    });
    if (input.status === 'active' && current.status !== 'active') {
      await releaseHeldDeliveries(tx, ctx.jobs, id);
      if (row!.triggerType === 'time_based') await enrolAudience(tx, ctx.jobs, id);
    }
    return toCampaign(row!);
  });
}

export async function listSteps(ctx: AppContext, campaignId: number): Promise<CampaignStep[]> {
  await findCampaign(ctx, campaignId);
  return (await listStepRows(ctx.database.db, campaignId)).map(toStep);
}

function stepValues(input: StepInput) {
  const step = stepInputSchema.parse(input);
  const isEmail = step.message_type === 'email';
  return {
    sequenceNumber: step.sequence_number,
    delayDays: step.delay_days,
    messageType: step.message_type,
    subject: isEmail ? (step.subject?.trim() ?? null) : null,
    // Saved sanitised: the allowlist drops scripts, event handlers and javascript: URLs.
    htmlContent: isEmail ? sanitizeStepHtml(step.html_content) : null,
    textContent: step.text_content,
  };
}

export async function createStep(
  ctx: AppContext,
  campaignId: number,
  input: StepInput,
): Promise<CampaignStep> {
  await findCampaign(ctx, campaignId);
  const [row] = await insertSteps(ctx.database.db, [{ campaignId, ...stepValues(input) }]);
  return toStep(row!);
}

export async function updateStep(
  ctx: AppContext,
  campaignId: number,
  stepId: number,
  input: StepInput,
): Promise<CampaignStep> {
  const row = await updateStepRow(ctx.database.db, campaignId, stepId, stepValues(input));
  if (!row) throw notFound('Message not found');
  return toStep(row);
}

export async function deleteStep(ctx: AppContext, campaignId: number, stepId: number): Promise<void> {
  if (!(await deleteStepRow(ctx.database.db, campaignId, stepId))) throw notFound('Message not found');
}

/** A test SMS through the SMS provider (Twilio, or the outbox when it is not configured). */
export async function sendTestSms(
  ctx: AppContext,
  campaignId: number,
  input: { phone: string; message?: string },
): Promise<{ outboxId: number }> {
  const campaign = await findCampaign(ctx, campaignId);
  const firstSms = await firstStepOfType(ctx.database.db, campaignId, 'sms');
  const template =
    input.message?.trim() ||
    firstSms?.textContent ||
    `Test message from the ${PRODUCT_NAME} campaign "${campaign.name}".`;
  const body = renderTokens(template, null, 'text');
  const outboxId = await ctx.database.transaction((tx) =>
    queueSms(tx, ctx.jobs, `campaign-test:${campaignId}`, { to: input.phone, body }),
  );
  return { outboxId };
}

/** A test e-mail of the campaign's first e-mail step (or a short note when it has none). */
export async function sendTestEmail(
  ctx: AppContext,
  campaignId: number,
  input: { email: string },
): Promise<{ outboxId: number }> {
  const campaign = await findCampaign(ctx, campaignId);
  const firstEmail = await firstStepOfType(ctx.database.db, campaignId, 'email');
  const step = firstEmail ?? {
    subject: `Test of ${campaign.name}`,
    textContent: `Test e-mail from the ${PRODUCT_NAME} campaign "${campaign.name}".`,
    htmlContent: null,
  };
  // A test has no contact: its unsubscribe link points at the info page.
  const unsubscribeUrl = `${ctx.config.publicUrl}/unsubscribe`;
  const mail = renderCampaignEmail({ ...step, subject: `[Test] ${step.subject ?? ''}` }, null, {
    unsubscribeUrl,
    postalAddress: ctx.config.campaigns.postalAddress,
  });
  const outboxId = await ctx.database.transaction((tx) =>
    queueEmail(tx, ctx.jobs, `campaign-test:${campaignId}`, {
      to: input.email.trim().toLowerCase(),
      ...mail,
      headers: unsubscribeHeaders(unsubscribeUrl),
    }),
  );
  return { outboxId };
}
