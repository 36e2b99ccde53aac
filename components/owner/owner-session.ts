"use client";
// The owner's session (from Sign-In with Ethereum) lives in sessionStorage only, like a partner's
// token: gone when the tab closes, never in a URL or a cookie.
import { useSyncExternalStore } from "react";

export interface OwnerSession {
  token: string;
  address: string;
  expiresAt: string;
}

const KEY = "namesvc.ownerSession";
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastSession: OwnerSession | null = null;
/** Where the session is kept when the browser refuses storage (private mode quotas). */
let memory: string | null = null;

function read(): OwnerSession | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY) ?? memory;
  } catch {
    raw = memory;
  }
  if (raw === lastRaw) return lastSession;
  lastRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as OwnerSession) : null;
    lastSession = parsed && new Date(parsed.expiresAt).getTime() > Date.now() ? parsed : null;
  } catch {
    lastSession = null;
  }
  return lastSession;
}

export function setOwnerSession(session: OwnerSession | null) {
  memory = null;
  try {
    if (session) window.sessionStorage.setItem(KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: the session then lasts for this page only.
    memory = session ? JSON.stringify(session) : null;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, `null` when signed out, `undefined` while rendering on the server. */
export function useOwnerSession(): OwnerSession | null | undefined {
  return useSyncExternalStore(subscribe, read, () => undefined);
}
