// The webhook event types, as plain constants: pages import them without loading any schema (a
// page's server bundle has its own copy of a module, and every copy of a schema with an id lands
// in zod's one global registry, which the OpenAPI document is built from).

export const SUBNAME_EVENTS = [
  "subname.created",
  "subname.revoked",
  "subname.transferred",
  "subname.records_updated",
  "subname.expiring",
] as const;
export const WEBHOOK_EVENT_TYPES = [
  "order.paid",
  "order.completed",
  "order.expired",
  "order.failed",
  "order.refunded",
  "refund.owed",
  "refund.paid",
  ...SUBNAME_EVENTS,
  "parent.misconfigured",
] as const;
