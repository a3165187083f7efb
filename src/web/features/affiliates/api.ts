import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAffiliate,
  AffiliateApplicationInput,
  Conversion,
  ConversionStatus,
  LoginResponse,
  MeResponse,
  Payout,
  PayoutSettings,
} from '#contract/affiliates.ts';
import { adminGet, adminRequest } from '#web/features/admin-auth/index.ts';
import { apiRequest, HttpError } from '#web/lib/api.ts';
import { affiliateToken } from '#web/lib/token-store.ts';

// The affiliate token from POST /api/auth/login lives in the one token store (`affiliate_token`, docs/spec/product-spec.md §3).
export const useAffiliateToken = affiliateToken.use;

export function useApplyAsAffiliate() {
  return useMutation({
    mutationFn: async (input: AffiliateApplicationInput) =>
      (await apiRequest('POST', '/api/affiliates/apply', input)).json(),
  });
}

export async function login(input: { email: string; code?: string }): Promise<LoginResponse> {
  return (await (await apiRequest('POST', '/api/auth/login', input)).json()) as LoginResponse;
}

/** Signs in with the e-mailed code and keeps the affiliate token. */
export async function signInAffiliate(email: string, code: string): Promise<void> {
  const result = await login({ email, code });
  if (!('access_token' in result)) throw new HttpError(500, '{}');
  affiliateToken.write(result.access_token);
}

const authHeader = affiliateToken.header;

export const ME_KEY = ['/api/me'] as const;

/** The signed-in affiliate (docs/spec/product-spec.md §7: skipped without a token, not retried). */
export function useMe(token: string | null) {
  return useQuery<MeResponse>({
    queryKey: [...ME_KEY, token],
    enabled: Boolean(token),
    retry: false,
    queryFn: async () =>
      (await (await apiRequest('GET', '/api/me', undefined, authHeader())).json()) as MeResponse,
  });
}

export function useUpdatePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PayoutSettings) =>
      (await (await apiRequest('PUT', '/api/me/payout-settings', input, authHeader())).json()) as MeResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
}

export async function logoutAffiliate(): Promise<void> {
  const headers = authHeader();
  affiliateToken.write(null);
  if (headers.Authorization) await apiRequest('POST', '/api/auth/logout', undefined, headers).catch(() => {});
}

// ---- admin

export const ADMIN_AFFILIATES_KEY = ['/api/admin/affiliates'] as const;
export const ADMIN_CONVERSIONS_KEY = ['/api/admin/conversions'] as const;
export const ADMIN_PAYOUTS_KEY = ['/api/admin/payouts'] as const;

export const useAdminAffiliates = () =>
  useQuery<AdminAffiliate[]>({
    queryKey: ADMIN_AFFILIATES_KEY,
    queryFn: () => adminGet('/api/admin/affiliates'),
  });

export function useSetAffiliateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'approved' | 'rejected' }) =>
      (await (
        await adminRequest('PATCH', `/api/admin/affiliates/${id}/status`, { status })
      ).json()) as AdminAffiliate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_AFFILIATES_KEY }),
  });
}

export const useAdminConversions = () =>
  useQuery<Conversion[]>({
    queryKey: ADMIN_CONVERSIONS_KEY,
    queryFn: () => adminGet('/api/admin/conversions'),
  });

export function useSetConversionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: ConversionStatus }) =>
      (await adminRequest('PATCH', `/api/admin/conversions/${id}`, { status })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CONVERSIONS_KEY }),
  });
}

export const useAdminPayouts = () =>
  useQuery<Payout[]>({ queryKey: ADMIN_PAYOUTS_KEY, queryFn: () => adminGet('/api/admin/payouts') });

export function useConfirmPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await adminRequest('POST', `/api/admin/payouts/${id}/confirm`)).json(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_PAYOUTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_CONVERSIONS_KEY });
    },
  });
}

/** Downloads an admin CSV export (the Bearer token cannot ride on a plain link). */
export async function downloadAdminCsv(url: string, filename: string): Promise<void> {
  const blob = await (await adminRequest('GET', url)).blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
