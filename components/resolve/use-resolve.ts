"use client";
// Forward and reverse resolution through the API. Endpoints 1 and 2 need an access token: the
// partner's token of this browser session. Without one nothing is asked (the answer would be 401).
import { useQuery } from "@tanstack/react-query";
import { apiClient, bearer, unwrap } from "../api/client";
import { useSessionToken } from "../session-token";

export function useResolve(name: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ["resolve", name, token ?? null],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient.GET("/v1/resolve/{domain}", { params: { path: { domain: name } }, headers: bearer(token), signal }),
      ),
    enabled: typeof token === "string" && name.length > 0,
  });
}

export function useReverse(address: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ["reverse", address, token ?? null],
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET("/v1/reverse/{address}", { params: { path: { address } }, headers: bearer(token), signal })),
    enabled: typeof token === "string" && address.length > 0,
  });
}
