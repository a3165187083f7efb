import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { isAdminToken } from './service.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The admin guard: an onRequest hook (so the token is checked before the body is parsed or
 * validated: 401 before 400) for every /api/admin/* and /api/campaigns/* route. Only a token
 * from POST /api/admin/login passes; there is no fixed value and no bypass header.
 */
export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200 || !(await isAdminToken(ctx, token)))
      throw unauthorized('Admin authentication required');
  };
}

/** Route options for an admin-only route: `app.post(url, { ...adminOnly(ctx), schema }, handler)`. */
export const adminOnly = (ctx: AppContext) => ({ onRequest: requireAdmin(ctx) });
