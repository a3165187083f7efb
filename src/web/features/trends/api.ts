import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { TRENDS_PAGE_SIZE } from '#contract/trend-display.ts';
import type { Trend, TrendPage } from '#contract/trends.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminToken } from '#web/lib/token-store.ts';

export const TRENDS_KEY = ['/api/trends', 'pages'] as const;
type TrendPages = InfiniteData<TrendPage, string | null>;

/** An admin signed in on this browser may delete any trend: send the admin token along. */
const adminHeader = adminToken.header;

const isRunning = (trend: Trend) => trend.status === 'processing';

/** Recent trends, newest first, 12 per page (docs/spec/decisions.md); polls while any analysis runs. */
export function useTrendPages() {
  return useInfiniteQuery({
    queryKey: TRENDS_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(TRENDS_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      const res = await apiRequest('GET', `/api/trends?${params}`, undefined, adminHeader());
      return (await res.json()) as TrendPage;
    },
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.trends.some(isRunning)) ? 1500 : false,
  });
}

/** The loaded trends without duplicates (a page can shift while trends are added). */
export function flattenTrends(data: InfiniteData<TrendPage, unknown> | undefined): Trend[] {
  const seen = new Set<string>();
  const trends: Trend[] = [];
  for (const page of data?.pages ?? [])
    for (const trend of page.trends) {
      if (seen.has(trend.id)) continue;
      seen.add(trend.id);
      trends.push(trend);
    }
  return trends;
}

export function useAddTrend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (source: string) =>
      (await (await apiRequest('POST', '/api/trends', { source }, adminHeader())).json()) as Trend,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRENDS_KEY }),
  });
}

function withStatus(
  data: TrendPages | undefined,
  id: string,
  status: Trend['status'],
): TrendPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      trends: page.trends.map((t) => (t.id === id ? { ...t, status } : t)),
    })),
  };
}

/**
 * docs/spec/product-spec.md §4: the trend is marked 'processing' at once; on failure the previous list comes back;
 * the list is polled until the analysis ends.
 */
export function useProcessTrend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const url = `/api/trends/${encodeURIComponent(id)}/process`;
      return (await (await apiRequest('POST', url, undefined, adminHeader())).json()) as Trend;
    },
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: TRENDS_KEY });
      const previous = queryClient.getQueryData<TrendPages>(TRENDS_KEY);
      queryClient.setQueryData<TrendPages>(TRENDS_KEY, (data) => withStatus(data, id, 'processing'));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(TRENDS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRENDS_KEY }),
  });
}

export function useDeleteTrend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest('DELETE', `/api/trends/${encodeURIComponent(id)}`, undefined, adminHeader())).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRENDS_KEY }),
  });
}
