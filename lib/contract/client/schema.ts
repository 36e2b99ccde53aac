// Generated from GET /v1/openapi.json by `npm run openapi:types` (openapi-typescript); do not edit.
// A test fails when this file no longer matches the document.
export interface paths {
  "/v1/ens/ccip": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * CCIP-Read gateway (POST)
     * @description EIP-3668's POST form: JSON { sender, data }. Decodes the lookup's resolve(bytes name, bytes data) (the name DNS-encoded, ENSIP-10) and answers the inner query from the registry's records of the name, the same GET /v1/resolve gives: addr(bytes32), addr(bytes32,uint256) for any ENSIP-9/ENSIP-11 coin type, text(bytes32,string), contenthash(bytes32) (EIP-1577) and multicall(bytes[]) of those (at most 64). An unset record answers its empty value. Names are served under a partner's ENS parent domain (brand.eth) held by the registry; a name under it that the registry does not hold (never issued, revoked, expired) answers every record unset. The answer is signed for the resolver that asked and expires after ENS_GATEWAY_TTL_SECONDS. 404: the sender is not one of our resolvers, or the name is under no parent of ours; 400: callData that is not resolve(bytes,bytes), a name that is not DNS-encoded or not normalised (ENSIP-15), a query whose node is not the name's namehash; 503: no signing key is configured (ENS_GATEWAY_SIGNER_KEY with PostgreSQL).
     */
    post: operations["postV1EnsCcip"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/ens/ccip/{sender}/{data}.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * CCIP-Read gateway (GET)
     * @description EIP-3668's GET form, the URL template our resolvers revert with. Decodes the lookup's resolve(bytes name, bytes data) (the name DNS-encoded, ENSIP-10) and answers the inner query from the registry's records of the name, the same GET /v1/resolve gives: addr(bytes32), addr(bytes32,uint256) for any ENSIP-9/ENSIP-11 coin type, text(bytes32,string), contenthash(bytes32) (EIP-1577) and multicall(bytes[]) of those (at most 64). An unset record answers its empty value. Names are served under a partner's ENS parent domain (brand.eth) held by the registry; a name under it that the registry does not hold (never issued, revoked, expired) answers every record unset. The answer is signed for the resolver that asked and expires after ENS_GATEWAY_TTL_SECONDS. 404: the sender is not one of our resolvers, or the name is under no parent of ours; 400: callData that is not resolve(bytes,bytes), a name that is not DNS-encoded or not normalised (ENSIP-15), a query whose node is not the name's namehash; 503: no signing key is configured (ENS_GATEWAY_SIGNER_KEY with PostgreSQL).
     */
    get: operations["getV1EnsCcipSenderDataJson"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/ens/gateway": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The gateway's set-up
     * @description What a partner points its ENS parent's resolver at, and what a client checks a set-up against: the signer addresses our resolvers trust, the gateway URL template (ENS_GATEWAY_URL, or this server's origin) and our resolvers by chain (ENS_RESOLVERS). 503 when no signing key is configured.
     */
    get: operations["getV1EnsGateway"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/crypto/purchase": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a crypto purchase
     * @description Creates a PENDING order holding the name, with a fresh deposit address, the amount converted from the USD price (rounded up to the smallest unit; `amount` is that exact decimal, written digit for digit), an EIP-681 (ETH, USDC) or BIP21 (BTC) URI and the offer's expiry. A payment within the dust tolerance of the amount (the larger of one unit at the wallet's display precision, 8 decimals for ETH and BTC and 2 for USDC, and 0.01% of the amount) counts as exact. Over-, under- and late payments the order cannot use are owed back to the sender (listed by GET /v1/partner/refunds). Open unpaid orders (purchases and renewals) are bounded by who created them: the client address (UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the body is 400; a bad token is 401, a CUSTOMER token 403. USDC answers 503 (field `currency`, with the reason) while a custom token contract's decimals cannot be read.
     */
    post: operations["postV1MarketCryptoPurchase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/crypto/renew": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Renew a name by crypto
     * @description Extends a name by `years` (1 to 10), paid in ETH, USDC or BTC to a fresh deposit address like a crypto purchase (endpoint 12's answer). Anyone may pay. The name must be registered or in its grace period (past it, 409: buy it instead); the price is the name's yearly price today. The order goes through the purchase's states (PENDING → PAID → COMPLETED, or EXPIRED / FAILED / REFUNDED); on completion only the expiry changes, extended from the old expiry, and the order's `renewal.nameExpiresAt` and `orderStatusReason` give the new one. A payment that arrives after the grace period ended, or for a name bought again meanwhile, fails the order (the renewal could not be applied) and is refunded as a purchase's would be: a card through the processor (the order ends REFUNDED with the refund id), crypto as an amount owed to the sender (GET /v1/partner/refunds). Card money goes where a purchase of the name would send it: the connected account of a sub-domain's parent partner, the platform for a second-level name; the request cannot choose. `checkoutId` is the idempotency key. Open unpaid orders (purchases and renewals) are bounded by who created them: the client address (UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the body is 400; a bad token is 401, a CUSTOMER token 403.
     */
    post: operations["postV1MarketCryptoRenew"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/order/{orderID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an order
     * @description `orderStatus`: PENDING (awaiting payment; a declined card attempt stays here while the intent can be paid; a crypto payment seen but not yet confirmed stays here with the reason `Payment seen, waiting for N confirmations (n of N)` and `paymentSeen`, and when it covers the amount and was seen before the offer expired the order keeps its name past the expiry until the payment confirms or leaves the mempool), PAID (payment confirmed, registering), COMPLETED (registered to `ownerAddress`), EXPIRED (the offer ran out with nothing received), FAILED (the payment can no longer be made, or money arrived that the order cannot use and is owed back), REFUNDED (the money went back: a card refund, with its id in the reason, a crypto payout, or a lost dispute; a name a purchase had registered is suspended, a renewal's years are taken back). Moves: PENDING → PAID → COMPLETED → REFUNDED; PENDING → EXPIRED → PAID (paid late, name still free) or FAILED (paid late or short, name gone); PENDING → FAILED → PAID (topped up, name free) or REFUNDED; PAID → FAILED (cannot be registered). `orderStatusReason` says why, including under-, over- and late payment. `price` is exact. A pending Stripe order is re-read from Stripe at most once every 5 seconds.
     */
    get: operations["getV1MarketOrderOrderID"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/order/{orderID}/refund-claim": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Claim an order's crypto refund to an address
     * @description Says where the order's crypto refund (DUE) is to be paid: an address on the chain the payment came from (400 otherwise). Proof that the order is the caller's: an owner session of the order's `ownerAddress` (`Authorization: Bearer <owner session token>` from POST /v1/owner/session), or `claimToken`, the code of a link mailed to the order's e-mail (single-use, valid an hour). Anyone else is 403 and nothing changes. 409 when no crypto refund is owed or its payout has started. Our own pages only (no CORS).
     */
    post: operations["postV1MarketOrderOrderIDRefundClaim"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/order/{orderID}/refund-claim-link": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a link that claims an order's crypto refund
     * @description Mails the order's e-mail a single-use link (valid an hour) to claim its DUE crypto refund; at most 3 an hour per order (429). 409 when the order has no e-mail or no crypto refund is owed; 503 when mail is not configured (`SMTP_URL`, `PUBLIC_ORIGIN`). Our own pages only (no CORS).
     */
    post: operations["postV1MarketOrderOrderIDRefundClaimLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/order/{orderID}/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an order's refunds
     * @description What is owed back on the order and what was paid back. A crypto refund goes to the address the buyer claimed (`refundAddress`), or else to the address the payment came from (`suggestedAddress`); `claimable` is true while it can still be claimed.
     */
    get: operations["getV1MarketOrderOrderIDRefunds"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/purchase": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a card purchase
     * @description Creates a PENDING order holding the name and a card-only PaymentIntent (Stripe, or the built-in test processor when no Stripe keys are set). `checkoutId` is the idempotency key: the same id with the same body answers the same order and the same session (the same ephemeral key while it is valid); with another body, 409. The offer holds the name for PAYMENT_OFFER_MINUTES (15 by default); a declined card keeps the hold, so another card may be tried. The payment goes to the connected account of the partner selling the name (a sub-domain's parent partner; none for second-level names): `processorConnectedAccountId` is accepted only when absent, empty or equal to it. Open unpaid orders (purchases and renewals) are bounded by who created them: the client address (UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the body is 400; a bad token is 401, a CUSTOMER token 403. A replayed checkoutId is not counted twice. A processor failure is 502: retry with the same checkoutId.
     */
    post: operations["postV1MarketPurchase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/renew": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Renew a name by card
     * @description Extends a name by `years` (1 to 10), paid by card like a purchase (endpoint 11's session fields). Anyone may pay. The name must be registered or in its grace period (past it, 409: buy it instead); the price is the name's yearly price today. The order goes through the purchase's states (PENDING → PAID → COMPLETED, or EXPIRED / FAILED / REFUNDED); on completion only the expiry changes, extended from the old expiry, and the order's `renewal.nameExpiresAt` and `orderStatusReason` give the new one. A payment that arrives after the grace period ended, or for a name bought again meanwhile, fails the order (the renewal could not be applied) and is refunded as a purchase's would be: a card through the processor (the order ends REFUNDED with the refund id), crypto as an amount owed to the sender (GET /v1/partner/refunds). Card money goes where a purchase of the name would send it: the connected account of a sub-domain's parent partner, the platform for a second-level name; the request cannot choose. `checkoutId` is the idempotency key. Open unpaid orders (purchases and renewals) are bounded by who created them: the client address (UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the body is 400; a bad token is 401, a CUSTOMER token 403.
     */
    post: operations["postV1MarketRenew"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/market/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search names for sale
     * @description For each name in `q` (space separated): whether it can be bought, why not (`taken`, `reserved` by an order awaiting payment, `invalid`, `unsupported_tld`, `parent_not_configured`), its yearly price in USD, and free alternatives for taken names. Cacheable for 5 seconds.
     */
    get: operations["getV1MarketSearch"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description The OpenAPI 3.1 description of the API, built from the schemas the handlers validate with.
     */
    get: operations["getV1OpenapiJson"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/actions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Act by hand, audited
     * @description One action, with a required `reason`, written to the audit log in the same transaction as the change: `accept-underpaid` (a short crypto order: what it received becomes the amount due, and it completes if its name is free), `write-off-dust` (a DUE crypto refund worth at most OPERATOR_DUST_USD is never owed again), `refund-order` (a COMPLETED order: a card through the processor, crypto as a refund owed of everything received; the order ends REFUNDED and its name suspended), `suspend-name`, `unsuspend-name`, `release-name` (the registration ends now: the name is back on the market). 404 for an unknown target, 409 when its state does not allow the action (nothing is changed or logged then).
     */
    post: operations["postV1OperatorActions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/audit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The operator's audit log
     * @description Every hand action, newest first: who (the operator token's subject and id), when, why, what, target.
     */
    get: operations["getV1OperatorAudit"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/ledger-check": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the ledger against Stripe and the chains
     * @description For movements in [from, to), per source, kind and currency: the ledger's card sales, refunds and lost disputes of Stripe payments against Stripe's balance transactions (reporting categories charge, refund and refund_failure, dispute), and its crypto sales and reorganisation losses against what the payment watchers credited and what reorganisations took back. `ok` is true when every line agrees. Operator token only (`npm run operator -- token`).
     */
    get: operations["getV1OperatorLedgerCheck"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/overview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What needs the operator
     * @description Every refund not yet returned on every partner's sales (DUE, PAYING, FAILED), deposits nobody expected (after the monitoring window, a wrong asset, a reused address), open card disputes with their evidence due dates (soonest first), credits a chain reorganisation took back after the name was registered, and what is stuck: card refunds failing or not made within an hour, card payments `processing` for more than 15 minutes, and each payment watcher's lag behind its chain's head.
     */
    get: operations["getV1OperatorOverview"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/partner-payouts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a payout to a partner
     * @description What the platform paid a partner for the shares it holds for it (crypto sales, card sales without a connected account): a `payout` row of the ledger, shown as `paidOut` on the partner's statement, and an entry of the operator's audit log (`partner-payout`, target `partner:<id>`). The same reference again records nothing new (another amount with it is 409); more than the platform holds for the partner in that currency is 409. Operator token only.
     */
    post: operations["postV1OperatorPartnerPayouts"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operator/reconciliation": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Reconcile the money orders moved
     * @description Per order created in [from, to): money received, refunded, owed and written off (dust the operator wrote off: kept, never paid) in the payment's currency, USD at receipt (the rate a crypto offer was priced at), the platform's fee and the references (PaymentIntent, chain:txHash); totals per day and per partner over the whole period. `Accept: text/csv` answers the page's orders as CSV. Operator token only (`npm run operator -- token`).
     */
    get: operations["getV1OperatorReconciliation"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/names": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the signed-in address's names
     * @description The names the session's address owns, by name: expiry, whether in the grace period (an expired name no longer resolves and may only be renewed until `graceEndsAt`), whether it is the address's primary name, and its records. Names past their grace period are back on the market and no longer listed.
     */
    get: operations["getV1OwnerNames"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/names/{name}/owner": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Transfer a name
     * @description Moves the name, with its records, to `ownerAddress`: it appears in the new owner's list, and the old owner can no longer change it. Another address's name is 403; a name in its grace period may only be renewed (409); one past it is 404.
     */
    put: operations["putV1OwnerNamesNameOwner"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/names/{name}/records": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Replace a name's records
     * @description Each field present replaces that whole record set: `walletAddrs` (`{ coinId, addr }`, each address checked by its coin's codec, at most 32), `txtRecords` (`{ key, value }`, at most 50), `dnsRecords` (`{ type, name, value, ttl }`: A, AAAA, CNAME, MX, TXT, NS, SRV or CAA, name `@` or a name under this one, at most 50), `contentHash` (`ipfs://`, `ipns://` or empty). The change resolves at once on every instance. Another address's name is 403; a name in its grace period may only be renewed (409); one past it is 404.
     */
    put: operations["putV1OwnerNamesNameRecords"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/nonce": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a sign-in nonce
     * @description A nonce for a Sign-In with Ethereum (EIP-4361) message: alphanumeric, single use, valid for 10 minutes.
     */
    get: operations["getV1OwnerNonce"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/reverse": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the primary name
     * @description The signed-in address's primary name, answered by reverse resolution (GET /v1/reverse/{address}); `null` clears it. Accepted only for a registered, unexpired name whose ETH wallet record (coin type 60) is the address (409 otherwise); the name need not be the address's own.
     */
    put: operations["putV1OwnerReverse"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/owner/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with Ethereum
     * @description Exchanges a signed EIP-4361 message for an owner session token (about a day; `OWNER_SESSION_HOURS`). The message must be in EIP-4361's exact form, its domain the host this request is sent to (one of `OWNER_SIGN_IN_DOMAINS`, or a loopback host when that is unset), its URI on that host, Chain ID 1, its nonce one from GET /v1/owner/nonce not used before, and Issued At within the last 10 minutes; the signature is the address's EIP-191 signature: a plain key's, or a smart-contract wallet's, judged by the wallet (EIP-1271 `isValidSignature`) or, for a wallet not yet deployed, EIP-6492 wrapped with its factory call, on Ethereum through `ETH_RPC_URL` (without it only plain keys sign in). A message that is not EIP-4361 is 400; a wrong signature, domain or chain, a reused or unknown nonce or a stale message is 401; a wallet's signature while the chain does not answer is 503.
     */
    post: operations["postV1OwnerSession"];
    /**
     * Sign out
     * @description Ends the owner session: its token stops working at once, on every instance.
     */
    delete: operations["deleteV1OwnerSession"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Validate a parent domain
     * @description `status` is true when the name exists in the native registry, belongs to the calling partner, has sub-domain issuance enabled, is not expired and has a sub-domain price; `reason` holds one sentence per failed check.
     */
    get: operations["getV1ParentdomainsParentDomain"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a parent domain's sub-domain settings
     * @description Enable or disable sub-domain issuance and set the yearly price in USD. Another partner's parent domain answers 403 (names are public; their sub-domain data is not).
     */
    patch: operations["patchV1ParentdomainsParentDomain"];
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Reverse-resolve an address within a parent domain
     * @description The address's sub-domain of the parent (letter case ignored): its primary name when that is a sub-domain of the parent whose ETH wallet is the address, else the newest sub-domain the partner issued to it (POST /v1/parentdomains/{parentDomain}/subdomains) that it still owns. A sub-domain someone bought naming the address as owner is never the answer (404).
     */
    get: operations["getV1ParentdomainsParentDomainAddressesEthAddressReverseResolve"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/claim": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Claim an ENS name as a parent domain
     * @description A partner ADMIN claims an ENS name (brand.eth) with a Sign-In with Ethereum message signed by its owner on chain (the registry's owner, or the NameWrapper token's holder for a wrapped name); smart-contract wallets count (EIP-1271, EIP-6492). The statement names the name and the partner. The name becomes the partner's parent domain, its sub-names served by our gateway; claimed again after it changed hands, it follows its new owner. 400: not a second-level ENS name, or a message, nonce or signature that does not hold (field named); 403: another partner's parent; 503: ENS is not configured (ETH_RPC_URL).
     */
    post: operations["postV1ParentdomainsParentDomainClaim"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/list": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List sub-domains, newest first
     * @description Keyset-paginated: pass `nextPaginationToken` back as `pageToken`; it is empty on the last page. A forged, foreign or day-old token, or one from a listing with other filters, is 400. Ours: `labelPrefix` keeps sub-names whose label starts with it, `ownerAddress` those its address owns; `total` then counts what the filters keep. Another partner's parent domain answers 403 (names are public; their sub-domain data is not).
     */
    get: operations["getV1ParentdomainsParentDomainList"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/per-day": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sub-domains created per day
     * @description One aggregate per UTC day with sub-domains, newest first, paginated as the list. Another partner's parent domain answers 403 (names are public; their sub-domain data is not).
     */
    get: operations["getV1ParentdomainsParentDomainPerDay"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/subdomains": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue one sub-domain, or up to 100
     * @description A partner ADMIN registers `label.parentDomain` to an owner directly. The parent must be enabled and unexpired. A name that is registered, or held by an order awaiting or confirming payment, is 409. An array of up to 100 `{label, ownerAddress, records?}` is answered 200 item by item (`created`, `conflict`, `invalid` with the fields at fault), each in its own transaction, and counts one request per item against the partner's rate limit. Another partner's parent domain answers 403 (names are public; their sub-domain data is not).
     */
    post: operations["postV1ParentdomainsParentDomainSubdomains"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/parentdomains/{parentDomain}/subdomains/{label}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a sub-domain
     * @description The sub-name stops resolving on every instance when the request answers, and its label can be issued again. A sub-name someone bought whose paid term has not ended is 409 unless `refund=prorata`: then each payment of its current registration is owed back in the share of the term not used, recorded as a DUE refund (`GET /v1/partner/refunds`). A sub-name with sub-names of its own is 409. Another partner's parent domain answers 403 (names are public; their sub-domain data is not).
     */
    delete: operations["deleteV1ParentdomainsParentDomainSubdomainsLabel"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/access-token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the partner's access tokens */
    get: operations["getV1PartnerAccessToken"];
    put?: never;
    /**
     * Create an access token
     * @description The JWT `value` is returned here once; listings show it redacted. `type` defaults to CUSTOMER. A token lives at most 2 years (ACCESS_TOKEN_MAX_DAYS, 731 days by default): `validTill` later than that after `validFrom`, or after now, is 400. A partner holds at most ACCESS_TOKENS_PER_PARTNER (50) live (unexpired) tokens: the next is 409 until one is deleted or expires. Rate limits count per partner, every token of it together.
     */
    post: operations["postV1PartnerAccessToken"];
    /**
     * Delete an access token
     * @description The body is read as JSON whatever its content type. The token is refused from the next request on.
     */
    delete: operations["deleteV1PartnerAccessToken"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/owner-addresses": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the owner addresses bound to the partner */
    get: operations["getV1PartnerOwnerAddresses"];
    put?: never;
    /**
     * Bind an owner address to the partner
     * @description An owner signed in with this wallet (POST /v1/owner/session) may then exchange the session for a short-lived ADMIN token (POST /v1/partner/session). An address bound to another partner is 409.
     */
    post: operations["postV1PartnerOwnerAddresses"];
    /**
     * Unbind an owner address
     * @description JSON body `{ address }`, any content type. Tokens it already got live until they expire or are deleted.
     */
    delete: operations["deleteV1PartnerOwnerAddresses"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/payout-account": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the partner's payout account */
    get: operations["getV1PartnerPayoutAccount"];
    /**
     * Set the partner's payout account
     * @description The Stripe connected account (acct_…) that receives the card payments of the names this partner sells (sub-domains of its parent domains), as destination charges; null removes it. With Stripe configured the account must exist on the platform (400 otherwise). Also `npm run partner -- payout-account <partnerId> <acct_…|none>`.
     */
    put: operations["putV1PartnerPayoutAccount"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/purchases": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the partner's purchases */
    get: operations["getV1PartnerPurchases"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List refunds owed on the partner's sales
     * @description Money owed back to buyers of the partner's sales, newest first, in keyset pages (pageSize, pageToken): card payments that could not be fulfilled (refunded through the processor by the service, retried until made; PAID with the processor's refund id) and crypto received and not owed (over-, under- and late payments; DUE with the amount and the sender's address until the operator records the payout, PAYING once the operator started it). Payouts are recorded by the operator only (`npm run partner -- refund-start` and `refund-paid`), never through this API.
     */
    get: operations["getV1PartnerRefunds"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in to the dashboard with a wallet
     * @description With an owner session token (Sign-In with Ethereum, POST /v1/owner/session) of an address a partner bound: a new ADMIN access token of that partner, valid 60 minutes (an ordinary token: listed, deletable, counted among the partner's live tokens). An address bound to no partner is 403.
     */
    post: operations["postV1PartnerSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/statement": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The partner's statement
     * @description Derived from the ledger (every money movement, append-only): per month (UTC) and currency in [from, to), the sales of the partner's names, what went back (refunds, lost disputes, chain reorganisations), the platform's fee (PLATFORM_FEE_PERCENT and PLATFORM_FEE_FIXED_CENTS), the partner's share (`net`), of it what Stripe transferred to the partner's connected account and what the platform holds for it (crypto sales), and what the platform paid out; USD at the time of each movement; totals per currency. Second-level names a partner only referred are the registry's sales and are not listed. By default the 12 months before now. `Accept: text/csv` answers the months as CSV.
     */
    get: operations["getV1PartnerStatement"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the partner's webhook receivers
     * @description Secrets are never shown again; `disabledAt` says a receiver failed for 3 days.
     */
    get: operations["getV1PartnerWebhooks"];
    put?: never;
    /**
     * Register a webhook receiver
     * @description An https URL on public addresses (checked on every address the name has, and again on the address connected to at each delivery; http and private addresses only with WEBHOOKS_ALLOW_PRIVATE_URLS=1), and the event types wanted. The signing `secret` is in this answer only. Each delivery is a POST of `{ id, type, createdAt, data }` with `Namesvc-Event-Id`, `Namesvc-Event-Type` and `Namesvc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. Any 2xx within 5 s is delivered; anything else is retried 30 s later, doubling up to 6 h apart, for 3 days, after which the endpoint is disabled. Events of one sub-name or order arrive in order; at least once, so de-duplicate by `id`.
     */
    post: operations["postV1PartnerWebhooks"];
    /**
     * Delete a webhook receiver
     * @description JSON body `{ id }`, any content type; its pending deliveries are dropped.
     */
    delete: operations["deleteV1PartnerWebhooks"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A receiver's delivery log
     * @description The last 200 deliveries, newest first: status, attempts, last response code or error.
     */
    get: operations["getV1PartnerWebhooksIdDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeliver one event
     * @description Sends the delivery again with the same event id, with a new 3-day run of attempts.
     */
    post: operations["postV1PartnerWebhooksIdDeliveriesDeliveryIdRedeliver"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/partner/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description A `webhook.test` event for this receiver alone, signed and retried like any other.
     */
    post: operations["postV1PartnerWebhooksIdTest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/resolve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resolve up to 100 names
     * @description Each name is answered on its own with the status endpoint 1 would give it, and counts as one request against the token's resolution rate limit: a batch the remaining budget cannot hold is 429 as a whole.
     */
    post: operations["postV1Resolve"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/resolve/{domain}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Resolve a name
     * @description Wallets, DNS and text records, content hash and owner of a name. `nameservice` chooses the service; absent, the TLD decides (native TLDs, `.eth` → ens, Unstoppable Domains TLDs → ud, ICANN suffixes → icann; otherwise 400). Names are normalized (ENSIP-15 for web3 services, UTS-46 for ICANN) exactly as sent: surrounding spaces or an empty label are 400, nothing is trimmed. ENS names behind an offchain resolver are read through its CCIP-Read gateway (EIP-3668): a gateway that fails is 502, one that does not answer 504, an answer the resolver refuses (its signature does not verify) 502. A service that is not configured answers 503.
     */
    get: operations["getV1ResolveDomain"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/reverse/{address}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Reverse-resolve an address
     * @description The name the address chose, verified. Native: the address's primary name (set by the address while signed in, PUT /v1/owner/reverse) while its ETH wallet is the address; without one, 404: a name someone else bought naming the address as owner is never its answer. ENS: the ENSIP-19 primary name, on Ethereum unless `coins` names another EVM chain; the chain's reverse namespace is read first, then the default one, and the name counts only when its address for that chain is the address. Without `nameservice`: native, then ENS, then UD.
     */
    get: operations["getV1ReverseAddress"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AccessToken: {
      /** Format: date-time */
      createdAt: string;
      /** Format: uuid */
      id: string;
      label: string;
      /** Format: uuid */
      partnerId: string;
      type: components["schemas"]["AccessTokenType"];
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      validFrom: string;
      /** Format: date-time */
      validTill: string;
      /** @description The JWT. Whole only in the creation response; listings show it redacted. */
      value: string;
    };
    AccessTokenList: components["schemas"]["AccessToken"][];
    /** @enum {string} */
    AccessTokenType: "ADMIN" | "CUSTOMER";
    AuditEntry: {
      action: string;
      /** Format: date-time */
      at: string;
      /** @description What the action changed, before and after. */
      detail: {
        [key: string]: unknown;
      };
      /** Format: uuid */
      id: string;
      /** @description The operator token's subject, with the name it was printed for: `operator` or `operator:<name>`. */
      operator: string;
      reason: string;
      /** @description `order:<id>`, `refund:<id>` or `name:<name>`. */
      target: string;
      /** @description The operator token's id (jti). */
      tokenId: string;
    };
    AuditList: {
      /** @description Newest first. */
      entries: components["schemas"]["AuditEntry"][];
      /** @description Pass as `after` for the next page; empty on the last. */
      nextAfter: string;
    };
    BatchResolveItem: {
      error?: {
        field: string;
        info: string;
      };
      name: string;
      result?: components["schemas"]["ResolveResult"];
      /** @description HTTP status this name alone would have had. */
      status: number;
    };
    BatchResolveRequest: {
      coins?: components["schemas"]["Coin"][];
      names: string[];
      nameservice?: components["schemas"]["NameService"];
    };
    BatchResolveResponse: {
      results: components["schemas"]["BatchResolveItem"][];
    };
    BoundOwnerAddress: {
      address: string;
      /** Format: date-time */
      createdAt: string;
    };
    BoundOwnerAddressList: components["schemas"]["BoundOwnerAddress"][];
    BulkIssueItem: {
      label: string;
      ownerAddress: string;
      records?: components["schemas"]["SubdomainRecords"];
    };
    BulkIssueRequest: components["schemas"]["BulkIssueItem"][];
    BulkIssueResponse: {
      conflicts: number;
      created: number;
      invalid: number;
      results: components["schemas"]["BulkIssueResult"][];
    };
    BulkIssueResult: {
      /** @description UTC, YYYY-MM-DD hh:mm:ss.mmm */
      createdTimestamp?: string;
      errors?: {
        field: string;
        info: string;
      }[];
      /** @description Position of the item in the request. */
      index: number;
      label: string;
      name?: string;
      ownerAddress?: string;
      /** @enum {string} */
      status: "created" | "conflict" | "invalid";
    };
    CcipReadRequest: {
      /** @description The lookup's callData: resolve(bytes name, bytes data), 0x9061b923…. */
      data: string;
      /** @description The resolver that reverted with OffchainLookup (one of ours, else 404). */
      sender: string;
    };
    CcipReadResponse: {
      /** @description abi.encode(bytes result, uint64 expires, bytes sig): the ABI-encoded answer to the inner query, its expiry (unix seconds) and the signer's 65-byte signature of keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(callData) ‖ keccak256(result)), which the resolver's resolveWithProof checks. */
      data: string;
    };
    ClaimRefundRequest: {
      /** @description The code of a link mailed to the order's e-mail (POST …/refund-claim-link), single-use; absent, the request must carry the owner session of the order's owner address. */
      claimToken?: string;
      /** @description Where the refund is to be paid: an address on the chain the payment came from. */
      refundAddress: string;
    };
    /**
     * @description Ticker code of a coin.
     * @enum {string}
     */
    Coin:
      | "USDC"
      | "FVDC"
      | "QKC"
      | "EQ"
      | "GENS"
      | "KUSD"
      | "HATCH"
      | "AQUA"
      | "XDS"
      | "AFS"
      | "OBSR"
      | "WGR"
      | "FCT"
      | "ION"
      | "SEM"
      | "CRM"
      | "ABC"
      | "WAVES"
      | "WAN"
      | "VLX"
      | "PTN"
      | "BHD"
      | "BCO"
      | "LAX"
      | "XERO"
      | "ILT"
      | "WTC"
      | "VITE"
      | "SCR"
      | "ZAMA"
      | "GENOM"
      | "AKA"
      | "KAS"
      | "STRAX"
      | "STC"
      | "HOME"
      | "WICC"
      | "ZYN"
      | "GWL"
      | "GRLC"
      | "TH"
      | "CELO"
      | "STASH"
      | "EVE"
      | "AXIV"
      | "AMA"
      | "FXTC"
      | "BTT"
      | "NEXA"
      | "CHX"
      | "BELL"
      | "PWR"
      | "PAC"
      | "XND"
      | "RITO"
      | "FLUX"
      | "SAFE"
      | "MTR"
      | "ARDR"
      | "SDGO"
      | "BTY"
      | "MINA"
      | "IPOS"
      | "TNKR"
      | "VARCH"
      | "XPI"
      | "XRC"
      | "RTM"
      | "FO"
      | "NRG"
      | "STRK"
      | "LOOP"
      | "BOBA"
      | "AVAX"
      | "JGC"
      | "BBC"
      | "NULS"
      | "PLMNT"
      | "XCH"
      | "BTQ"
      | "KLAY"
      | "SKY"
      | "BTV"
      | "SHFT"
      | "KLY"
      | "TOPL"
      | "ROGER"
      | "COTI"
      | "SLU"
      | "STX"
      | "FUND"
      | "ALTME"
      | "ISK"
      | "HNS"
      | "FIC"
      | "XVM"
      | "XYM"
      | "AXE"
      | "SMR"
      | "IOTA"
      | "YEE"
      | "CY"
      | "DST"
      | "DEO"
      | "SEQ"
      | "DYN"
      | "ROI"
      | "SXP"
      | "CCC"
      | "COS"
      | "LUX"
      | "BND"
      | "NAS"
      | "AOA"
      | "NEXI"
      | "XIN"
      | "SNOW"
      | "ELA"
      | "CRP"
      | "GXC"
      | "ETP"
      | "QTUM"
      | "ASK"
      | "CHZ"
      | "XRG"
      | "BAY"
      | "IOTE"
      | "TRUE"
      | "MCASH"
      | "ANY"
      | "SKT"
      | "PKC"
      | "EOSC"
      | "KIN"
      | "MLN"
      | "MNP"
      | "GIN"
      | "COLX"
      | "XMCC"
      | "POLIS"
      | "MYT"
      | "SC"
      | "PHL"
      | "HODL"
      | "EGEM"
      | "TRTL"
      | "XMX"
      | "VIPS"
      | "CLC"
      | "ZTX"
      | "TES"
      | "ADA"
      | "BBP"
      | "XTZ"
      | "BCX"
      | "MEWC"
      | "NEOX"
      | "BTA"
      | "NEW"
      | "ATH"
      | "AUDL"
      | "ELF"
      | "BEAM"
      | "HYC"
      | "DFC"
      | "WEI"
      | "WPC"
      | "MOVR"
      | "GLMR"
      | "ALPH"
      | "EFI"
      | "DFI"
      | "RISE"
      | "BTCR"
      | "MCM"
      | "CZZ"
      | "ONT"
      | "EVC"
      | "BIC"
      | "ELV"
      | "LAKE"
      | "RPG"
      | "FTM"
      | "TAO"
      | "PCOIN"
      | "NODL"
      | "BKT"
      | "TT"
      | "SUM"
      | "CAPS"
      | "UNT"
      | "PEC"
      | "CORE"
      | "AIOZ"
      | "VCG"
      | "AU"
      | "TLOS"
      | "TWINS"
      | "UNW"
      | "MATIC"
      | "VKAX"
      | "LTP"
      | "GHM"
      | "CCD"
      | "FRA"
      | "META"
      | "GERT"
      | "SGE"
      | "FIS"
      | "HNT"
      | "LMO"
      | "XEC"
      | "AS"
      | "LKSC"
      | "XSEL"
      | "TOMO"
      | "NEO"
      | "ZBC"
      | "NAM"
      | "IF"
      | "MOB"
      | "HVH"
      | "DSM"
      | "FLS"
      | "MOBIC"
      | "BIR"
      | "ESK"
      | "SUV"
      | "SAGA"
      | "MONK"
      | "BECN"
      | "PNY"
      | "TRTT"
      | "CFL"
      | "AZR"
      | "KYAN"
      | "SAPP"
      | "CRUZ"
      | "BBA"
      | "CCN"
      | "ACE"
      | "BDB"
      | "CLO"
      | "REEF"
      | "MEER"
      | "QVT"
      | "ZKS"
      | "PDEX"
      | "TAU"
      | "BNC"
      | "ACA"
      | "UIDD"
      | "SUI"
      | "BR"
      | "COSA"
      | "BALLZ"
      | "HONEY"
      | "XPRT"
      | "CFG"
      | "DENTX"
      | "BMK"
      | "HEALIOS"
      | "MCX"
      | "XVC"
      | "ABY"
      | "ZET"
      | "PEER"
      | "BONTE"
      | "DLN"
      | "SIN"
      | "BNB"
      | "SERF"
      | "CHC"
      | "COM"
      | "XDAI"
      | "GTB"
      | "VEIL"
      | "KLV"
      | "OAS"
      | "CHTA"
      | "NENG"
      | "EVRYNET"
      | "APL"
      | "VOKEN"
      | "YUNGE"
      | "WLKRR"
      | "CNDL"
      | "ZED"
      | "KNOX"
      | "MPLGR"
      | "PLGR"
      | "GC"
      | "SSC"
      | "PRKL"
      | "ACT"
      | "PIRATE"
      | "KOIN"
      | "WMP"
      | "UCO"
      | "ZRB"
      | "XLN"
      | "LX"
      | "TREE"
      | "LFC"
      | "BTSG"
      | "ADON"
      | "APTOS"
      | "EMIT"
      | "VAL"
      | "CALL"
      | "XMA"
      | "QTZ"
      | "NEXUS"
      | "FNR"
      | "LORE"
      | "SOUL"
      | "KDA"
      | "EAST"
      | "NOBL"
      | "ALPHA"
      | "ZERO"
      | "DEI"
      | "SSP"
      | "XOR"
      | "PSWAP"
      | "WCN"
      | "NOR"
      | "HYDRA"
      | "TAFT"
      | "TON"
      | "STOS"
      | "BUFS"
      | "XINY"
      | "NC"
      | "MTC"
      | "APN"
      | "DIVER"
      | "POLYX"
      | "DOCK"
      | "MWC"
      | "GRIN"
      | "RNL"
      | "GTM"
      | "SCAP"
      | "XDAG"
      | "GBCR"
      | "CTC"
      | "DMCH"
      | "DUN"
      | "PLC"
      | "BONO"
      | "ICL"
      | "NKN"
      | "BPS"
      | "SRM"
      | "SLS"
      | "BDX"
      | "IRIS"
      | "CICO"
      | "AG"
      | "NTY"
      | "DEAL"
      | "XWC"
      | "LKR"
      | "KTS"
      | "HBC"
      | "STR"
      | "XDC"
      | "MKF"
      | "BHP"
      | "HYN"
      | "SCRIBE"
      | "COINEVO"
      | "BIND"
      | "SCDO"
      | "FLOW"
      | "BYND"
      | "YOU"
      | "PRJ"
      | "HST"
      | "GHOST"
      | "NOVO"
      | "YAP"
      | "GRAM"
      | "BU"
      | "AMS"
      | "EDG"
      | "SCC"
      | "ABA"
      | "BTCV"
      | "LET"
      | "SIERRA"
      | "DNA"
      | "AETH"
      | "XRD"
      | "KOTO"
      | "CHI"
      | "EGLD"
      | "EARTH"
      | "CSPR"
      | "HASH"
      | "KUMA"
      | "CFX"
      | "THT"
      | "SOL"
      | "THETA"
      | "RUPX"
      | "CS"
      | "LYRA"
      | "DROP"
      | "BAND"
      | "GFN"
      | "VEO"
      | "LAT"
      | "FCH"
      | "MOON"
      | "PEXA"
      | "RNG"
      | "OGO"
      | "AR"
      | "FIMK"
      | "MESG"
      | "BTH"
      | "ERE"
      | "ETI"
      | "CSDT"
      | "RUTA"
      | "FIL"
      | "GLEEC"
      | "KAVA"
      | "ODX"
      | "AE"
      | "SEELE"
      | "SHN"
      | "EM"
      | "XNS"
      | "DGLD"
      | "XLR"
      | "YCE"
      | "SPL"
      | "DIN"
      | "VITAE"
      | "PHR"
      | "LV"
      | "XTH"
      | "AERGO"
      | "FNSA"
      | "ICU"
      | "NCH"
      | "PCN"
      | "KSM"
      | "XRPHD"
      | "PESO"
      | "ERG"
      | "ZCR"
      | "KTV"
      | "AION"
      | "TELOS"
      | "AGM"
      | "NODE"
      | "LTHN"
      | "XTNC"
      | "WOW"
      | "BYTZ"
      | "ETN"
      | "SUMO"
      | "MSR"
      | "AIN"
      | "TENT"
      | "AILE"
      | "SUGAR"
      | "HDD"
      | "EARTHS"
      | "DONU"
      | "XBI"
      | "OLT"
      | "GALI"
      | "UC"
      | "NIX"
      | "XPC"
      | "EVER"
      | "UMBRU"
      | "CENNZ"
      | "LHD"
      | "PKT"
      | "QOS"
      | "IMG"
      | "QBC"
      | "DOGEC"
      | "XSN"
      | "KAL"
      | "ULC"
      | "NYZO"
      | "SOX"
      | "XCX"
      | "ZNZ"
      | "MXW"
      | "SEOS"
      | "DBT"
      | "VESTX"
      | "ZVC"
      | "MED"
      | "VDL"
      | "XAS"
      | "HET"
      | "ABBC"
      | "CZR"
      | "VCT"
      | "CPU"
      | "XNOS"
      | "NOLLAR"
      | "CSC"
      | "DAPS"
      | "AYA"
      | "RES"
      | "AEON"
      | "DOT"
      | "CYB"
      | "MDM"
      | "ARW"
      | "YEC"
      | "HTDF"
      | "USDP"
      | "AUX"
      | "DCT"
      | "BLAST"
      | "MTNS"
      | "DVT"
      | "VGO"
      | "CPC"
      | "FIX"
      | "SWIFT"
      | "MEM"
      | "ZPM"
      | "LUNA"
      | "AUDAX"
      | "BLOCK"
      | "CMM"
      | "SHARD"
      | "EBST"
      | "ZER"
      | "GARD"
      | "RAP"
      | "RPD"
      | "ECC"
      | "VNSC"
      | "SWTC"
      | "MOAC"
      | "ZIL"
      | "ARA"
      | "ADS"
      | "UGAS"
      | "BTS"
      | "ONION"
      | "IOTX"
      | "EUNO"
      | "CMT"
      | "NUKO"
      | "FAIR"
      | "MASS"
      | "ASF"
      | "IOC"
      | "BCZ"
      | "USE"
      | "TKEY"
      | "IOST"
      | "BOLD"
      | "FSN"
      | "XDN"
      | "HEAT"
      | "GXX"
      | "BZX"
      | "ALGO"
      | "BRAVO"
      | "RIL"
      | "BOLI"
      | "AREPA"
      | "ANDES"
      | "SHIT"
      | "OGC"
      | "DMTC"
      | "IPC"
      | "SBC"
      | "ONE"
      | "HPB"
      | "BCC"
      | "ANK"
      | "ZILLA"
      | "TPAY"
      | "KPL"
      | "ZBUX"
      | "PION"
      | "ABT"
      | "ZEST"
      | "BST"
      | "NPW"
      | "FREE"
      | "SOOM"
      | "ECA"
      | "EXOS"
      | "NIM"
      | "LOKI"
      | "PCX"
      | "DXN"
      | "BSV"
      | "FIO"
      | "IOV"
      | "VAR"
      | "TZC"
      | "BITC"
      | "ACM"
      | "WEB"
      | "HLM"
      | "XUEZ"
      | "SMART"
      | "LTZ"
      | "ANON"
      | "XAX"
      | "BTDX"
      | "MEC"
      | "FLO"
      | "BOXY"
      | "ALIAS"
      | "OOT"
      | "BOPO"
      | "NEET"
      | "BIS"
      | "ATN"
      | "EVT"
      | "ATP"
      | "RIN"
      | "BCN"
      | "CNMC"
      | "BIFI"
      | "OMNI"
      | "ETF"
      | "BAN"
      | "HUSH"
      | "KOBO"
      | "TRX"
      | "EOS"
      | "XFE"
      | "LCC"
      | "EXCL"
      | "LCH"
      | "STAK"
      | "CRAVE"
      | "MUSIC"
      | "MNX"
      | "WC"
      | "MXT"
      | "NYC"
      | "POA"
      | "BTCZ"
      | "GBX"
      | "RVN"
      | "ONX"
      | "ODN"
      | "HTML"
      | "HC"
      | "MBRS"
      | "BUZZ"
      | "HNC"
      | "FRST"
      | "VIVO"
      | "XNO"
      | "PIRL"
      | "ELLA"
      | "ACC"
      | "BTX"
      | "TOA"
      | "SSN"
      | "BIO"
      | "BTM"
      | "DMD"
      | "ERC"
      | "WHL"
      | "ZCL"
      | "NEBL"
      | "XRP"
      | "RIC"
      | "KMD"
      | "RPT"
      | "RBTC"
      | "XZC"
      | "STEEM"
      | "LSK"
      | "ZEC"
      | "NAV"
      | "VOX"
      | "XMR"
      | "VC"
      | "XST"
      | "UNIFY"
      | "ZNY"
      | "PUT"
      | "ZEN"
      | "FLASH"
      | "PIVX"
      | "ATOM"
      | "PINK"
      | "DNR"
      | "ECN"
      | "LINX"
      | "THC"
      | "USC"
      | "ARK"
      | "NRO"
      | "PTC"
      | "UBQ"
      | "MARS"
      | "SH"
      | "STRAT"
      | "DBIC"
      | "ZYD"
      | "DLC"
      | "GAME"
      | "BIGUP"
      | "STO"
      | "EVO"
      | "BIQ"
      | "CRX"
      | "SHM"
      | "GB"
      | "UNO"
      | "BSD"
      | "XMY"
      | "BITB"
      | "NLG"
      | "IXC"
      | "AUR"
      | "GRC"
      | "TRC"
      | "QRK"
      | "POT"
      | "RICHX"
      | "CLUB"
      | "MIX"
      | "FJC"
      | "ICX"
      | "BELA"
      | "CRW"
      | "CMP"
      | "BRIT"
      | "OK"
      | "INSN"
      | "NXS"
      | "XBC"
      | "PSB"
      | "ETH"
      | "SMLY"
      | "SLR"
      | "SYS"
      | "EDRC"
      | "AIB"
      | "TPC"
      | "DOPE"
      | "BTCD"
      | "AC"
      | "NVC"
      | "SHR"
      | "PART"
      | "XEM"
      | "DCR"
      | "EXP"
      | "MOIN"
      | "START"
      | "PND"
      | "PKB"
      | "SDC"
      | "ZOOM"
      | "MUE"
      | "BURST"
      | "NXT"
      | "VTC"
      | "ZRC"
      | "JBS"
      | "NEOS"
      | "XPM"
      | "CLAM"
      | "MONA"
      | "DGB"
      | "DGC"
      | "GRS"
      | "RBY"
      | "VIA"
      | "MZC"
      | "NBT"
      | "NSR"
      | "BLK"
      | "XCP"
      | "FTC"
      | "NMC"
      | "PPC"
      | "DASH"
      | "RDD"
      | "DOGE"
      | "LTC"
      | "BTC";
    CreateAccessTokenRequest: {
      label: string;
      /** @description ADMIN or CUSTOMER; CUSTOMER when absent. */
      type?: components["schemas"]["AccessTokenType"];
      /** Format: date-time */
      validFrom: string;
      /** Format: date-time */
      validTill: string;
    };
    CreatedWebhookEndpoint: {
      /** Format: date-time */
      createdAt: string;
      /** @description Set when 3 days of failed deliveries disabled it. */
      disabledAt: string | null;
      disabledReason: string | null;
      events: components["schemas"]["WebhookEventType"][];
      /** Format: uuid */
      id: string;
      /** @description Signs every delivery; shown here once and never again. */
      secret: string;
      url: string;
    };
    CreateWebhookRequest: {
      events: components["schemas"]["WebhookEventType"][];
      url: string;
    };
    CryptoPaymentDetails: {
      /** @description Exact amount due in the smallest unit. */
      amountAtomic: string;
      /** @description Exact amount due in whole coins. */
      amountDecimal: string;
      basePriceUsdCents: number;
      /** @description `eip155:<chainId>` or `bitcoin:<network>`. */
      chain: string;
      chainId?: number;
      confirmationsRequired: number;
      /** @enum {string} */
      currency: "ETH" | "USDC" | "BTC";
      decimals: number;
      /** Format: date-time */
      expiresAt: string;
      /** @description Human name of the network, e.g. Ethereum, Bitcoin regtest. */
      network: string;
      notice?: string;
      /**
       * Format: date-time
       * @description When the rate was read from its source.
       */
      rateFetchedAt?: string;
      /** @description Where the rate came from: `coinbase <url>` or `coingecko <url>` (live), `CRYPTO_RATES_JSON` or `built-in test rates` (fixed test rates). */
      rateSource: string;
      /** @description True when the deposit key or the rates are the built-in test configuration. */
      testConfiguration: boolean;
      tokenContract?: string;
      /** @constant */
      tokenStandard?: "ERC20";
      /** @description USD price of one whole coin the amount was computed at. */
      usdPerUnit: string;
    };
    CryptoPurchaseRequest: {
      /** @enum {string} */
      currency: "ETH" | "USDC" | "BTC";
      /** @description Name to buy: `label.<tld>` under a native TLD, or `label.<parent>` under a parent domain that sells sub-domains. */
      domain: string;
      /** @description EVM address (0x…) that will own the name. */
      ownerAddress: string;
      /** Format: email */
      ownerEmail: string;
      ownerName: string;
      /**
       * Format: uuid
       * @description A sub-domain belongs to its parent's partner: only that partner's id (or none) is accepted. On a second-level name it only attributes the sale.
       */
      partnerId?: string;
      /**
       * @description Wallet records set on the name at registration.
       * @default []
       */
      walletAddrs: components["schemas"]["WalletAddr"][];
      /** @description Registration period in whole years, 1 to 10. */
      years: number;
    };
    CryptoPurchaseResponse: {
      address: string;
      /** @description Amount due in whole coins: the exact decimal the URI carries. A payment within the dust tolerance (the larger of one unit at the wallet's display precision and 0.01% of the amount due) counts as exact. Written with all its digits; parse it as a decimal to keep them. */
      amount: number;
      /** @description Unix time in seconds when the offer expires. */
      expiryDateEpoch: number;
      /** Format: uuid */
      orderId: string;
      paymentDetails: components["schemas"]["CryptoPaymentDetails"];
      /** Format: uuid */
      paymentId: string;
      /** @description EIP-681 or BIP21. */
      protocol: string;
      uri: string;
    };
    CryptoRenewalRequest: {
      /**
       * Format: uuid
       * @description Idempotency key: the same id with the same body answers the same order; with another body, 409.
       */
      checkoutId: string;
      /** @enum {string} */
      currency: "ETH" | "USDC" | "BTC";
      /** @description Name to buy: `label.<tld>` under a native TLD, or `label.<parent>` under a parent domain that sells sub-domains. */
      domain: string;
      /** @description Registration period in whole years, 1 to 10. */
      years: number;
    };
    DeleteAccessTokenRequest: {
      /** Format: uuid */
      id: string;
    };
    DeleteWebhookRequest: {
      /** Format: uuid */
      id: string;
    };
    DnsRecord: {
      name: string;
      ttl: number;
      /** @description Record type label: A, AAAA, CNAME, MX, NS, TXT… */
      type: string;
      value: string;
    };
    EnsGatewayInfo: {
      /** @description Our offchain resolvers (ENS_RESOLVERS); the gateway answers only them. */
      resolvers: {
        /** @description 0x-prefixed 20-byte address. */
        address: string;
        chainId: number;
      }[];
      /** @description Addresses whose signatures our resolvers must trust. */
      signers: string[];
      /** @description The gateway URL template to give a resolver (EIP-3668). */
      url: string;
    };
    ErrorItem: {
      /** @description Request field, query or path parameter, or header at fault. */
      field: string;
      /** @description What is wrong and how to fix it. */
      info: string;
    };
    ErrorResponse: components["schemas"]["ErrorItem"];
    ErrorsResponse: {
      errors: components["schemas"]["ErrorItem"][];
    };
    IssuedSubdomain: {
      /** @description UTC, YYYY-MM-DD hh:mm:ss.mmm */
      createdTimestamp: string;
      name: string;
      ownerAddress: string;
    };
    LedgerCheckLine: {
      /** @description What the ledger says. */
      actual: string;
      currency: string;
      /** @description What the source says. */
      expected: string;
      /** @enum {string} */
      kind: "sales" | "refunds" | "disputes" | "reorganisations";
      ok: boolean;
      /**
       * @description `stripe`: Stripe's balance transactions; `chain`: what the payment watchers credited.
       * @enum {string}
       */
      source: "stripe" | "chain";
    };
    LedgerCheckResponse: {
      /** Format: date-time */
      from: string;
      lines: components["schemas"]["LedgerCheckLine"][];
      /** @description Every line agrees. */
      ok: boolean;
      /** @description False when Stripe is not configured (no card lines). */
      stripeChecked: boolean;
      /** Format: date-time */
      to: string;
    };
    MarketSearchResponse: {
      results: components["schemas"]["NameAvailability"][];
    };
    NameAvailability: {
      available: boolean;
      /**
       * Format: date-time
       * @description Taken or in grace: when the registration ends (or ended). Absent for names that never expire.
       */
      expiresAt?: string;
      /**
       * Format: date-time
       * @description Until when the owner (or anyone) may still renew it after it expires; then it returns to the market.
       */
      graceEndsAt?: string;
      /** @description The reason in words. */
      message?: string;
      name: string;
      priceUsdPerYear?: number;
      /**
       * @description Why the name cannot be bought: `taken` (registered), `grace` (expired, renewable until `graceEndsAt`, then for sale), `reserved` (an order awaits payment), `invalid`, `unsupported_tld`, `parent_not_configured`.
       * @enum {string}
       */
      reason?: "taken" | "grace" | "reserved" | "invalid" | "unsupported_tld" | "parent_not_configured";
      suggestions?: {
        name: string;
        priceUsdPerYear: number;
      }[];
    };
    /** @enum {string} */
    NameService: "ud" | "ens" | "native" | "icann";
    /** @description An OpenAPI 3.1 document. */
    OpenApiDocument: {
      info: {
        title: string;
        version: string;
      } & {
        [key: string]: unknown;
      };
      openapi: string;
      paths: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    };
    OperatorAction:
      | {
          /** @constant */
          action: "accept-underpaid";
          /** Format: uuid */
          orderId: string;
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
        }
      | {
          /** @constant */
          action: "write-off-dust";
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
          /** Format: uuid */
          refundId: string;
        }
      | {
          /** @constant */
          action: "refund-order";
          /** Format: uuid */
          orderId: string;
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
        }
      | {
          /** @constant */
          action: "suspend-name";
          name: string;
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
        }
      | {
          /** @constant */
          action: "unsuspend-name";
          name: string;
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
        }
      | {
          /** @constant */
          action: "release-name";
          name: string;
          /** @description Why the operator does this; kept in the audit log. */
          reason: string;
        };
    OperatorActionResult: {
      audit: components["schemas"]["AuditEntry"];
      /** @description What happened, in words. */
      outcome: string;
    };
    OperatorOverview: {
      /** @description Open card disputes, the soonest evidence due date first. */
      disputes: {
        amountCents: number;
        disputeId: string;
        domain: string;
        /** @description When the evidence is due at Stripe. */
        dueBy: string | null;
        /** Format: date-time */
        openedAt: string;
        /** Format: uuid */
        orderId: string;
        reason: string;
        status: string;
      }[];
      /** @description Every refund not yet returned, on every partner's sales: DUE, PAYING (payout started), FAILED (card). */
      refundsOwed: components["schemas"]["Refund"][];
      /** @description Credits a chain reorganisation took back after the name was registered, not covered again. */
      reorganisationLosses: {
        amountAtomic: string;
        blockNumber: string;
        chain: string;
        currency: string;
        decimals: number;
        /** Format: uuid */
        orderId: string;
        /** Format: uuid */
        paymentId: string;
        /** Format: date-time */
        reversedAt: string;
        txHash: string;
      }[];
      stuck: {
        /** @description Card refunds the processor failed, or not made an hour after they were owed. */
        cardRefundsFailing: components["schemas"]["Refund"][];
        /** @description Card payments `processing` for more than 15 minutes. */
        processingIntents: {
          domain: string;
          /** Format: uuid */
          orderId: string;
          processorRef: string | null;
          /** Format: date-time */
          since: string;
        }[];
        /** @description Blocks each payment watcher is behind its chain's head; null when the node did not answer. */
        watcherLag: {
          chain: string;
          lagBlocks: number | null;
        }[];
      };
      /** @description Money on deposit addresses nobody expected: after the monitoring window, a wrong asset, a reused address. */
      unattributedDeposits: {
        amountAtomic: string;
        chain: string;
        currency: string;
        decimals: number;
        depositAddress: string;
        /** Format: date-time */
        foundAt: string;
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        orderId: string;
        /** Format: uuid */
        paymentId: string;
        reason: string;
      }[];
    };
    Order: {
      baseCurrency: string;
      basePrice: number;
      /** Format: date-time */
      createdAt: string;
      currency: string;
      domain: string;
      /** Format: uuid */
      id: string;
      nameService: components["schemas"]["NameService"];
      orderStatus: components["schemas"]["OrderStatus"];
      orderStatusReason: string;
      ownerAddress: string;
      /** Format: uuid */
      paymentReferenceId: string;
      /** @description Crypto: a payment the watcher sees on the deposit address (in the mempool, or in blocks without the required confirmations yet); absent when there is none. */
      paymentSeen?: {
        /** @description Seen and not yet confirmed, in the currency's smallest unit. */
        amountAtomic: string;
        /** @description The fewest confirmations among the transfers seen (0 in the mempool). */
        confirmations: number;
        confirmationsRequired: number;
        /** @description True when the money received and seen covers the amount due and was seen before the offer expired: the order stays PENDING and keeps its name past the expiry until the payment confirms (then PAID, COMPLETED) or leaves the mempool (then the offer's expiry applies again). */
        holdsName: boolean;
        /**
         * Format: date-time
         * @description When the payment watcher first saw it.
         */
        seenAt: string;
      };
      /** @enum {string} */
      paymentType: "card" | "crypto";
      /** @description Amount due in `currency`. Written with all its digits; parse it as a decimal to keep them. */
      price: number;
      /** @description Present when the order renews a registered name instead of buying one. */
      renewal?: {
        /**
         * Format: date-time
         * @description The name's expiry once this renewal completed.
         */
        nameExpiresAt?: string;
        years: number;
      };
      /** Format: date-time */
      updatedAt: string;
    };
    OrderRefund: {
      /** @description Amount owed in whole units of `currency`. Written with all its digits; parse it as a decimal to keep them. */
      amount: number;
      amountAtomic: string;
      chain: string | null;
      /** @description True while a crypto refund is DUE: its address may be claimed (again) until the payout starts. */
      claimable: boolean;
      claimedAt: string | null;
      currency: string;
      decimals: number;
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      method: "card" | "crypto";
      paidAt: string | null;
      payoutReference: string | null;
      processorRefundId: string | null;
      reason: string;
      /** @description Crypto: the address the buyer claimed the refund to; null until claimed. */
      refundAddress: string | null;
      status: components["schemas"]["RefundStatus"];
      /** @description Crypto: the address the payment came from; where the refund goes unless one is claimed. */
      suggestedAddress: string | null;
    };
    OrderRefundList: {
      /** @description True when the order has an e-mail address a claim link can be mailed to. */
      emailClaim: boolean;
      /** @description Oldest first. */
      refunds: components["schemas"]["OrderRefund"][];
    };
    /** @enum {string} */
    OrderStatus: "PENDING" | "PAID" | "COMPLETED" | "EXPIRED" | "FAILED" | "REFUNDED";
    OwnerAddressRequest: {
      /** @description 0x-prefixed 20-byte address, any letter case. */
      address: string;
    };
    OwnerName: {
      /** @description Null for a name that does not expire. */
      expiresAt: string | null;
      /** @description Until when the name may be renewed after it expires; then it returns to the market. */
      graceEndsAt: string | null;
      inGrace: boolean;
      name: string;
      /** @description Whether this is the signed-in address's primary name. */
      primary: boolean;
      records: components["schemas"]["ResolveResult"];
      /**
       * @description `active` (resolves), or `grace` (expired: it does not resolve and may only be renewed).
       * @enum {string}
       */
      state: "active" | "grace";
      /** @description The wallet records as PUT …/records takes them: `{ coinId, addr }`. */
      walletAddrs: {
        addr: string;
        coinId: number;
      }[];
    };
    OwnerNames: {
      names: components["schemas"]["OwnerName"][];
      /** @description Pass as `pageToken` for the next page; empty on the last. */
      nextPaginationToken: string;
    };
    OwnerNonce: {
      /** @description Single use, alphanumeric, valid for 10 minutes. */
      nonce: string;
    };
    OwnerRecordsUpdate: {
      /** @description `ipfs://…` or `ipns://…`, or empty to remove it. */
      contentHash?: string;
      /** @description Replaces every DNS record. */
      dnsRecords?: {
        /** @description `@` for the name itself, or a name under it written in full (www.alice.web3). */
        name: string;
        ttl: number;
        /** @enum {string} */
        type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SRV" | "CAA";
        value: string;
      }[];
      /** @description Replaces every text record. */
      txtRecords?: {
        key: string;
        value: string;
      }[];
      /** @description Replaces every wallet record: `{ coinId, addr }`, each address checked by its coin's codec. */
      walletAddrs?: components["schemas"]["WalletAddr"][];
    };
    OwnerSession: {
      /** @description The signed-in address, EIP-55 checksummed. */
      address: string;
      /** Format: date-time */
      expiresAt: string;
      /** @description Owner session token, sent as `Authorization: Bearer <token>`. */
      token: string;
    };
    OwnerSessionRequest: {
      /** @description EIP-4361 message: domain = the host this request is sent to, a nonce from GET /v1/owner/nonce, Chain ID 1, Issued At within the last 10 minutes. */
      message: string;
      /** @description The address's EIP-191 (personal_sign) signature of `message`: a plain key's (65 bytes), or a smart-contract wallet's, checked by the wallet (EIP-1271) or, not yet deployed, EIP-6492 wrapped. */
      signature: string;
    };
    OwnerTransfer: {
      /** @description EVM address (0x…) that will own the name. */
      ownerAddress: string;
    };
    ParentClaim: {
      /** @description 0x-prefixed 20-byte address. */
      ownerAddress: string;
      parentDomain: string;
    };
    ParentClaimRequest: {
      /** @description EIP-4361 message signed by the name's owner on chain: domain = the host this request is sent to, Chain ID = ENS's chain, a nonce from GET /v1/owner/nonce, Issued At within the last 10 minutes, and the statement "Claim <name> as a parent domain of partner <partnerId>." */
      message: string;
      /** @description The owner's signature: EIP-191, EIP-1271 (contract wallets) or EIP-6492 (not yet deployed). */
      signature: string;
    };
    ParentDomainValidation: {
      parentDomain: string;
      /** @description One sentence per failed check; empty when every check passes. */
      reason: string;
      /** @description True only when the parent domain is configured for sub-domains. */
      status: boolean;
    };
    ParentSettings: {
      expiresAt: string | null;
      parentDomain: string;
      subdomainCount: number;
      subdomainPriceUsd: number | null;
      subdomainsEnabled: boolean;
    };
    ParentSettingsRequest: {
      /** @description Price per year in USD; null removes it. */
      subdomainPriceUsd?: number | null;
      subdomainsEnabled?: boolean;
    };
    PartnerPayout: {
      amountAtomic: string;
      currency: string;
      /** @description What the platform still holds for the partner in this currency after the payout. */
      heldAtomic: string;
      /** Format: uuid */
      partnerId: string;
      reference: string;
    };
    PartnerPayoutRequest: {
      amountAtomic: string;
      /** @enum {string} */
      currency: "USD" | "ETH" | "USDC" | "BTC";
      /** Format: uuid */
      partnerId: string;
      reference: string;
    };
    PartnerPurchase: {
      currency: string;
      domain: string;
      nameService: components["schemas"]["NameService"];
      ownerAddress: string;
      partnerId: string;
      /** @description Price paid in `currency`. Written with all its digits; parse it as a decimal to keep them. */
      price: number;
    };
    PartnerPurchases: {
      purchases: components["schemas"]["PartnerPurchase"][];
    };
    PayoutAccount: {
      /** @description Stripe connected account (acct_…) paid for this partner's sales; null: none. */
      processorConnectedAccountId: string | null;
    };
    PrimaryName: {
      address: string;
      name: string | null;
    };
    PrimaryNameRequest: {
      /** @description A name whose ETH wallet record is the signed-in address, or null to clear. */
      name: string | null;
    };
    PurchaseRequest: {
      /**
       * Format: uuid
       * @description Idempotency key: the same id with the same body returns the same order; with another body, 409.
       */
      checkoutId: string;
      /** @description Name to buy: `label.<tld>` under a native TLD, or `label.<parent>` under a parent domain that sells sub-domains. */
      domain: string;
      /** Format: uuid */
      externalUserId?: string;
      /** @description EVM address (0x…) that will own the name. */
      ownerAddress: string;
      /**
       * Format: uuid
       * @description A sub-domain belongs to its parent's partner: only that partner's id (or none) is accepted. On a second-level name it only attributes the sale.
       */
      partnerId?: string;
      /** @description Who is paid is decided by the server: the connected account of the partner selling the name (none for second-level names). Accepted only when absent, empty, or equal to that account; anything else is 400. */
      processorConnectedAccountId?: string;
      /**
       * @description Wallet records set on the name at registration.
       * @default []
       */
      walletAddrs: components["schemas"]["WalletAddr"][];
      /** @description Registration period in whole years, 1 to 10. */
      years: number;
    };
    PurchaseResponse: {
      /** Format: uuid */
      checkoutId: string;
      /** Format: uuid */
      orderId: string;
      /** @description PaymentIntent client secret, for the Payment Element or PaymentSheet (or the test checkout). */
      processorCheckoutSession: string;
      processorCustomerId: string;
      processorEphemeralKey: string;
      processorPublishableKey: string;
    };
    ReconciliationOrder: {
      /** Format: date-time */
      createdAt: string;
      currency: string;
      decimals: number;
      domain: string;
      /** @enum {string} */
      kind: "PURCHASE" | "RENEWAL";
      /** Format: uuid */
      orderId: string;
      orderStatus: string;
      /** @description Refunds owed and not yet paid. */
      owedAtomic: string;
      partnerId: string | null;
      /** @enum {string} */
      paymentType: "card" | "crypto";
      /** @description Card sales of partners: the application fee kept. */
      platformFeeUsd: string;
      processor: string | null;
      /** @description Smallest units of `currency` (cents for USD). */
      receivedAtomic: string;
      /** @description USD value at receipt; null for crypto paid before rates were kept. */
      receivedUsd: string | null;
      /** @description PaymentIntent id, or chain:txHash of each transfer. */
      references: string[];
      /** @description Refunds paid. */
      refundedAtomic: string;
      refundedUsd: string | null;
      /** @description Crypto: the rate the offer was priced at. */
      usdPerUnit: string | null;
      /** @description Refunds the operator wrote off as dust (never paid): kept by the platform, shown so the books add up. */
      writtenOffAtomic: string;
      writtenOffUsd: string | null;
    };
    ReconciliationResponse: {
      /** Format: date-time */
      from: string;
      /** @description Pass as `after` for the next page; empty on the last. */
      nextAfter: string;
      orders: components["schemas"]["ReconciliationOrder"][];
      /** Format: date-time */
      to: string;
      totals: components["schemas"]["ReconciliationTotals"];
      totalsByDay: {
        /** @description YYYY-MM-DD (UTC). */
        day: string;
        orders: number;
        /** @description US dollars, two decimals. */
        platformFeeUsd: string;
        /** @description US dollars, two decimals. */
        receivedUsd: string;
        /** @description US dollars, two decimals. */
        refundedUsd: string;
        /** @description US dollars, two decimals. */
        writtenOffUsd: string;
      }[];
      totalsByPartner: {
        orders: number;
        partnerId: string | null;
        /** @description US dollars, two decimals. */
        platformFeeUsd: string;
        /** @description US dollars, two decimals. */
        receivedUsd: string;
        /** @description US dollars, two decimals. */
        refundedUsd: string;
        /** @description US dollars, two decimals. */
        writtenOffUsd: string;
      }[];
    };
    ReconciliationTotals: {
      orders: number;
      /** @description US dollars, two decimals. */
      platformFeeUsd: string;
      /** @description US dollars, two decimals. */
      receivedUsd: string;
      /** @description US dollars, two decimals. */
      refundedUsd: string;
      /** @description US dollars, two decimals. */
      writtenOffUsd: string;
    };
    Refund: {
      /** @description Amount owed in whole units of `currency`. Written with all its digits; parse it as a decimal to keep them. */
      amount: number;
      /** @description The same amount in the smallest unit (cents, wei, token units, satoshi). */
      amountAtomic: string;
      /** @description Crypto: `eip155:<chainId>` or `bitcoin:<network>`. */
      chain: string | null;
      /** Format: date-time */
      createdAt: string;
      /** @description `USD` for cards, else the crypto ticker. */
      currency: string;
      decimals: number;
      domain: string;
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      method: "card" | "crypto";
      /** Format: uuid */
      orderId: string;
      paidAt: string | null;
      /** @description Crypto: what the operator recorded for the payout. */
      payoutReference: string | null;
      /** @description Card: the processor's refund id (re_…). */
      processorRefundId: string | null;
      /** @description Why the money is owed: over-, under- or late payment, or an order that could not be fulfilled. */
      reason: string;
      /** @description Crypto: the address the buyer claimed the refund to; payouts go there when set. */
      refundAddress: string | null;
      /** @description Crypto: the address the payment came from, where the refund goes unless one is claimed. */
      senderAddress: string | null;
      status: components["schemas"]["RefundStatus"];
    };
    RefundClaimLinkSent: {
      /** Format: date-time */
      expiresAt: string;
      /** @description The order's e-mail address, partly masked. */
      sentTo: string;
    };
    RefundList: {
      /** @description Pass back as pageToken for the next page; empty on the last page. */
      nextPaginationToken: string;
      /** @description Newest first. */
      refunds: components["schemas"]["Refund"][];
    };
    /**
     * @description DUE: owed and not yet returned (a card refund asked for and not yet succeeded at the processor included). PAYING: the operator started paying this crypto refund out; its amount is frozen, and money that arrives later is a new refund. PAID: returned (a card refund the processor says succeeded, or a crypto payout the operator recorded). FAILED: the processor's card refund failed or was cancelled; the operator returns the money another way. WRITTEN_OFF: crypto dust the operator wrote off (worth less than paying it out); never owed again.
     * @enum {string}
     */
    RefundStatus: "DUE" | "PAYING" | "PAID" | "FAILED" | "WRITTEN_OFF";
    RenewalRequest: {
      /**
       * Format: uuid
       * @description Idempotency key: the same id with the same body answers the same order; with another body, 409.
       */
      checkoutId: string;
      /** @description Name to buy: `label.<tld>` under a native TLD, or `label.<parent>` under a parent domain that sells sub-domains. */
      domain: string;
      /** @description Registration period in whole years, 1 to 10. */
      years: number;
    };
    ResolveResult: {
      /** @description ipfs://, ipns:// or bzz:// URI; empty when none is set. */
      contentHash: string;
      dnsRecords: components["schemas"]["DnsRecord"][];
      domain: string;
      nameService: components["schemas"]["NameService"];
      ownerAddress: string;
      txtRecords: components["schemas"]["TxtRecord"][];
      wallets: components["schemas"]["WalletData"][];
    };
    ReverseResolveInParent: {
      domain: string;
    };
    RevokedSubdomain: {
      name: string;
      /** @description Refunds recorded as owed (GET /v1/partner/refunds lists them). */
      refunds: {
        amountAtomic: string;
        currency: string;
        method: string;
        orderId: string;
      }[];
      revokedAt: string;
    };
    ServerErrorResponse: {
      message: string;
    };
    SetPayoutAccountRequest: {
      processorConnectedAccountId: string | null;
    };
    StatementLine: {
      currency: string;
      /** @description The partner's share: sales less refunds less fees. */
      net: string;
      /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
      netUsd: string | null;
      /** @description Of `net`: what the platform holds for the partner (crypto sales). */
      owed: string;
      /** @description What the platform paid the partner for what it held. */
      paidOut: string;
      /** @description The platform's fee, net of what refunds gave back. */
      platformFees: string;
      /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
      platformFeesUsd: string | null;
      /** @description Money that went back: refunds, lost disputes, chain reorganisations. */
      refunds: string;
      /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
      refundsUsd: string | null;
      /** @description Money buyers paid for the partner's names. */
      sales: string;
      /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
      salesUsd: string | null;
      /** @description Of `net`: paid to the partner's Stripe account by the card processor (destination charges). */
      transferred: string;
    };
    StatementResponse: {
      /** Format: date-time */
      from: string;
      months: {
        currency: string;
        /** @description YYYY-MM (UTC). */
        month: string;
        /** @description The partner's share: sales less refunds less fees. */
        net: string;
        /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
        netUsd: string | null;
        /** @description Of `net`: what the platform holds for the partner (crypto sales). */
        owed: string;
        /** @description What the platform paid the partner for what it held. */
        paidOut: string;
        /** @description The platform's fee, net of what refunds gave back. */
        platformFees: string;
        /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
        platformFeesUsd: string | null;
        /** @description Money that went back: refunds, lost disputes, chain reorganisations. */
        refunds: string;
        /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
        refundsUsd: string | null;
        /** @description Money buyers paid for the partner's names. */
        sales: string;
        /** @description US dollars at the time of each movement; null where a crypto rate was not known. */
        salesUsd: string | null;
        /** @description Of `net`: paid to the partner's Stripe account by the card processor (destination charges). */
        transferred: string;
      }[];
      /** Format: uuid */
      partnerId: string;
      /** Format: date-time */
      to: string;
      /** @description The whole period, per currency. */
      totals: components["schemas"]["StatementLine"][];
    };
    SubdomainDayAggregate: {
      count: number;
      /** @description UTC day, YYYY-MM-DD */
      date: string;
    };
    SubdomainListItem: {
      /** @description UTC, YYYY-MM-DD hh:mm:ss.mmm */
      createdTimestamp: string;
      name: string;
    };
    SubdomainListPage: {
      names: components["schemas"]["SubdomainListItem"][];
      /** @description Pass back as pageToken for the next page; empty on the last page. */
      nextPaginationToken: string;
      /** @description Sub-domains under the parent. */
      total: number;
    };
    SubdomainPerDayPage: {
      /** @description Days with at least one sub-domain, newest first. */
      aggregates: components["schemas"]["SubdomainDayAggregate"][];
      /** @description Pass back as pageToken for the next page; empty on the last page. */
      nextPaginationToken: string;
      /** @description Sub-domains under the parent (the sum of every day's count). */
      total: number;
    };
    /** @description Records the sub-name starts with. */
    SubdomainRecords: {
      /** @description Replaces every text record. */
      txtRecords?: {
        key: string;
        value: string;
      }[];
      /** @description Replaces every wallet record: `{ coinId, addr }`, each address checked by its coin's codec. */
      walletAddrs?: components["schemas"]["WalletAddr"][];
    };
    TxtRecord: {
      key: string;
      value: string;
    };
    WalletAddr: {
      addr: string;
      /** @description SLIP-44 coin type (ENSIP-9; ENSIP-11 for EVM chains): 60 ETH, 0 BTC, 2147492101 Base… */
      coinId: number;
    };
    WalletData: {
      address: string;
      coin: components["schemas"]["Coin"];
      /** @description Token standard or network the address is for, e.g. ERC20, NATIVE, BASE. */
      version: string;
    };
    WebhookDelivery: {
      attempts: number;
      /** Format: date-time */
      createdAt: string;
      deliveredAt: string | null;
      /**
       * Format: uuid
       * @description The event's id, the same on every attempt and redelivery.
       */
      eventId: string;
      eventType: string;
      /** Format: uuid */
      id: string;
      lastError: string | null;
      lastStatusCode: number | null;
      nextAttemptAt: string | null;
      objectKey: string;
      /** @enum {string} */
      status: "pending" | "delivered" | "failed";
    };
    WebhookDeliveryList: {
      deliveries: components["schemas"]["WebhookDelivery"][];
    };
    WebhookEndpoint: {
      /** Format: date-time */
      createdAt: string;
      /** @description Set when 3 days of failed deliveries disabled it. */
      disabledAt: string | null;
      disabledReason: string | null;
      events: components["schemas"]["WebhookEventType"][];
      /** Format: uuid */
      id: string;
      url: string;
    };
    WebhookEndpointList: components["schemas"]["WebhookEndpoint"][];
    /** @enum {string} */
    WebhookEventType:
      | "order.paid"
      | "order.completed"
      | "order.expired"
      | "order.failed"
      | "order.refunded"
      | "refund.owed"
      | "refund.paid"
      | "subname.created"
      | "subname.revoked"
      | "subname.transferred"
      | "subname.records_updated"
      | "subname.expiring"
      | "parent.misconfigured";
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  postV1EnsCcip: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CcipReadRequest"];
      };
    };
    responses: {
      /** @description The signed answer. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CcipReadResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1EnsCcipSenderDataJson: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The lookup's callData, resolve(bytes name, bytes data), followed by `.json`. */
        data: string;
        /** @description The resolver that reverted with OffchainLookup (one of ours, else 404). */
        sender: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed answer. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CcipReadResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1EnsGateway: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The gateway's set-up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EnsGatewayInfo"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketCryptoPurchase: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CryptoPurchaseRequest"];
      };
    };
    responses: {
      /** @description Where and how much to pay. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CryptoPurchaseResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketCryptoRenew: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CryptoRenewalRequest"];
      };
    };
    responses: {
      /** @description Where and how much to pay. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CryptoPurchaseResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1MarketOrderOrderID: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        orderID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Order"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketOrderOrderIDRefundClaim: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        orderID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ClaimRefundRequest"];
      };
    };
    responses: {
      /** @description The order's refunds after the claim. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OrderRefundList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketOrderOrderIDRefundClaimLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        orderID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link was mailed. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundClaimLinkSent"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1MarketOrderOrderIDRefunds: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        orderID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order's refunds, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OrderRefundList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketPurchase: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PurchaseRequest"];
      };
    };
    responses: {
      /** @description The payment session for the client and the order id. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PurchaseResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1MarketRenew: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RenewalRequest"];
      };
    };
    responses: {
      /** @description The payment session for the client and the order id. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PurchaseResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1MarketSearch: {
    parameters: {
      query: {
        /** @description One or more names separated by spaces (at most 20). */
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One result per name, in the order asked. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MarketSearchResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OpenapiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OpenApiDocument"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
    };
  };
  postV1OperatorActions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OperatorAction"];
      };
    };
    responses: {
      /** @description The audit entry and what happened. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OperatorActionResult"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OperatorAudit: {
    parameters: {
      query?: {
        after?: string;
        pageSize?: number;
        /** @description Only entries about this target (`order:<id>`, `name:<name>`, `partner:<id>`). */
        target?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of entries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuditList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OperatorLedgerCheck: {
    parameters: {
      query: {
        /** @description Movements at or after this time. */
        from: string;
        /** @description Movements before this time; at most 92 days after `from`. */
        to: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The lines of the check. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LedgerCheckResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OperatorOverview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The lists. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OperatorOverview"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1OperatorPartnerPayouts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PartnerPayoutRequest"];
      };
    };
    responses: {
      /** @description The payout, and what is still held. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PartnerPayout"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OperatorReconciliation: {
    parameters: {
      query: {
        /** @description The `nextAfter` of the previous page. */
        after?: string;
        /** @description Orders created at or after this time. */
        from: string;
        pageSize?: number;
        /** @description Orders created before this time; at most 92 days after `from`. */
        to: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page of orders and the period's totals. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReconciliationResponse"];
          "text/csv": string;
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OwnerNames: {
    parameters: {
      query?: {
        /** @description 1 to 200; 100 when absent. */
        pageSize?: number;
        /** @description nextPaginationToken of the previous page. */
        pageToken?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of names. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OwnerNames"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  putV1OwnerNamesNameOwner: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A name the session's address owns. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OwnerTransfer"];
      };
    };
    responses: {
      /** @description The name's records, with its new owner. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ResolveResult"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  putV1OwnerNamesNameRecords: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A name the session's address owns. */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OwnerRecordsUpdate"];
      };
    };
    responses: {
      /** @description The name's records now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ResolveResult"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1OwnerNonce: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The nonce. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OwnerNonce"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  putV1OwnerReverse: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PrimaryNameRequest"];
      };
    };
    responses: {
      /** @description The address's primary name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PrimaryName"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1OwnerSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OwnerSessionRequest"];
      };
    };
    responses: {
      /** @description The session. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OwnerSession"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  deleteV1OwnerSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1ParentdomainsParentDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Validation result. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ParentDomainValidation"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  patchV1ParentdomainsParentDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ParentSettingsRequest"];
      };
    };
    responses: {
      /** @description The settings now in force. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ParentSettings"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1ParentdomainsParentDomainAddressesEthAddressReverseResolve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description 0x-prefixed 20-byte address, any letter case. */
        ethAddress: string;
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sub-domain. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReverseResolveInParent"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postV1ParentdomainsParentDomainClaim: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An ENS name, e.g. brand.eth. */
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ParentClaimRequest"];
      };
    };
    responses: {
      /** @description The claimed parent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ParentClaim"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1ParentdomainsParentDomainList: {
    parameters: {
      query?: {
        /** @description Only sub-names whose label starts with this (normalized as labels are). */
        labelPrefix?: string;
        /** @description Only sub-names owned by this 0x address (letter case ignored). */
        ownerAddress?: string;
        /** @description 1 to 1000; 100 when absent. */
        pageSize?: number;
        /** @description nextPaginationToken of the previous page. */
        pageToken?: string;
      };
      header?: never;
      path: {
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of sub-domains. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SubdomainListPage"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1ParentdomainsParentDomainPerDay: {
    parameters: {
      query?: {
        /** @description 1 to 1000; 100 when absent. */
        pageSize?: number;
        /** @description nextPaginationToken of the previous page. */
        pageToken?: string;
      };
      header?: never;
      path: {
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of daily counts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SubdomainPerDayPage"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1ParentdomainsParentDomainSubdomains: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BulkIssueItem"] | components["schemas"]["BulkIssueRequest"];
      };
    };
    responses: {
      /** @description Bulk: one result per item, in request order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BulkIssueResponse"];
        };
      };
      /** @description The new sub-domain. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["IssuedSubdomain"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  deleteV1ParentdomainsParentDomainSubdomainsLabel: {
    parameters: {
      query?: {
        /** @description Required to revoke a sub-name bought in its paid term: the unused part of what was paid is owed back. */
        refund?: "prorata";
      };
      header?: never;
      path: {
        label: string;
        parentDomain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked sub-name and the refunds owed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RevokedSubdomain"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Tokens, newest first, values redacted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AccessTokenList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateAccessTokenRequest"];
      };
    };
    responses: {
      /** @description The token, with its value. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AccessToken"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  deleteV1PartnerAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DeleteAccessTokenRequest"];
      };
    };
    responses: {
      /** @description Deleted; no body. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerOwnerAddresses: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The bound addresses, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BoundOwnerAddressList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerOwnerAddresses: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OwnerAddressRequest"];
      };
    };
    responses: {
      /** @description The bound address. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BoundOwnerAddress"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  deleteV1PartnerOwnerAddresses: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["OwnerAddressRequest"];
      };
    };
    responses: {
      /** @description Unbound. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerPayoutAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The connected account, or null. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutAccount"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  putV1PartnerPayoutAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SetPayoutAccountRequest"];
      };
    };
    responses: {
      /** @description The connected account now set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutAccount"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerPurchases: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Completed purchases, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PartnerPurchases"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerRefunds: {
    parameters: {
      query?: {
        /** @description 1 to 1000; 100 when absent. */
        pageSize?: number;
        /** @description nextPaginationToken of the previous page. */
        pageToken?: string;
        /** @description Only refunds in this state. */
        status?: components["schemas"]["RefundStatus"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Refunds, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The access token, with its value. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AccessToken"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerStatement: {
    parameters: {
      query?: {
        /** @description Movements at or after this time; default: 12 months before `to`. */
        from?: string;
        /** @description Movements before this time; default: now. At most 400 days after `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["StatementResponse"];
          "text/csv": string;
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The receivers, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpointList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateWebhookRequest"];
      };
    };
    responses: {
      /** @description The receiver, with its secret. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedWebhookEndpoint"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Not available, or the idempotency key was used with another body. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  deleteV1PartnerWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DeleteWebhookRequest"];
      };
    };
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  getV1PartnerWebhooksIdDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The deliveries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDeliveryList"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerWebhooksIdDeliveriesDeliveryIdRedeliver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        deliveryId: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, pending again. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1PartnerWebhooksIdTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The test event's delivery. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorsResponse"];
        };
      };
    };
  };
  postV1Resolve: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BatchResolveRequest"];
      };
    };
    responses: {
      /** @description One result per name, in request order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BatchResolveResponse"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body larger than 64 KB, declared or streamed (chunked); nothing of it is parsed. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Body is not JSON. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1ResolveDomain: {
    parameters: {
      query?: {
        /** @description Only these coins' wallets (comma-separated, or repeated). */
        coins?: string | string[];
        /** @description Name service to ask; inferred from the TLD when absent. */
        nameservice?: components["schemas"]["NameService"];
      };
      header?: never;
      path: {
        domain: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The name's records. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ResolveResult"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The name service's source did not answer in time. */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getV1ReverseAddress: {
    parameters: {
      query?: {
        /** @description One EVM chain whose ENS primary name is asked (ENSIP-19): a network as wallets name it (BASE, OPTIMISM, ARBITRUM, LINEA, SCROLL, POLYGON, EVM for the default name…) or the chain's own coin (ETH for Ethereum, MATIC for Polygon). Reads the chain's reverse namespace, then the default one; the name must resolve back to the address on that chain. ENS only: with another nameservice it is 400. */
        coins?: string;
        /** @description Name service to ask; without it native, then ENS, then Unstoppable Domains. */
        nameservice?: components["schemas"]["NameService"];
      };
      header?: never;
      path: {
        address: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The name's records. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ResolveResult"];
        };
      };
      /** @description Invalid input (also a Host header that is not host[:port], or JSON nested deeper than 16 levels): the field at fault is named. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Missing, malformed, expired, not-yet-valid or deleted access token. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The token's type may not call this endpoint. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unknown resource. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Rate limited (a batch counts each name), or too many failed authentications from this address: `field` is `rate`; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description Requests allowed per window. */
          "RateLimit-Limit"?: number;
          /** @description Requests left in this window. */
          "RateLimit-Remaining"?: number;
          /** @description Seconds until the window ends. */
          "RateLimit-Reset"?: number;
          /** @description Seconds until the window ends. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unexpected failure; nothing internal is revealed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ServerErrorResponse"];
        };
      };
      /** @description The name service's source (a JSON-RPC endpoint, a CCIP-Read gateway, a DNS server) answered something unusable. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description Unavailable: the database cannot be reached (retry after `Retry-After`), or a service the endpoint needs (a name service, a payment chain) is not configured or unreachable; the body says which. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description The name service's source did not answer in time. */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
}
