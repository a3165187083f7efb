import { useSyncExternalStore } from 'react';
import { AFFILIATE_TOKEN_STORAGE_KEY } from '#contract/affiliates.ts';

// The affiliate token from POST /api/auth/login, kept in local storage as `affiliate_token` (spec §3).
const listeners = new Set<() => void>();
export const readAffiliateToken = () => {
  try {
    return localStorage.getItem(AFFILIATE_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};
export function writeAffiliateToken(token: string | null) {
  try {
    if (token) localStorage.setItem(AFFILIATE_TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(AFFILIATE_TOKEN_STORAGE_KEY);
  } catch {}
  for (const listener of listeners) listener();
}
export function useAffiliateToken(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAffiliateToken,
    () => null,
  );
}
