import { useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignListItem, CampaignStep, OutboxItem } from '#contract/campaigns.ts';
import { adminGet } from '#web/features/admin-auth/api.ts';

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

/** The 'Auto-sends on signup' badge belongs to the Welcome Series (signup-triggered campaigns). */
export const autoSendsOnSignup = (campaign: Pick<Campaign, 'name' | 'trigger_type'>) =>
  campaign.trigger_type === 'signup';
