"use client";
// Forward and reverse resolution through the API. Endpoints 1 and 2 need an access token: the
// partner's token of this browser session. Without one nothing is asked (the answer would be 401).
import { useQuery } from "@tanstack/react-query";
import type { ResolveResult } from "@/lib/api/schemas/resolve";
import { api } from "../api/client";
import { useSessionToken } from "../session-token";

export function useResolve(name: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ["resolve", name, token ?? null],
    queryFn: ({ signal }) =>
      api<ResolveResult>(`/v1/resolve/${encodeURIComponent(name)}`, { token: token ?? undefined, signal }),
    enabled: typeof token === "string" && name.length > 0,
  });
}

export function useReverse(address: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ["reverse", address, token ?? null],
    queryFn: ({ signal }) =>
      api<ResolveResult>(`/v1/reverse/${encodeURIComponent(address)}`, { token: token ?? undefined, signal }),
    enabled: typeof token === "string" && address.length > 0,
  });
}
