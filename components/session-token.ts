"use client";
// The partner's access token lives in sessionStorage only: gone when the tab closes, never in a
// URL or a cookie. Components subscribe to it so signing in or out updates every page part.
import { useSyncExternalStore } from "react";

const KEY = "namesvc.accessToken";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null) {
  try {
    if (token) window.sessionStorage.setItem(KEY, token);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode quota): the token then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token, `null` when signed out, `undefined` while rendering on the server. */
export function useSessionToken(): string | null | undefined {
  return useSyncExternalStore(subscribe, read, () => undefined);
}
