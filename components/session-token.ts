"use client";
// Tokens live in sessionStorage only: gone when the tab closes, never in a URL or a cookie. Each
// kind (the partner's access token, the operator's token) has a key of its own, and components
// subscribe to it so signing in or out updates every page part.
import { useSyncExternalStore } from "react";

export interface TokenStore {
  set(token: string | null): void;
  /** The token, `null` when signed out, `undefined` while rendering on the server. */
  use(): string | null | undefined;
}

export function tokenStore(key: string): TokenStore {
  const listeners = new Set<() => void>();
  const read = (): string | null => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set(token) {
      try {
        if (token) window.sessionStorage.setItem(key, token);
        else window.sessionStorage.removeItem(key);
      } catch {
        // Storage refused (private mode quota): the token then lasts for this page only.
      }
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, read, () => undefined),
  };
}

const partnerToken = tokenStore("namesvc.accessToken");

/** The partner's access token. */
export const setSessionToken = partnerToken.set;
export const useSessionToken = partnerToken.use;
