// What several routes' operations say alike (each route's own operations are in its folder's openapi.ts).

export const READERS = ["ADMIN", "CUSTOMER"] as const;

export const foreignParent =
  "Another partner's parent domain answers 403 (names are public; their sub-domain data is not).";

/** Who bounds unpaid orders, and the optional partner token (purchases and renewals alike). */
export const UNPAID_BOUND =
  "Open unpaid orders (purchases and renewals) are bounded by who created them: the client address " +
  "(UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: " +
  "Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order " +
  "names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a " +
  "token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the " +
  "body is 400; a bad token is 401, a CUSTOMER token 403.";

export const OWNER = ["OWNER"] as const;

export const OWNED =
  "Another address's name is 403; a name in its grace period may only be renewed (409); one past it is 404.";

export const RENEWAL =
  "Anyone may pay. The name must be registered or in its grace period (past it, 409: buy it instead); the " +
  "price is the name's yearly price today. The order goes through the purchase's states (PENDING → PAID → " +
  "COMPLETED, or EXPIRED / FAILED / REFUNDED); on completion only the expiry changes, extended from the " +
  "old expiry, and the order's `renewal.nameExpiresAt` and `orderStatusReason` give the new one. A payment " +
  "that arrives after the grace period ended, or for a name bought again meanwhile, fails the order (the " +
  "renewal could not be applied) and is refunded as a purchase's would be: a card through the processor " +
  "(the order ends REFUNDED with the refund id), crypto as an amount owed to the sender (GET " +
  "/v1/partner/refunds). Card money goes where a purchase of the name would send it: the connected account " +
  "of a sub-domain's parent partner, the platform for a second-level name; the request cannot choose. " +
  `\`checkoutId\` is the idempotency key. ${UNPAID_BOUND}`;

export const ANSWERS =
  "Decodes the lookup's resolve(bytes name, bytes data) (the name DNS-encoded, ENSIP-10) and answers the inner " +
  "query from the registry's records of the name, the same GET /v1/resolve gives: addr(bytes32), " +
  "addr(bytes32,uint256) for any ENSIP-9/ENSIP-11 coin type, text(bytes32,string), contenthash(bytes32) " +
  "(EIP-1577) and multicall(bytes[]) of those (at most 64). An unset record answers its empty value. Names " +
  "are served under a partner's ENS parent domain (brand.eth) held by the registry; a name under it that the " +
  "registry does not hold (never issued, revoked, expired) answers every record unset. The answer is signed " +
  "for the resolver that asked and expires after ENS_GATEWAY_TTL_SECONDS. 404: the sender is not one of " +
  "our resolvers, or the name is under no parent of ours; 400: callData that is not resolve(bytes,bytes), a " +
  "name that is not DNS-encoded or not normalised (ENSIP-15), a query whose node is not the name's namehash; " +
  "503: no signing key is configured (ENS_GATEWAY_SIGNER_KEY with PostgreSQL).";
