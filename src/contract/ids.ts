import { z } from 'zod';

/** The one UUID pattern (any version, either case) of every id Echo hands out. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/**
 * The `:id` of a route whose id is a UUID: any short string passes, and the service answers
 * `not_found` for one that is not a UUID (`isUuid`), as for an id that does not exist, never
 * `validation_failed`.
 */
export const idParamsSchema = z.object({ id: z.string().max(100) });
