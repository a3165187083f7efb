import { useSyncExternalStore } from 'react';
import { AFFILIATE_TOKEN_STORAGE_KEY } from '#contract/storage-keys.ts';

/** A bearer token kept in local storage under one key; components re-render when it changes. */
export interface TokenStore {
  read(): string | null;
  /** Stores the token (null forgets it) and tells every subscribed component. */
  write(token: string | null): void;
  /** The token, kept current in a component. */
  use(): string | null;
  /** `{ Authorization: 'Bearer ...' }` with the stored token, or no header without one. */
  header(): Record<string, string>;
}

function tokenStore(key: string): TokenStore {
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const read = () => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    read,
    write(token) {
      try {
        if (token) localStorage.setItem(key, token);
        else localStorage.removeItem(key);
      } catch {}
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, read, () => null),
    header(): Record<string, string> {
      const token = read();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
}

/** The admin token from POST /api/admin/login (docs/spec/decisions.md: local storage key `admin_token`). */
export const adminToken = tokenStore('admin_token');
/** The affiliate token from POST /api/auth/login (docs/spec/product-spec.md §3: local storage key `affiliate_token`). */
export const affiliateToken = tokenStore(AFFILIATE_TOKEN_STORAGE_KEY);
