import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Addresses that opted out of anonymised data use (docs/spec/product-spec.md §1 item 9), set from the dashboard.
 * `email` is normalised (trimmed, lower-cased). Every aggregate or training export must leave
 * these addresses out (see `optedOutEmails` in features/privacy/index.ts).
 */
export const dataUseOptOuts = pgTable('data_use_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
