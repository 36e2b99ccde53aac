"use client";
// Calls of the partner dashboard, with the session's token. A 401 means the token stopped
// working (expired or deleted): the dashboard then asks to sign in again.
import { useCallback } from "react";
import { api, ApiRequestError, type ApiOptions } from "../api/client";
import { setSessionToken, useSessionToken } from "../session-token";

export function usePartnerApi() {
  const token = useSessionToken();
  return useCallback(
    async <T>(path: string, options: Omit<ApiOptions, "token"> = {}): Promise<T> => {
      try {
        return await api<T>(path, { ...options, token: token ?? undefined });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) setSessionToken(null);
        throw error;
      }
    },
    [token],
  );
}
