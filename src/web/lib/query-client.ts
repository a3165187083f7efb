import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/** Spec §7 defaults: never stale, no refetch on focus, no polling, no retries; 401 throws. */
export const queryClient = new QueryClient({
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
