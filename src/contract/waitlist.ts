import { z } from 'zod';

export const WAITLIST_ROLES = ['Creator', 'Founder', 'Service Provider', 'Other'] as const;
export type WaitlistRole = (typeof WAITLIST_ROLES)[number];

export const NAME_MAX = 100;
export const STRUGGLE_MAX = 2000;
export const EMAIL_MAX = 254;
export const STRUGGLE_ROWS = 4;
/** A repeated signup sends at most one reminder e-mail per address in this window. */
export const REMINDER_INTERVAL_MINUTES = 60;

/** The e-mail address as stored and compared: surrounding spaces and case are ignored. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(EMAIL_MAX, { error: 'Invalid email address' })
  .pipe(z.email({ error: 'Invalid email address' }));

/** One schema for the landing form and for POST /api/waitlist (docs/spec/product-spec.md §5 "Waitlist"). */
export const waitlistSignupSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters` }),
  email: emailSchema,
  role: z.enum(WAITLIST_ROLES, { error: 'Please select your role' }),
  struggle: z
    .string({ error: 'Struggle must be text' })
    .max(STRUGGLE_MAX, { error: `Please keep this under ${STRUGGLE_MAX} characters` })
    .optional()
    .nullable()
    .transform((value) => {
      const trimmed = value?.trim();
      return trimmed ? trimmed : undefined;
    }),
});
export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;
export type WaitlistSignup = z.output<typeof waitlistSignupSchema>;

export const waitlistSignupResponseSchema = z.object({
  success: z.literal(true),
  alreadyExists: z.boolean().optional(),
});
export type WaitlistSignupResponse = z.infer<typeof waitlistSignupResponseSchema>;

export const waitlistCountSchema = z.object({ count: z.number().int().nonnegative() });
export type WaitlistCount = z.infer<typeof waitlistCountSchema>;
