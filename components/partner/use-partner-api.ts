"use client";
// Calls of the partner dashboard, with the session's token: `call((headers) => apiClient.GET(…,
// { headers }))`. A 401 means the token stopped working (expired or deleted): the dashboard then
// asks to sign in again.
import { useCallback } from "react";
import { ApiRequestError, bearer, unwrap } from "../api/client";
import { setSessionToken, useSessionToken } from "../session-token";

type Headers = ReturnType<typeof bearer>;

export function usePartnerApi() {
  const token = useSessionToken();
  return useCallback(
    async <T>(request: (headers: Headers) => Promise<{ data?: T; error?: unknown; response: Response }>) => {
      try {
        return await unwrap(request(bearer(token)));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) setSessionToken(null);
        throw error;
      }
    },
    [token],
  );
}
