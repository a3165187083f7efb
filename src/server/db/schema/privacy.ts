import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Owners who opted out of anonymised data use (docs/spec/product-spec.md §1 item 9), set from the dashboard.
 * `email` is the owner's, normalised (trimmed, lower-cased). Every aggregate or training export must leave
 * these owners out (see `optedOutEmails` in features/privacy/index.ts).
 */
export const dataUseOptOuts = pgTable('data_use_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
