import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignListItem,
  CampaignStep,
  ContactsImportResponse,
  OutboxItem,
  StepInput,
  UpdateCampaign,
} from '#contract/campaigns.ts';
import { adminGet, adminRequest } from '#web/features/admin-auth/index.ts';

export const campaignsUrl = '/api/campaigns';
export const campaignUrl = (id: number) => `/api/campaigns/${id}`;
export const stepsUrl = (id: number) => `/api/campaigns/${id}/messages`;
export const outboxUrl = '/api/admin/outbox';

export const useCampaigns = () =>
  useQuery({ queryKey: [campaignsUrl], queryFn: () => adminGet<CampaignListItem[]>(campaignsUrl) });

export const useCampaign = (id: number) =>
  useQuery({ queryKey: [campaignUrl(id)], queryFn: () => adminGet<Campaign>(campaignUrl(id)) });

export const useSteps = (id: number) =>
  useQuery({ queryKey: [stepsUrl(id)], queryFn: () => adminGet<CampaignStep[]>(stepsUrl(id)) });

export const useOutbox = () =>
  useQuery({ queryKey: [outboxUrl], queryFn: () => adminGet<OutboxItem[]>(outboxUrl) });

/** Creates a draft, time-based campaign; the list is refetched. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; description: string }) =>
      (await (
        await adminRequest('POST', campaignsUrl, { ...input, trigger_type: 'time_based', status: 'draft' })
      ).json()) as Campaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [campaignsUrl] }),
  });
}

export function useSaveCampaign(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: UpdateCampaign) =>
      (await (await adminRequest('PATCH', campaignUrl(id), next)).json()) as Campaign,
    onSuccess: (saved) => {
      queryClient.setQueryData([campaignUrl(id)], saved);
      void queryClient.invalidateQueries({ queryKey: [campaignsUrl] });
    },
  });
}

/** After a step changed: its campaign's steps are refetched (awaited), then the list's counts. */
function useStepsChanged(campaignId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [stepsUrl(campaignId)] });
    void queryClient.invalidateQueries({ queryKey: [campaignsUrl] });
  };
}

/** Adds a step, or changes the step with `stepId`. */
export function useSaveStep(campaignId: number) {
  const changed = useStepsChanged(campaignId);
  return useMutation({
    mutationFn: ({ stepId, step }: { stepId?: number; step: StepInput }) =>
      stepId === undefined
        ? adminRequest('POST', stepsUrl(campaignId), step)
        : adminRequest('PATCH', `${stepsUrl(campaignId)}/${stepId}`, step),
    onSuccess: changed,
  });
}

export function useDeleteStep(campaignId: number) {
  const changed = useStepsChanged(campaignId);
  return useMutation({
    mutationFn: (stepId: number) => adminRequest('DELETE', `${stepsUrl(campaignId)}/${stepId}`),
    onSuccess: changed,
  });
}

/** Sends a test SMS through the provider; the outbox is refetched. */
export function useSendTestSms(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; message?: string }) =>
      adminRequest('POST', `/api/campaigns/${campaignId}/test-sms`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [outboxUrl] }),
  });
}

export function useImportContacts() {
  return useMutation({
    mutationFn: async (csv: string) =>
      (await (
        await adminRequest('POST', '/api/admin/contacts/import', { csv })
      ).json()) as ContactsImportResponse,
  });
}

/** The 'Auto-sends on signup' badge belongs to the Welcome Series (signup-triggered campaigns). */
export const autoSendsOnSignup = (campaign: Pick<Campaign, 'name' | 'trigger_type'>) =>
  campaign.trigger_type === 'signup';
