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
 * The admin guard: a preHandler for every /api/admin/* and /api/campaigns/* route. Only a token
 * from POST /api/admin/login passes; there is no fixed value and no bypass header.
 */
export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token.length > 200 || !(await isAdminToken(ctx, token)))
      throw unauthorized('Admin authentication required');
  };
}
