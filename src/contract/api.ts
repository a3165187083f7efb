import { z } from 'zod';

/** Every API error body: a message a person can read, plus field issues for validation errors. */
export const apiErrorSchema = z.object({
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
