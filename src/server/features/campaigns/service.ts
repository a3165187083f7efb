import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '#contract/brand.ts';
import {
  type Campaign,
  type CampaignListItem,
  type CampaignStatus,
  type CampaignStep,
  type CreateCampaign,
  canChangeStatus,
  type OutboxItem,
  type StepInput,
  stepInputSchema,
  type UpdateCampaign,
} from '#contract/campaigns.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { campaignSteps, campaigns, contacts } from '../../db/schema/campaigns.ts';
import { outbox } from '../../db/schema/core.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { queueEmail, queueSms } from '../../providers/mail/outbox.ts';
import { renderCampaignEmail, renderTokens, sanitizeStepHtml } from './content.ts';
import { enrolAudience, releaseHeldDeliveries } from './engine.ts';
import { unsubscribeHeaders } from './unsubscribe.ts';

type CampaignRow = typeof campaigns.$inferSelect;
type StepRow = typeof campaignSteps.$inferSelect;

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
  const rows = await ctx.database.db
    .select({
      campaign: campaigns,
      stepCount: sql<number>`(select count(*)::int from campaign_steps s where s.campaign_id = campaigns.id)`,
      enrolledCount: sql<number>`(select count(*)::int from campaign_enrolments e where e.campaign_id = campaigns.id)`,
    })
    .from(campaigns)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map((r) => ({
    ...toCampaign(r.campaign),
    step_count: r.stepCount,
    enrolled_count: r.enrolledCount,
  }));
}

async function findCampaign(ctx: AppContext, id: number, tx?: Tx): Promise<CampaignRow> {
  const db = tx?.db ?? ctx.database.db;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign not found');
  return row;
}

export async function getCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  return toCampaign(await findCampaign(ctx, id));
}

export async function createCampaign(ctx: AppContext, input: CreateCampaign): Promise<Campaign> {
  return ctx.database.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(campaigns)
      .values({
        name: input.name,
        description: input.description ?? '',
        triggerType: input.trigger_type ?? 'time_based',
        status: input.status ?? 'draft',
      })
      .returning();
    if (row!.status === 'active' && row!.triggerType === 'time_based')
      await enrolAudience(tx, ctx.jobs, row!.id);
    return toCampaign(row!);
  });
}

/**
 * Saves the editor's settings. Status changes follow STATUS_TRANSITIONS; activating a time-based
 * campaign enrols its subscribed audience, and activating releases deliveries held while paused.
 */
export async function updateCampaign(ctx: AppContext, id: number, input: UpdateCampaign): Promise<Campaign> {
  return ctx.database.transaction(async (tx) => {
    // Lock the row so two saves cannot both see the old status.
    const { rows } = await tx.executeSql('select status from campaigns where id = $1 for update', [id]);
    const current = rows[0] as { status: CampaignStatus } | undefined;
    if (!current) throw notFound('Campaign not found');
    if (input.status && !canChangeStatus(current.status, input.status))
      throw badRequest(`A ${current.status} campaign cannot be set to ${input.status}`);
    const [row] = await tx.db
      .update(campaigns)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.pauseOnResponse !== undefined && { pauseOnResponse: input.pauseOnResponse }),
        ...(input.shareWithEveryone !== undefined && { shareWithEveryone: input.shareWithEveryone }),
        ...(input.status !== undefined && { status: input.status }),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, id))
      .returning();
    if (input.status === 'active' && current.status !== 'active') {
      await releaseHeldDeliveries(tx, ctx.jobs, id);
      if (row!.triggerType === 'time_based') await enrolAudience(tx, ctx.jobs, id);
    }
    return toCampaign(row!);
  });
}

export async function listSteps(ctx: AppContext, campaignId: number): Promise<CampaignStep[]> {
  await findCampaign(ctx, campaignId);
  const rows = await ctx.database.db
    .select()
    .from(campaignSteps)
    .where(eq(campaignSteps.campaignId, campaignId))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id));
  return rows.map(toStep);
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
  const [row] = await ctx.database.db
    .insert(campaignSteps)
    .values({ campaignId, ...stepValues(input) })
    .returning();
  return toStep(row!);
}

export async function updateStep(
  ctx: AppContext,
  campaignId: number,
  stepId: number,
  input: StepInput,
): Promise<CampaignStep> {
  const [row] = await ctx.database.db
    .update(campaignSteps)
    .set({ ...stepValues(input), updatedAt: new Date() })
    .where(and(eq(campaignSteps.id, stepId), eq(campaignSteps.campaignId, campaignId)))
    .returning();
  if (!row) throw notFound('Message not found');
  return toStep(row);
}

export async function deleteStep(ctx: AppContext, campaignId: number, stepId: number): Promise<void> {
  const deleted = await ctx.database.db
    .delete(campaignSteps)
    .where(and(eq(campaignSteps.id, stepId), eq(campaignSteps.campaignId, campaignId)))
    .returning({ id: campaignSteps.id });
  if (!deleted.length) throw notFound('Message not found');
}

/** A test SMS through the SMS provider (Twilio, or the outbox when it is not configured). */
export async function sendTestSms(
  ctx: AppContext,
  campaignId: number,
  input: { phone: string; message?: string },
): Promise<{ outboxId: number }> {
  const campaign = await findCampaign(ctx, campaignId);
  const [firstSms] = await ctx.database.db
    .select()
    .from(campaignSteps)
    .where(and(eq(campaignSteps.campaignId, campaignId), eq(campaignSteps.messageType, 'sms')))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id))
    .limit(1);
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
  const [firstEmail] = await ctx.database.db
    .select()
    .from(campaignSteps)
    .where(and(eq(campaignSteps.campaignId, campaignId), eq(campaignSteps.messageType, 'email')))
    .orderBy(asc(campaignSteps.sequenceNumber), asc(campaignSteps.id))
    .limit(1);
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

export async function listOutbox(ctx: AppContext, limit = 200): Promise<OutboxItem[]> {
  const rows = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel === 'sms' ? 'sms' : 'email',
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}

/** Unsubscribes a contact from e-mail (one-click link). Idempotent. */
export async function unsubscribeContactFromEmail(ctx: AppContext, contactId: number): Promise<boolean> {
  const rows = await ctx.database.db
    .update(contacts)
    .set({ emailSubscribed: false, updatedAt: new Date() })
    .where(eq(contacts.id, contactId))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
