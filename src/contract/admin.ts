import { z } from 'zod';

export const adminLoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export const adminLoginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
