import { useQuery } from '@tanstack/react-query';
import type { SystemHealth } from '#contract/system.ts';
import { adminGet, dropAdminToken } from '#web/features/admin-auth/index.ts';

export const healthUrl = '/api/health';

/** GET /api/health with the admin token: tools, providers and the checklist. */
export const useSystemHealth = () =>
  useQuery({
    queryKey: [healthUrl, 'admin'],
    queryFn: async () => {
      const health = await adminGet<SystemHealth>(healthUrl);
      // The server answers the public status to a token it no longer accepts: sign in again.
      if (!health.checklist) dropAdminToken();
      return health;
    },
  });
