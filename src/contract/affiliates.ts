import { z } from 'zod';
import { emailSchema } from './waitlist.ts';

export { AFFILIATE_TOKEN_STORAGE_KEY } from './storage-keys.ts';
export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const CONVERSION_STATUSES = ['pending', 'approved', 'paid', 'cancelled'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** docs/spec/product-spec.md §9 business constants. */
export const BASE_COMMISSION_RATE = 0.2;
export const TOP_COMMISSION_RATE = 0.3;
export const TOP_TIER_ACTIVE_REFERRALS = 20;
export const PAYOUT_MINIMUM_DOLLARS = 50;
export const REFERRAL_COOKIE_DAYS = 90;
export const REVIEW_DAYS_TEXT = '2-3 business days';
export const COPIED_MS = 2000;
export const REFERRAL_COOKIE = 'ref';

export const PAYOUT_METHODS = [
  { value: 'stripe', label: 'Stripe' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'wise', label: 'Wise (bank transfer)' },
] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number]['value'];
export const payoutMethodLabel = (value: string | null | undefined) =>
  PAYOUT_METHODS.find((m) => m.value === value)?.label ?? 'Not set';

const optionalText = (max: number) =>
  z
    .string({ error: 'Invalid input' })
    .max(max, { error: `Please keep this under ${max} characters` })
    .optional()
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : undefined;
    });

/** One schema for the application dialog and POST /api/affiliates/apply (docs/spec/product-spec.md §5). */
export const affiliateApplicationSchema = z.object({
  display_name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, { error: 'Name must be at least 2 characters' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: emailSchema,
  company_name: optionalText(200),
  website: optionalText(500),
  social_media: optionalText(500),
  audience_size: optionalText(100),
  content_type: optionalText(200),
  promotion_strategy: z
    .string({ error: 'Please provide more detail about your promotion strategy' })
    .trim()
    .min(20, { error: 'Please provide more detail about your promotion strategy' })
    .max(5000, { error: 'Please keep this under 5000 characters' }),
});
export type AffiliateApplicationInput = z.input<typeof affiliateApplicationSchema>;
export type AffiliateApplication = z.output<typeof affiliateApplicationSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code' })
    .optional(),
});
export const loginResponseSchema = z.union([
  z.object({ access_token: z.string() }),
  z.object({ code_sent: z.literal(true), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const payoutSettingsSchema = z.object({
  payout_method: z.enum(['stripe', 'paypal', 'wise'], { error: 'Please choose a payout method' }),
  payout_details: z
    .string({ error: 'Please enter your payout account' })
    .trim()
    .min(3, { error: 'Please enter your payout account' })
    .max(500, { error: 'Please keep this under 500 characters' }),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

export const meResponseSchema = z.object({
  affiliate: z.object({
    id: z.number(),
    display_name: z.string(),
    email: z.string(),
    status: z.enum(AFFILIATE_STATUSES),
    referral_code: z.string().nullable(),
    referral_link: z.string().nullable(),
    payout_method: z.string().nullable(),
    payout_details: z.string().nullable(),
    commission_rate: z.number(),
    active_referrals: z.number(),
  }),
  stats: z.object({
    total_clicks: z.number(),
    total_conversions: z.number(),
    pending_commissions: z.number(),
    paid_commissions: z.number(),
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const adminAffiliateSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  social_media: z.string().nullable(),
  audience_size: z.string().nullable(),
  content_type: z.string().nullable(),
  audience_description: z.string().nullable(),
  payout_method: z.string().nullable(),
  payout_details: z.string().nullable(),
  rewardful_link: z.string().nullable(),
  referral_code: z.string().nullable(),
  status: z.enum(AFFILIATE_STATUSES),
  created_at: z.string(),
});
export type AdminAffiliate = z.infer<typeof adminAffiliateSchema>;

export const affiliateStatusUpdateSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
});

export const conversionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  affiliates: z.object({ display_name: z.string(), referral_code: z.string().nullable() }),
  customer_email: z.string(),
  conversion_type: z.string(),
  order_value: z.number(),
  commission_amount: z.number(),
  commission_rate: z.number(),
  status: z.enum(CONVERSION_STATUSES),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionStatusUpdateSchema = z.object({
  status: z.enum(CONVERSION_STATUSES, { error: 'Invalid status' }),
});

export const payoutSchema = z.object({
  id: z.number(),
  affiliate_id: z.number(),
  display_name: z.string(),
  email: z.string(),
  payout_method: z.string().nullable(),
  payout_details: z.string().nullable(),
  period: z.string(),
  amount: z.number(),
  status: z.enum(['due', 'paid']),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Cents to dollars for the API (spec: money in dollars). */
export const toDollars = (cents: number) => Math.round(cents) / 100;
/** Dollars with 2 decimals, e.g. $1,234.50. */
export const formatMoney = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const referralLink = (publicUrl: string, code: string | null | undefined) =>
  code ? `${publicUrl}/?ref=${encodeURIComponent(code)}` : `${publicUrl}/`;
