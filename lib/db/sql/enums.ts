export const TokenType = {
    ADMIN: "ADMIN",
    CUSTOMER: "CUSTOMER"
} as const;
export type TokenType = (typeof TokenType)[keyof typeof TokenType];
export const OrderStatus = {
    PENDING: "PENDING",
    PAID: "PAID",
    COMPLETED: "COMPLETED",
    EXPIRED: "EXPIRED",
    FAILED: "FAILED",
    REFUNDED: "REFUNDED"
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const RefundStatus = {
    DUE: "DUE",
    PAID: "PAID",
    PAYING: "PAYING",
    FAILED: "FAILED",
    WRITTEN_OFF: "WRITTEN_OFF"
} as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];
export const PaymentType = {
    card: "card",
    crypto: "crypto"
} as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const OrderKind = {
    PURCHASE: "PURCHASE",
    RENEWAL: "RENEWAL"
} as const;
export type OrderKind = (typeof OrderKind)[keyof typeof OrderKind];
export const PaymentStatus = {
    pending: "pending",
    unpaid: "unpaid",
    underpaid: "underpaid",
    paid: "paid",
    overpaid: "overpaid",
    creating: "creating",
    requires_payment_method: "requires_payment_method",
    processing: "processing",
    succeeded: "succeeded",
    mismatched: "mismatched",
    canceled: "canceled"
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const TestIntentStatus = {
    requires_payment_method: "requires_payment_method",
    succeeded: "succeeded",
    canceled: "canceled"
} as const;
export type TestIntentStatus = (typeof TestIntentStatus)[keyof typeof TestIntentStatus];
export const WebhookDeliveryStatus = {
    pending: "pending",
    delivered: "delivered",
    failed: "failed"
} as const;
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[keyof typeof WebhookDeliveryStatus];
