import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/** docs/spec/product-spec.md §7 defaults: never stale, no refetch on focus, no polling, no retries; 401 throws. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's one client (the prerender makes its own per page). */
export const queryClient = createQueryClient();
