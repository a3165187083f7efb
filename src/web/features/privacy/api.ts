import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataUse, DeleteDataResponse } from '#contract/privacy.ts';
import { apiRequest } from '#web/lib/api.ts';

export const dataUseKey = (email: string) => ['/api/privacy/data-use', email] as const;

/** The owner's data-use choice (reading it also syncs the no-tracking cookie). */
export function useDataUse(email: string) {
  return useQuery({
    queryKey: dataUseKey(email),
    queryFn: async () => (await (await apiRequest('GET', '/api/privacy/data-use')).json()) as DataUse,
  });
}

export function useSetDataUse(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (optedOut: boolean) =>
      (await (await apiRequest('PUT', '/api/privacy/data-use', { optedOut })).json()) as DataUse,
    onSuccess: (data) => queryClient.setQueryData(dataUseKey(email), data),
  });
}

export function useRequestDeletionCode() {
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/privacy/delete-data/request-code')).json()) as {
        message: string;
      },
  });
}

export function useDeleteMyData() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await (await apiRequest('POST', '/api/privacy/delete-data', { code })).json()) as DeleteDataResponse,
  });
}
