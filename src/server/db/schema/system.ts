import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last success and failure of each outside service (SMTP, Twilio, speech-to-text, LLM,
 * Stripe, webhook), recorded where each is called, so that an admin on any web process sees
 * what the workers met (GET /api/health with an admin token, /admin/system).
 */
export const providerStatus = pgTable('provider_status', {
  provider: text('provider').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  /** A short reason of the last failure (no secrets: provider error messages, cut to 300 chars). */
  lastError: text('last_error'),
});
