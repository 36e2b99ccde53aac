"use client";
// A small GET hook for the home page, which stays free of the query library to keep its
// JavaScript light. The previous answer stays shown while the next one loads.
import { useCallback, useEffect, useState } from "react";
import { api } from "./client";

interface Settled<T> {
  key: string;
  data?: T;
  error?: Error;
}

export function useApiGet<T>(path: string | null, token?: string) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key = path === null ? null : `${attempt}:${token ?? ""}:${path}`;

  useEffect(() => {
    if (path === null || key === null) return;
    const controller = new AbortController();
    api<T>(path, { token, signal: controller.signal }).then(
      (data) => setSettled({ key, data }),
      (error: Error) => {
        if (error.name !== "AbortError") setSettled({ key, error });
      },
    );
    return () => controller.abort();
  }, [path, token, key]);

  const current = settled !== null && settled.key === key;
  return {
    data: settled?.data,
    error: current ? settled.error : undefined,
    isFetching: key !== null && !current,
    refetch: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
