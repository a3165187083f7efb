import { z } from 'zod';

/** Campaigns and their steps (docs/spec/product-spec.md §3, §5, §7, §8) shared by the server and the web app. */

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const TRIGGER_TYPES = ['time_based', 'signup'] as const;
export const MESSAGE_TYPES = ['email', 'sms'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const WELCOME_SERIES_NAME = 'Welcome Series';
/** The personalisation token and what it becomes when a contact has no name. */
export const NAME_TOKEN = '{{name}}';
export const NAME_FALLBACK = 'there';

/** The unshipped transform options, shown disabled and marked 'Soon'. */
export const TRANSFORM_OPTIONS = [
  'IG Carousel',
  'Twitter Thread',
  'YT Shorts',
  'Blog Post',
  'Podcast Script',
  'Infographic',
] as const;

/** Status changes an admin may make (the same status is always allowed). */
export const STATUS_TRANSITIONS: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['active', 'archived'],
  active: ['paused', 'archived'],
  paused: ['active', 'archived'],
  archived: ['draft'],
};
export const canChangeStatus = (from: CampaignStatus, to: CampaignStatus) =>
  from === to || STATUS_TRANSITIONS[from].includes(to);

export const CAMPAIGN_NAME_REQUIRED = 'Please enter a campaign name';
export const SUBJECT_REQUIRED = 'Please enter an email subject';
export const CONTENT_REQUIRED = 'Please enter message content';

const trimmed = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: `Please keep this under ${max} characters` });

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  trigger_type: z.enum(TRIGGER_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseOnResponse: z.boolean(),
  shareWithEveryone: z.boolean(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListItemSchema = campaignSchema.extend({
  step_count: z.number(),
  enrolled_count: z.number(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const createCampaignSchema = z.object({
  name: trimmed(200, CAMPAIGN_NAME_REQUIRED).min(1, { error: CAMPAIGN_NAME_REQUIRED }),
  description: trimmed(2000, 'Description must be text').optional().default(''),
  trigger_type: z.enum(TRIGGER_TYPES, { error: 'Invalid trigger type' }).optional().default('time_based'),
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Invalid status' }).optional().default('draft'),
});
export type CreateCampaign = z.input<typeof createCampaignSchema>;

export const updateCampaignSchema = z.object({
  name: trimmed(200, CAMPAIGN_NAME_REQUIRED).min(1, { error: CAMPAIGN_NAME_REQUIRED }).optional(),
  description: trimmed(2000, 'Description must be text').optional(),
  pauseOnResponse: z.boolean({ error: 'pauseOnResponse must be true or false' }).optional(),
  shareWithEveryone: z.boolean({ error: 'shareWithEveryone must be true or false' }).optional(),
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Invalid status' }).optional(),
});
export type UpdateCampaign = z.infer<typeof updateCampaignSchema>;

export const stepSchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  sequence_number: z.number(),
  delay_days: z.number(),
  message_type: z.enum(MESSAGE_TYPES),
  subject: z.string().nullable(),
  html_content: z.string().nullable(),
  text_content: z.string(),
});
export type CampaignStep = z.infer<typeof stepSchema>;

/** delay_days is parsed as an integer and falls back to 0 (docs/spec/product-spec.md §5). */
export function parseDelayDays(value: unknown): number {
  const parsed = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.min(parsed, 3650) : 0;
}

const looseInt = (fallback: number) =>
  z.preprocess((v) => {
    const parsed = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(String(v ?? ''), 10);
    return Number.isFinite(parsed) ? parsed : fallback;
  }, z.number().int());

export const stepInputSchema = z
  .object({
    sequence_number: looseInt(1).pipe(
      z.number().int().min(1, { error: 'Sequence number must be 1 or more' }).max(1000),
    ),
    delay_days: z.preprocess((v) => parseDelayDays(v), z.number().int()),
    message_type: z.enum(MESSAGE_TYPES, { error: 'Message type must be email or sms' }),
    subject: z.string({ error: SUBJECT_REQUIRED }).trim().max(300).nullish(),
    html_content: z.string({ error: 'HTML content must be text' }).max(50_000).nullish(),
    text_content: z
      .string({ error: CONTENT_REQUIRED })
      .trim()
      .min(1, { error: CONTENT_REQUIRED })
      .max(10_000, { error: 'Please keep the message under 10000 characters' }),
  })
  .superRefine((step, ctx) => {
    if (step.message_type === 'email' && !step.subject?.trim())
      ctx.addIssue({ code: 'custom', path: ['subject'], message: SUBJECT_REQUIRED });
  });
export type StepInput = z.input<typeof stepInputSchema>;

export const E164 = /^\+[1-9]\d{6,14}$/;
export const PHONE_INVALID = 'Please enter a phone number in international format, e.g. +14155550100';
export const testSmsSchema = z.object({
  phone: z
    .string({ error: PHONE_INVALID })
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(E164, { error: PHONE_INVALID })),
  message: z.string().trim().max(1600).optional(),
});
export const testEmailSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).max(320),
});
export const testSendResponseSchema = z.object({ outboxId: z.number() });

export const contactsImportSchema = z.object({
  csv: z.string({ error: 'Please paste the CSV' }).min(1, { error: 'Please paste the CSV' }),
});
export const contactsImportResponseSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  skipped: z.array(z.object({ line: z.number(), reason: z.string() })),
});
export type ContactsImportResponse = z.infer<typeof contactsImportResponseSchema>;

export const outboxItemSchema = z.object({
  id: z.number(),
  channel: z.enum(MESSAGE_TYPES),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

// --- SMS length (docs/spec/product-spec.md §9: under 160 characters; GSM-7 160/153 per part, UCS-2 70/67) ---

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (GSM-7 septets, or UTF-16 code units). */
  characters: number;
  segments: number;
  /** Characters per part at this length (160/153 or 70/67). */
  perSegment: number;
}

export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const c of text) {
    if (basic.has(c)) septets += 1;
    else if (extended.has(c)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = septets <= 160 ? 160 : 153;
    return { encoding: 'GSM-7', characters: septets, segments: Math.ceil(septets / perSegment), perSegment };
  }
  const units = text.length;
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: 'UCS-2', characters: units, segments: Math.ceil(units / perSegment), perSegment };
}
