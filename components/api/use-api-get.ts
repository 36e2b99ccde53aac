"use client";
// A small GET hook for the home page, which stays free of the query library to keep its
// JavaScript light. `key` names the request (null asks nothing); `load` makes it with the typed
// client. The previous answer stays shown while the next one loads.
import { useCallback, useEffect, useRef, useState } from "react";

interface Settled<T> {
  key: string;
  data?: T;
  error?: Error;
}

export function useApiGet<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // The loader changes with every render; the key says when the request does.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  const request = key === null ? null : `${attempt}:${key}`;

  useEffect(() => {
    if (request === null) return;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setSettled({ key: request, data }),
      (error: Error) => {
        if (error.name !== "AbortError") setSettled({ key: request, error });
      },
    );
    return () => controller.abort();
  }, [request]);

  const current = settled !== null && settled.key === request;
  return {
    data: settled?.data,
    error: current ? settled.error : undefined,
    isFetching: request !== null && !current,
    refetch: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
