"use client";
import { useQuery } from "@tanstack/react-query";
import type { Order } from "@/lib/contract/schemas/market";
import { apiClient, unwrap } from "../api/client";

export const FINAL_STATUSES: readonly Order["orderStatus"][] = ["COMPLETED", "EXPIRED", "FAILED", "REFUNDED"];

/** The order, read again every few seconds until it reaches a final state. */
export function useOrder(orderId: string, intervalMs = 2_000) {
  return useQuery({
    queryKey: ["order", orderId],
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET("/v1/market/order/{orderID}", { params: { path: { orderID: orderId } }, signal })),
    refetchInterval: (query) =>
      query.state.data && FINAL_STATUSES.includes(query.state.data.orderStatus) ? false : intervalMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
