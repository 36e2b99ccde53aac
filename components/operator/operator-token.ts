"use client";
// The operator's token lives in sessionStorage only, under a key of its own: never beside a
// partner's token, in a URL or a cookie.
import { useSyncExternalStore } from "react";

const KEY = "namesvc.operatorToken";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setOperatorToken(token: string | null) {
  try {
    if (token) window.sessionStorage.setItem(KEY, token);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: the token then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token, `null` when signed out, `undefined` while rendering on the server. */
export function useOperatorToken(): string | null | undefined {
  return useSyncExternalStore(subscribe, read, () => undefined);
}
