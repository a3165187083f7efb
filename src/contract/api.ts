import { z } from 'zod';

/**
 * The one list of machine-readable error codes. Every API error body carries one; the web branches
 * on it, never on the message text. Each code answers one HTTP status everywhere (ERROR_STATUS).
 */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_request',
  'payload_too_large',
  'unsupported_media_type',
  'unauthorized',
  'signature_invalid',
  'forbidden',
  'not_found',
  'already_exists',
  'conflict',
  'code_invalid',
  'code_expired',
  'code_locked',
  'rate_limited',
  'quota_exceeded',
  'unavailable',
  'storage_unavailable',
  'storage_refused',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The status each code answers, in every feature. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  malformed_request: 400,
  code_invalid: 400,
  code_expired: 400,
  unauthorized: 401,
  signature_invalid: 401,
  forbidden: 403,
  not_found: 404,
  already_exists: 409,
  conflict: 409,
  payload_too_large: 413,
  quota_exceeded: 413,
  unsupported_media_type: 415,
  code_locked: 429,
  rate_limited: 429,
  internal: 500,
  // The media store (Studio media: a bucket or DATA_DIR) did not answer: try again (Retry-After).
  storage_unavailable: 503,
  // The media store answered but refused an operation Echo needs: the operator must act.
  storage_refused: 502,
  unavailable: 503,
};

/** Every API error body: a code, a message a person can read, plus field issues for validation errors. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  role: z.enum(['all', 'web', 'worker']),
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;
