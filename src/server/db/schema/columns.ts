import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at timestamptz not null default now()`, the creation time of every table's rows. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`; the code sets it on each update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
