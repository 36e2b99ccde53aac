import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { currentRequestScope } from "@/lib/db/arrival-order";

// What a request costs the outside world: every DNS query, JSON-RPC call and CCIP-Read gateway
// request made on its behalf is counted, before it is sent, against the budget of whoever made
// the request (issue 32: a batch of 100 unknown ICANN names is some 700 DNS queries, not 100
// requests). The HTTP layer runs each handler under a meter; a meter that refuses (the budget is
// spent) throws, and the call is not made. Work outside a request (jobs) is not metered.

export type OutboundKind = "dns" | "rpc" | "gateway";

export type OutboundMeter = (kind: OutboundKind, count: number) => void;

const meters = new AsyncLocalStorage<OutboundMeter>();

/**
 * Runs `work` under `meter`. Inside a request (lib/db/arrival-order.ts) the first meter is kept in
 * the request's scope, whose async context its work already runs in: no second context per
 * request. A meter within it (a handler calling another) gets a context of its own, asked first.
 */
export function meterOutbound<T>(meter: OutboundMeter, work: () => T): T {
  const scope = currentRequestScope();
  if (scope === undefined || scope.outbound !== undefined) return meters.run(meter, work);
  scope.outbound = meter as (kind: string, count: number) => void;
  return work();
}

/** Counts `count` outbound calls about to be made; throws when the caller's budget cannot pay. */
export function countOutbound(kind: OutboundKind, count = 1): void {
  (meters.getStore() ?? currentRequestScope()?.outbound)?.(kind, count);
}
