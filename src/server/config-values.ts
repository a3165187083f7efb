import { z } from 'zod';

/**
 * The readers of one environment value, shared by the variables of `config-env.ts`: an empty or blank
 * value counts as unset, numbers are coerced and bounded, and a boolean takes the usual spellings.
 */

export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
export const stringOr = (fallback: string) => z.preprocess(emptyToUndefined, z.string().default(fallback));
export const urlOr = (fallback: string) => z.preprocess(emptyToUndefined, z.url().default(fallback));
export const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
export const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
export const bool = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value),
    z.boolean().default(fallback),
  );

/** Whether the runtime knows `value` as an IANA time zone (Europe/London). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
