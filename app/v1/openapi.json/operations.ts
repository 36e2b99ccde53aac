// Generated from the route list by `npm run openapi:operations` (scripts/openapi-operations.ts); do not edit.
// Every /v1 route's operations, from the openapi.ts beside its route.ts, in path order.
import type { Operation } from "@/lib/contract/openapi/operation";
import { operations as v1EnsCcip } from "@/app/v1/ens/ccip/openapi";
import { operations as v1EnsCcipSenderData } from "@/app/v1/ens/ccip/[sender]/[data]/openapi";
import { operations as v1EnsGateway } from "@/app/v1/ens/gateway/openapi";
import { operations as v1MarketCryptoPurchase } from "@/app/v1/market/crypto/purchase/openapi";
import { operations as v1MarketCryptoRenew } from "@/app/v1/market/crypto/renew/openapi";
import { operations as v1MarketOrderOrderID } from "@/app/v1/market/order/[orderID]/openapi";
import { operations as v1MarketOrderOrderIDRefundClaim } from "@/app/v1/market/order/[orderID]/refund-claim/openapi";
import { operations as v1MarketOrderOrderIDRefundClaimLink } from "@/app/v1/market/order/[orderID]/refund-claim-link/openapi";
import { operations as v1MarketOrderOrderIDRefunds } from "@/app/v1/market/order/[orderID]/refunds/openapi";
import { operations as v1MarketPurchase } from "@/app/v1/market/purchase/openapi";
import { operations as v1MarketRenew } from "@/app/v1/market/renew/openapi";
import { operations as v1MarketSearch } from "@/app/v1/market/search/openapi";
import { operations as v1OpenapiJson } from "@/app/v1/openapi.json/openapi";
import { operations as v1OperatorActions } from "@/app/v1/operator/actions/openapi";
import { operations as v1OperatorAudit } from "@/app/v1/operator/audit/openapi";
import { operations as v1OperatorLedgerCheck } from "@/app/v1/operator/ledger-check/openapi";
import { operations as v1OperatorOverview } from "@/app/v1/operator/overview/openapi";
import { operations as v1OperatorPartnerPayouts } from "@/app/v1/operator/partner-payouts/openapi";
import { operations as v1OperatorReconciliation } from "@/app/v1/operator/reconciliation/openapi";
import { operations as v1OwnerNames } from "@/app/v1/owner/names/openapi";
import { operations as v1OwnerNamesNameOwner } from "@/app/v1/owner/names/[name]/owner/openapi";
import { operations as v1OwnerNamesNameRecords } from "@/app/v1/owner/names/[name]/records/openapi";
import { operations as v1OwnerNonce } from "@/app/v1/owner/nonce/openapi";
import { operations as v1OwnerReverse } from "@/app/v1/owner/reverse/openapi";
import { operations as v1OwnerSession } from "@/app/v1/owner/session/openapi";
import { operations as v1ParentdomainsParentDomain } from "@/app/v1/parentdomains/[parentDomain]/openapi";
import { operations as v1ParentdomainsParentDomainAddressesEthAddressReverseResolve } from "@/app/v1/parentdomains/[parentDomain]/addresses/[ethAddress]/reverse-resolve/openapi";
import { operations as v1ParentdomainsParentDomainClaim } from "@/app/v1/parentdomains/[parentDomain]/claim/openapi";
import { operations as v1ParentdomainsParentDomainList } from "@/app/v1/parentdomains/[parentDomain]/list/openapi";
import { operations as v1ParentdomainsParentDomainPerDay } from "@/app/v1/parentdomains/[parentDomain]/per-day/openapi";
import { operations as v1ParentdomainsParentDomainSubdomains } from "@/app/v1/parentdomains/[parentDomain]/subdomains/openapi";
import { operations as v1ParentdomainsParentDomainSubdomainsLabel } from "@/app/v1/parentdomains/[parentDomain]/subdomains/[label]/openapi";
import { operations as v1PartnerAccessToken } from "@/app/v1/partner/access-token/openapi";
import { operations as v1PartnerOwnerAddresses } from "@/app/v1/partner/owner-addresses/openapi";
import { operations as v1PartnerPayoutAccount } from "@/app/v1/partner/payout-account/openapi";
import { operations as v1PartnerPurchases } from "@/app/v1/partner/purchases/openapi";
import { operations as v1PartnerRefunds } from "@/app/v1/partner/refunds/openapi";
import { operations as v1PartnerSession } from "@/app/v1/partner/session/openapi";
import { operations as v1PartnerStatement } from "@/app/v1/partner/statement/openapi";
import { operations as v1PartnerWebhooks } from "@/app/v1/partner/webhooks/openapi";
import { operations as v1PartnerWebhooksIdDeliveries } from "@/app/v1/partner/webhooks/[id]/deliveries/openapi";
import { operations as v1PartnerWebhooksIdDeliveriesDeliveryIdRedeliver } from "@/app/v1/partner/webhooks/[id]/deliveries/[deliveryId]/redeliver/openapi";
import { operations as v1PartnerWebhooksIdTest } from "@/app/v1/partner/webhooks/[id]/test/openapi";
import { operations as v1Resolve } from "@/app/v1/resolve/openapi";
import { operations as v1ResolveDomain } from "@/app/v1/resolve/[domain]/openapi";
import { operations as v1ReverseAddress } from "@/app/v1/reverse/[address]/openapi";

export const operations: readonly Operation[] = [
  ...v1EnsCcip,
  ...v1EnsCcipSenderData,
  ...v1EnsGateway,
  ...v1MarketCryptoPurchase,
  ...v1MarketCryptoRenew,
  ...v1MarketOrderOrderID,
  ...v1MarketOrderOrderIDRefundClaim,
  ...v1MarketOrderOrderIDRefundClaimLink,
  ...v1MarketOrderOrderIDRefunds,
  ...v1MarketPurchase,
  ...v1MarketRenew,
  ...v1MarketSearch,
  ...v1OpenapiJson,
  ...v1OperatorActions,
  ...v1OperatorAudit,
  ...v1OperatorLedgerCheck,
  ...v1OperatorOverview,
  ...v1OperatorPartnerPayouts,
  ...v1OperatorReconciliation,
  ...v1OwnerNames,
  ...v1OwnerNamesNameOwner,
  ...v1OwnerNamesNameRecords,
  ...v1OwnerNonce,
  ...v1OwnerReverse,
  ...v1OwnerSession,
  ...v1ParentdomainsParentDomain,
  ...v1ParentdomainsParentDomainAddressesEthAddressReverseResolve,
  ...v1ParentdomainsParentDomainClaim,
  ...v1ParentdomainsParentDomainList,
  ...v1ParentdomainsParentDomainPerDay,
  ...v1ParentdomainsParentDomainSubdomains,
  ...v1ParentdomainsParentDomainSubdomainsLabel,
  ...v1PartnerAccessToken,
  ...v1PartnerOwnerAddresses,
  ...v1PartnerPayoutAccount,
  ...v1PartnerPurchases,
  ...v1PartnerRefunds,
  ...v1PartnerSession,
  ...v1PartnerStatement,
  ...v1PartnerWebhooks,
  ...v1PartnerWebhooksIdDeliveries,
  ...v1PartnerWebhooksIdDeliveriesDeliveryIdRedeliver,
  ...v1PartnerWebhooksIdTest,
  ...v1Resolve,
  ...v1ResolveDomain,
  ...v1ReverseAddress,
];
