"use client";
// Which parents the dashboard shows is a preference, not a secret: kept in localStorage, shared by
// every tab (the storage event) and every component of this tab (the listeners).
import { useMemo, useState, useSyncExternalStore } from "react";

const PARENTS_KEY = "namesvc.parentDomains";

const savedListeners = new Set<() => void>();

function subscribeToSaved(onChange: () => void): () => void {
  savedListeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    savedListeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readSaved(): string {
  try {
    return window.localStorage.getItem(PARENTS_KEY) ?? "[]";
  } catch {
    return "[]";
  }
}

function parseSaved(text: string): string[] {
  try {
    const saved: unknown = JSON.parse(text);
    return Array.isArray(saved) ? saved.filter((p): p is string => typeof p === "string") : [];
  } catch {
    // A corrupt preference is simply forgotten.
    return [];
  }
}

/** The parent domains this browser shows, and how to change the list. */
export function useSavedParents(): { parents: string[]; save: (next: string[]) => void } {
  const saved = useSyncExternalStore(subscribeToSaved, readSaved, () => "[]");
  // Where storage refuses writes (private windows), the list lives in this tab only.
  const [unsaved, setUnsaved] = useState<string[] | null>(null);
  const parents = useMemo(() => unsaved ?? parseSaved(saved), [unsaved, saved]);

  function save(next: string[]) {
    try {
      window.localStorage.setItem(PARENTS_KEY, JSON.stringify(next));
      for (const notify of savedListeners) notify();
    } catch {
      setUnsaved(next);
    }
  }

  return { parents, save };
}
