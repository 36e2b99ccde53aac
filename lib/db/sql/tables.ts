import type { ColumnType } from "kysely";
export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

import type { TokenType, OrderStatus, RefundStatus, PaymentType, OrderKind, PaymentStatus, TestIntentStatus, WebhookDeliveryStatus } from "./enums";

export type AccessToken = {
    id: string;
    partner_id: string;
    label: string;
    type: TokenType;
    valid_from: Timestamp;
    valid_till: Timestamp;
    /**
     * Last characters of the signature, so a listing can tell tokens apart without revealing them.
     */
    hint: string;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
};
export type BuyerMail = {
    /**
     * `receipt:<orderId>`, `refund-owed:<refundId>` or `refund-paid:<refundId>`.
     */
    key: string;
    recipient: string;
    sent_at: Timestamp | null;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    last_error: string | null;
    created_at: Generated<Timestamp>;
};
export type CardDispute = {
    /**
     * Stripe's dispute id (dp_…).
     */
    id: string;
    payment_id: string;
    order_id: string;
    amount_cents: number;
    reason: string;
    /**
     * Stripe's status (`needs_response`, `under_review`, `won`, `lost`, …).
     */
    status: string;
    due_by: Timestamp | null;
    opened_at: Generated<Timestamp>;
    closed_at: Timestamp | null;
};
export type ChainBlock = {
    chain: string;
    number: string;
    hash: string;
    time: Timestamp;
};
export type ChainCursor = {
    chain: string;
    block: string;
    /**
     * Hash and time of `block`: a different hash at that height later means a reorganisation.
     */
    block_hash: string | null;
    block_time: Timestamp | null;
    updated_at: Timestamp;
};
export type CryptoTransfer = {
    id: string;
    payment_id: string;
    chain: string;
    tx_hash: string;
    log_index: number;
    block_number: string;
    /**
     * Hash of the block that holds the transfer, checked again when the chain reorganises.
     */
    block_hash: string | null;
    amount: string;
    /**
     * Who sent it (lower-case for EVM), where the chain says: where a refund goes.
     */
    from_address: string | null;
    created_at: Generated<Timestamp>;
};
export type DerivationCounter = {
    key: string;
    next_index: Generated<number>;
};
export type DnsRecord = {
    id: string;
    domain_id: string;
    name: string;
    type: string;
    value: string;
    ttl: number;
};
export type Domain = {
    id: string;
    /**
     * Normalized full name, e.g. `alice.web3` or `shop.brand.web3`.
     */
    name: string;
    /**
     * ENS-style namehash of `name`, hex with 0x.
     */
    node: string;
    label: string;
    tld: string;
    parent_id: string | null;
    /**
     * Owner as given (checksummed for EVM); `ownerKey` is its lower-case form for lookups.
     */
    owner_address: string;
    owner_key: string;
    partner_id: string | null;
    content_hash: Generated<string>;
    subdomains_enabled: Generated<boolean>;
    /**
     * Price per year of a sub-domain in USD cents, set by the parent's owner.
     */
    subdomain_price_cents: number | null;
    /**
     * Sub-domains created under this name, kept with each insert so a listing never counts rows.
     */
    subdomain_count: Generated<number>;
    expires_at: Timestamp | null;
    /**
     * Set when the payment for the name was refunded or lost in a dispute: the name stops resolving.
     */
    suspended_at: Timestamp | null;
    suspended_reason: string | null;
    /**
     * Start of the current registration: a name bought again after its grace period starts anew,
     * and a renewal ordered before that no longer applies to it.
     */
    registered_at: Generated<Timestamp>;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
    /**
     * Lower-case address the partner issued this sub-domain to (its issuance endpoint); null when
     * it was bought. Reverse resolution within the parent answers it only while that address owns it.
     */
    issued_to_key: string | null;
};
export type FreeDerivationIndex = {
    /**
     * The DerivationCounter key: family and extended public key.
     */
    key: string;
    derivation_index: number;
    /**
     * The expired payment the address served last.
     */
    payment_id: string;
    released_at: Generated<Timestamp>;
};
export type LedgerEntry = {
    id: string;
    /**
     * What makes the movement unique (`sale:pi_…`, `refund:re_…`, `sale:<transfer id>`): a
     * replayed event writes nothing twice.
     */
    entry_key: string;
    kind: string;
    /**
     * `USD` (amount in cents) or the crypto ticker (amount in its smallest unit).
     */
    currency: string;
    decimals: number;
    amount_atomic: string;
    /**
     * The amount's value in US cents when it moved; null for crypto without a known rate.
     */
    usd_cents: string | null;
    partner_id: string | null;
    order_id: string | null;
    /**
     * Stripe's PaymentIntent, refund or dispute id, or `chain:txHash`.
     */
    reference: string;
    occurred_at: Generated<Timestamp>;
    /**
     * `partner_share` moved by the card processor itself (a destination charge's transfer, or its
     * reversal): the platform owes the partner nothing for it.
     */
    transferred: Generated<boolean>;
};
export type NameReservation = {
    domain: string;
    order_id: string;
    created_at: Generated<Timestamp>;
};
export type OperatorAudit = {
    id: string;
    at: Generated<Timestamp>;
    /**
     * The operator token's subject and id (`operator`, jti).
     */
    operator: string;
    token_id: string;
    action: string;
    /**
     * `order:<id>`, `refund:<id>`, `name:<name>`, `partner:<id>` (a payout).
     */
    target: string;
    reason: string;
    detail: Generated<unknown>;
};
export type Order = {
    id: string;
    kind: Generated<OrderKind>;
    domain: string;
    name_service: Generated<string>;
    /**
     * Parent domain when the name is a partner's sub-domain.
     */
    parent_id: string | null;
    partner_id: string | null;
    owner_address: string;
    owner_email: string | null;
    owner_name: string | null;
    external_user_id: string | null;
    wallet_addrs: Generated<unknown>;
    years: number;
    base_currency: Generated<string>;
    base_price_cents: number;
    currency: string;
    /**
     * Amount due in `currency`, as a decimal string in that currency's unit (exact).
     */
    price: string;
    payment_type: PaymentType;
    payment_reference_id: string;
    order_status: Generated<OrderStatus>;
    order_status_reason: Generated<string>;
    /**
     * Card purchases: the client's idempotency key and a hash of the request it came with.
     */
    checkout_id: string | null;
    request_hash: string | null;
    /**
     * Client address (lib/http/client-address.ts) the purchase came from, for the unpaid-hold limit.
     */
    client_address: string | null;
    expires_at: Timestamp | null;
    paid_at: Timestamp | null;
    completed_at: Timestamp | null;
    /**
     * Renewals: the name's expiry once this order extended it.
     */
    name_expires_at: Timestamp | null;
    /**
     * Crypto renewals: the offer answered, so a replay of the same checkoutId answers it again.
     */
    replay_response: unknown | null;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
    /**
     * The partner whose access token the purchase or renewal carried: its unpaid orders are bounded
     * per partner (UNPAID_HOLDS_PER_PARTNER) instead of per client address.
     */
    creator_partner_id: string | null;
};
export type OrderEvent = {
    id: string;
    order_id: string;
    status: OrderStatus;
    reason: Generated<string>;
    created_at: Generated<Timestamp>;
};
export type OwnerNonceUse = {
    nonce: string;
    used_at: Generated<Timestamp>;
};
export type OwnerSession = {
    id: string;
    /**
     * Lower-case EVM address that signed in.
     */
    address: string;
    expires_at: Timestamp;
    created_at: Generated<Timestamp>;
};
export type Partner = {
    id: string;
    name: string;
    /**
     * Stripe connected account that receives the card payments of this partner's sales (acct_…).
     */
    payout_account_id: string | null;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
};
export type PartnerEvent = {
    id: string;
    seq: Generated<string>;
    partner_id: string;
    type: string;
    object_key: string;
    data: unknown;
    created_at: Generated<Timestamp>;
    /**
     * Events a job derives from state (`subname.expiring`) are written once per key.
     */
    dedupe_key: string | null;
    /**
     * False only while the transaction that wrote it runs: its `seq` is given again at commit (a
     * partial index of the unnumbered rows is in the migration: Prisma cannot declare it).
     */
    numbered: Generated<boolean>;
};
export type PartnerOwnerAddress = {
    /**
     * Lower-case EVM address.
     */
    address: string;
    partner_id: string;
    created_at: Generated<Timestamp>;
};
export type Payment = {
    /**
     * Equal to the order's paymentReferenceId.
     */
    id: string;
    order_id: string;
    /**
     * `test`, `stripe`, `evm` or `bitcoin`.
     */
    processor: string;
    /**
     * PaymentIntent id for cards; unused for crypto.
     */
    processor_ref: string | null;
    processor_customer_id: string | null;
    connected_account_id: string | null;
    /**
     * Crypto: chain key (e.g. `eip155:1`, `bitcoin:regtest`), deposit address and derivation index.
     */
    chain: string | null;
    deposit_address: string | null;
    derivation_index: number | null;
    token_contract: string | null;
    decimals: number | null;
    /**
     * Amounts in the smallest unit of the payment currency (numeric; lib/db/amounts.ts crosses to bigint).
     */
    amount_due: string;
    amount_received: Generated<string>;
    confirmations: Generated<number>;
    status: Generated<PaymentStatus>;
    /**
     * Money was recorded (a credit, a card success) that the order has not been settled against yet.
     */
    settlement_due: Generated<boolean>;
    /**
     * Card: the order ended without this payment and its intent is still to be cancelled at the processor.
     */
    cancel_due: Generated<boolean>;
    /**
     * Card: the session a replayed purchase answers with, so a replay asks the processor for nothing.
     */
    processor_client_secret: string | null;
    processor_ephemeral_key: string | null;
    processor_ephemeral_key_expires_at: Timestamp | null;
    /**
     * Card: when an order read last asked the processor about this payment.
     */
    processor_checked_at: Timestamp | null;
    expires_at: Timestamp | null;
    /**
     * Crypto: `kept` once the watcher took its final look at the deposit address after the payment's
     * monitoring ended (addresses are never handed out again); `released` only on rows from before
     * that rule, whose index went back to the pool; null until then.
     */
    address_reuse: string | null;
    /**
     * Crypto: the USD price of one coin the offer was priced at, its source and when it was read.
     */
    usd_per_unit: string | null;
    rate_source: string | null;
    rate_fetched_at: Timestamp | null;
    /**
     * The platform's fee on a partner's sale, in cents, decided with the order: a card sale's
     * application_fee_amount (to a connected account), a crypto sale's split when it completes.
     */
    platform_fee_cents: number | null;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
    /**
     * Crypto: money the watcher sees sent to the deposit address (in the mempool, or in blocks without
     * the required confirmations yet) and not credited, in the smallest unit; '0' when none.
     */
    unconfirmed_amount: Generated<string>;
    /**
     * The fewest confirmations among those transfers (0 in the mempool), of confirmationsRequired.
     */
    unconfirmed_confirmations: Generated<number>;
    confirmations_required: number | null;
    /**
     * When the watcher first saw the unconfirmed money; null when there is none.
     */
    unconfirmed_since: Timestamp | null;
    /**
     * Until when the order keeps its hold past its offer's expiry: set while the money received and
     * seen covers the amount due and was first seen before the offer expired; null otherwise.
     */
    in_flight_until: Timestamp | null;
    /**
     * Crypto paid after its offer expired: the USD price of one coin when the first late transfer
     * was credited, its source, and the amount due at that rate (what the late payment is held to).
     */
    arrival_usd_per_unit: string | null;
    arrival_rate_source: string | null;
    arrival_amount_due: string | null;
};
export type RateLimitWindow = {
    key: string;
    count: number;
    reset_at: Timestamp;
};
export type Refund = {
    id: string;
    order_id: string;
    payment_id: string;
    /**
     * The order's partner, whose ADMIN lists the refund.
     */
    partner_id: string | null;
    /**
     * `card` or `crypto`.
     */
    method: string;
    status: Generated<RefundStatus>;
    /**
     * Why the money is owed, in words.
     */
    reason: string;
    /**
     * `USD` for cards (amount in cents), else the crypto ticker (amount in its smallest unit).
     */
    currency: string;
    decimals: number;
    amount_atomic: string;
    chain: string | null;
    /**
     * Crypto: the sender of the transfers, where the refund is to be sent.
     */
    sender_address: string | null;
    /**
     * The payment id while the row is DUE; null once paid, so a payment has one open row at most.
     */
    open_for: string | null;
    /**
     * Card: the processor's refund id (re_…).
     */
    processor_refund_id: string | null;
    /**
     * Crypto: what the operator recorded for the payout (a transaction hash).
     */
    payout_reference: string | null;
    paid_at: Timestamp | null;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
    /**
     * Card: the processor's word on its refund (`pending`, `requires_action`, `succeeded`, `failed`,
     * `canceled`); PAID only once it is `succeeded`.
     */
    processor_status: string | null;
    /**
     * Crypto: when the operator started the payout (the row is frozen from then on).
     */
    payout_started_at: Timestamp | null;
    /**
     * Crypto: the address the buyer claimed the refund to (the sender's is only the default).
     */
    refund_address: string | null;
    claimed_at: Timestamp | null;
    /**
     * How the claim was proven: `owner:<address>` (signed in) or `email` (a mailed link).
     */
    claimed_by: string | null;
};
export type RefundClaimLink = {
    id: string;
    order_id: string;
    token_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Generated<Timestamp>;
};
export type ReversedTransfer = {
    id: string;
    payment_id: string;
    order_id: string;
    chain: string;
    tx_hash: string;
    log_index: number;
    block_number: string;
    block_hash: string | null;
    amount: string;
    /**
     * When the transfer had been credited (its block's time).
     */
    credited_at: Timestamp;
    reversed_at: Generated<Timestamp>;
    /**
     * `order-reverted` (PAID back to PENDING), `noted` (order not settled yet), `covered` (what
     * remains still pays the order), `after-fulfilment` (the name was registered; reported).
     */
    outcome: string | null;
    handled_at: Timestamp | null;
    /**
     * Set when the payment is covered again, e.g. the transaction was confirmed in a later block.
     */
    resolved_at: Timestamp | null;
};
export type ReverseRecord = {
    /**
     * Lower-case address.
     */
    address: string;
    domain_id: string;
    created_at: Generated<Timestamp>;
};
export type SubdomainDailyCount = {
    parent_id: string;
    day: Timestamp;
    count: number;
};
export type TestPaymentIntent = {
    id: string;
    client_secret: string;
    customer_id: string;
    amount: number;
    currency: string;
    status: TestIntentStatus;
    connected_account_id: string | null;
    idempotency_key: string | null;
    metadata: Generated<unknown>;
    created_at: Generated<Timestamp>;
    updated_at: Timestamp;
};
export type TextRecord = {
    id: string;
    domain_id: string;
    key: string;
    value: string;
};
export type Tld = {
    name: string;
    created_at: Generated<Timestamp>;
    /**
     * `native`: a TLD the registry operates. `ens`: ENS's (e.g. `eth`), present only so that a
     * partner's ENS parent (`brand.eth`) and the sub-names it issues can be registry rows, served
     * to ENS clients by the CCIP-Read gateway; such a TLD sells no second-level names.
     */
    name_service: Generated<string>;
};
export type UnattributedDeposit = {
    id: string;
    payment_id: string;
    order_id: string;
    chain: string;
    deposit_address: string;
    currency: string;
    decimals: number;
    amount_atomic: string;
    reason: string;
    found_at: Generated<Timestamp>;
    resolved_at: Timestamp | null;
};
export type WalletRecord = {
    id: string;
    domain_id: string;
    /**
     * Ticker from the interface's Coin enumeration.
     */
    coin: string;
    /**
     * Label of the token standard or network, e.g. `ERC20`, `BASE`, `NATIVE`.
     */
    version: string;
    /**
     * SLIP-44 coin type (ENSIP-9; ENSIP-11 for EVM chains).
     */
    coin_type: string;
    address: string;
};
export type WebhookDelivery = {
    id: string;
    endpoint_id: string;
    event_id: string;
    object_key: string;
    seq: string;
    status: Generated<WebhookDeliveryStatus>;
    attempts: Generated<number>;
    next_attempt_at: Timestamp;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: Timestamp | null;
    created_at: Generated<Timestamp>;
    updated_at: Generated<Timestamp>;
};
export type WebhookEndpoint = {
    id: string;
    partner_id: string;
    url: string;
    /**
     * Event types delivered to this endpoint.
     */
    events: string[];
    secret_cipher: string;
    /**
     * Set after 3 days of failed deliveries (or by the partner); nothing is delivered then.
     */
    disabled_at: Timestamp | null;
    disabled_reason: string | null;
    created_at: Generated<Timestamp>;
};
export type WebhookEvent = {
    id: string;
    type: string;
    received_at: Generated<Timestamp>;
};
export type DB = {
    access_token: AccessToken;
    buyer_mail: BuyerMail;
    card_dispute: CardDispute;
    chain_block: ChainBlock;
    chain_cursor: ChainCursor;
    crypto_transfer: CryptoTransfer;
    derivation_counter: DerivationCounter;
    dns_record: DnsRecord;
    domain: Domain;
    free_derivation_index: FreeDerivationIndex;
    ledger_entry: LedgerEntry;
    name_reservation: NameReservation;
    operator_audit: OperatorAudit;
    order: Order;
    order_event: OrderEvent;
    owner_nonce_use: OwnerNonceUse;
    owner_session: OwnerSession;
    partner: Partner;
    partner_event: PartnerEvent;
    partner_owner_address: PartnerOwnerAddress;
    payment: Payment;
    rate_limit_window: RateLimitWindow;
    refund: Refund;
    refund_claim_link: RefundClaimLink;
    reverse_record: ReverseRecord;
    reversed_transfer: ReversedTransfer;
    subdomain_daily_count: SubdomainDailyCount;
    test_payment_intent: TestPaymentIntent;
    text_record: TextRecord;
    tld: Tld;
    unattributed_deposit: UnattributedDeposit;
    wallet_record: WalletRecord;
    webhook_delivery: WebhookDelivery;
    webhook_endpoint: WebhookEndpoint;
    webhook_event: WebhookEvent;
};
