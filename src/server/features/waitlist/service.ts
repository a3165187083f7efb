import {
  normalizeEmail,
  REMINDER_INTERVAL_MINUTES,
  type WaitlistSignup,
  type WaitlistSignupResponse,
} from '#contract/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { attributeSignup } from '../affiliates/index.ts';
import { enrolWaitlistSignup } from '../campaigns/index.ts';
import { queueEmail } from '../outbox/index.ts';
import { reminderEmail } from './emails.ts';
import { claimReminder, countSignups, insertSignup } from './repository.ts';

export const getWaitlistCount = (ctx: AppContext) => countSignups(ctx.database.pool);

/**
 * Adds a signup, or recognises a repeat of the same address (case and surrounding spaces
 * ignored). The row and its Welcome Series enrolment (or reminder e-mail) commit together.
 */
export async function joinWaitlist(
  ctx: AppContext,
  input: WaitlistSignup,
  referralCode?: string | null,
): Promise<WaitlistSignupResponse> {
  const email = normalizeEmail(input.email);
  return ctx.database.transaction(async (tx) => {
    const id = await insertSignup(tx.db, { ...input, email });
    if (id !== null) {
      await attributeSignup(tx, referralCode, email, id);
      // The welcome e-mail is the first step of the Welcome Series campaign.
      await enrolWaitlistSignup(tx, ctx.jobs, ctx.config, { id, name: input.name, email });
      return { success: true };
    }
    const existing = await claimReminder(tx.db, email, REMINDER_INTERVAL_MINUTES);
    if (existing) {
      await queueEmail(
        tx,
        ctx.jobs,
        'waitlist.reminder',
        reminderEmail({ name: existing.name, email }, ctx.config.publicUrl),
      );
    }
    return { success: true, alreadyExists: true };
  });
}
