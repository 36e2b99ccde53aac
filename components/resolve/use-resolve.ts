"use client";
// Forward and reverse resolution for the pages: anonymous through the app's lookup routes, or
// through the partner API when a partner pasted a token in this tab (see lookup.ts).
import { useQuery } from "@tanstack/react-query";
import { useSessionToken } from "../session-token";
import { lookup } from "./lookup";

function useLookup(kind: "resolve" | "reverse", subject: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [kind, subject, token ?? null],
    queryFn: ({ signal }) => lookup(kind, subject, token, signal),
    // Undefined while rendering on the server: the tab's token is not known yet.
    enabled: token !== undefined && subject.length > 0,
  });
}

export const useResolve = (name: string) => useLookup("resolve", name);
export const useReverse = (address: string) => useLookup("reverse", address);
