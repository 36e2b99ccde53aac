"use client";
// The signed-in owner's names, page by page, with sign-out; a 401 (the session expired or was
// signed out elsewhere) ends the session in this tab so the wallet sign-in shows again.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiClient, ApiRequestError, bearer, unwrap } from "../api/client";
import { setOwnerSession, type OwnerSession } from "./owner-session";

const PAGE_SIZE = 50;

export function useOwnerNames(session: OwnerSession) {
  const client = useQueryClient();
  const names = useInfiniteQuery({
    queryKey: ["owner-names", session.token],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        apiClient.GET("/v1/owner/names", {
          params: { query: { pageSize: PAGE_SIZE, pageToken: pageParam || undefined } },
          headers: bearer(session.token),
          signal,
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPaginationToken || undefined,
  });
  const signOut = useMutation({
    mutationFn: () => unwrap(apiClient.DELETE("/v1/owner/session", { headers: bearer(session.token) })),
    onSettled: () => setOwnerSession(null),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["owner-names", session.token] });

  const ended = names.isError && names.error instanceof ApiRequestError && names.error.status === 401;
  useEffect(() => {
    if (ended) setOwnerSession(null);
  }, [ended]);
  const all = names.data?.pages.flatMap((page) => page.names) ?? [];
  return { names, all, signOut, refresh };
}
