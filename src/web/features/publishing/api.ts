import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PUBLISH_API,
  type PublishAccount,
  type PublishedResults,
  type PublishPost,
  type PublishPreview,
  type PublishSlot,
} from '#contract/publishing.ts';
import { apiRequest } from '#web/lib/api.ts';

const json = async <T>(res: Response) => (await res.json()) as T;
const get = async <T>(url: string) => json<T>(await apiRequest('GET', url));

export interface PlatformOffer {
  platform: PublishAccount['platform'];
  available: boolean;
  reason: string | null;
  connect: 'app_password' | 'instance' | 'oauth';
}

export const publishKeys = {
  all: [PUBLISH_API] as const,
  accounts: [PUBLISH_API, 'accounts'] as const,
  slots: [PUBLISH_API, 'slots'] as const,
  posts: (from: string, to: string) => [PUBLISH_API, 'posts', from, to] as const,
  ofDraft: (draftId: string) => [PUBLISH_API, 'posts', 'draft', draftId] as const,
  results: [PUBLISH_API, 'results'] as const,
};

/** While a post is on its way, the lists are fetched this often. */
const REFRESH_MS = 2_000;
const moving = (posts?: PublishPost[]) =>
  posts?.some((p) => p.status === 'publishing' || p.status === 'scheduled');

export function useAccounts() {
  return useQuery({
    queryKey: publishKeys.accounts,
    queryFn: () => get<{ accounts: PublishAccount[]; platforms: PlatformOffer[] }>(`${PUBLISH_API}/accounts`),
  });
}

export function useSlots() {
  return useQuery({
    queryKey: publishKeys.slots,
    queryFn: () => get<{ slots: PublishSlot[] }>(`${PUBLISH_API}/slots`),
  });
}

export function useWeekPosts(from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  return useQuery({
    queryKey: publishKeys.posts(f, t),
    queryFn: () =>
      get<{ posts: PublishPost[] }>(
        `${PUBLISH_API}/posts?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`,
      ),
    refetchInterval: (query) => (moving(query.state.data?.posts) ? REFRESH_MS : false),
  });
}

export function useDraftPosts(draftId: string) {
  return useQuery({
    queryKey: publishKeys.ofDraft(draftId),
    queryFn: () =>
      get<{ posts: PublishPost[] }>(`${PUBLISH_API}/posts?draft_id=${encodeURIComponent(draftId)}`),
    refetchInterval: (query) => (moving(query.state.data?.posts) ? REFRESH_MS : false),
  });
}

function useWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishKeys.all }),
  });
}

export const useConnectBluesky = () =>
  useWrite(async (input: { handle: string; app_password: string; service?: string }) =>
    json<PublishAccount>(await apiRequest('POST', `${PUBLISH_API}/accounts/bluesky`, input)),
  );

export const useStartOauth = () =>
  useMutation({
    mutationFn: async (input: { platform: 'mastodon' | 'x' | 'linkedin'; instance?: string }) =>
      json<{ authorize_url: string }>(await apiRequest('POST', `${PUBLISH_API}/oauth/start`, input)),
  });

export const useDisconnect = () =>
  useWrite(async (id: string) => apiRequest('DELETE', `${PUBLISH_API}/accounts/${id}`));

export const useAddSlot = () =>
  useWrite(async (input: { account_id: string; weekday: number; time: string; time_zone: string }) =>
    json<PublishSlot>(await apiRequest('POST', `${PUBLISH_API}/slots`, input)),
  );

export const useDeleteSlot = () =>
  useWrite(async (id: string) => apiRequest('DELETE', `${PUBLISH_API}/slots/${id}`));

export const usePreview = () =>
  useMutation({
    mutationFn: async (input: {
      draft_id: string;
      account_ids: string[];
      texts?: Record<string, string[]>;
      alts?: Record<string, string[]>;
      clip?: number;
    }) => json<PublishPreview>(await apiRequest('POST', `${PUBLISH_API}/preview`, input)),
  });

export const useCreatePosts = () =>
  useWrite(
    async (input: {
      draft_id: string;
      account_ids: string[];
      texts?: Record<string, string[]>;
      alts?: Record<string, string[]>;
      clip?: number;
      when: 'now' | 'slot' | 'time';
      at?: string;
    }) => json<{ posts: PublishPost[] }>(await apiRequest('POST', `${PUBLISH_API}/posts`, input)),
  );

export const useMovePost = () =>
  useWrite(async ({ id, scheduled_at }: { id: string; scheduled_at: string }) =>
    json<PublishPost>(await apiRequest('PATCH', `${PUBLISH_API}/posts/${id}`, { scheduled_at })),
  );

export const useCancelPost = () =>
  useWrite(async (id: string) =>
    json<PublishPost>(await apiRequest('POST', `${PUBLISH_API}/posts/${id}/cancel`)),
  );

/** Results per page on the dashboard's 'My Voice' tab. */
export const RESULTS_PAGE = 20;

/** The owner's published results, newest first, a page at a time (the dashboard's 'My Voice' tab). */
export function usePublishedResults() {
  return useInfiniteQuery({
    queryKey: publishKeys.results,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(RESULTS_PAGE) });
      if (pageParam) params.set('cursor', pageParam);
      return get<PublishedResults>(`${PUBLISH_API}/results?${params}`);
    },
    getNextPageParam: (last) => last.next_cursor,
  });
}
