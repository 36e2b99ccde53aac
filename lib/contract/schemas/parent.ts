// Parent-domain tools (endpoints 3 to 6) and our extensions: issuing a sub-domain and the
// parent's sub-domain settings.
import { z } from "zod";
import { PageSize, PageToken } from "./common";
import { RecordsUpdateRequest } from "./owner";

export const ParentDomainValidation = z
  .object({
    parentDomain: z.string(),
    reason: z.string().meta({ description: "One sentence per failed check; empty when every check passes." }),
    status: z.boolean().meta({ description: "True only when the parent domain is configured for sub-domains." }),
  })
  .meta({ id: "ParentDomainValidation" });

const SubdomainListItem = z
  .object({
    createdTimestamp: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/)
      .meta({ description: "UTC, YYYY-MM-DD hh:mm:ss.mmm" }),
    name: z.string(),
  })
  .meta({ id: "SubdomainListItem" });

const nextPaginationToken = z
  .string()
  .meta({ description: "Pass back as pageToken for the next page; empty on the last page." });

export const SubdomainListPage = z
  .object({
    names: z.array(SubdomainListItem),
    nextPaginationToken,
    total: z.number().int().meta({ description: "Sub-domains under the parent." }),
  })
  .meta({ id: "SubdomainListPage" });

const SubdomainDayAggregate = z
  .object({
    count: z.number().int(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({ description: "UTC day, YYYY-MM-DD" }),
  })
  .meta({ id: "SubdomainDayAggregate" });

export const SubdomainPerDayPage = z
  .object({
    aggregates: z
      .array(SubdomainDayAggregate)
      .meta({ description: "Days with at least one sub-domain, newest first." }),
    nextPaginationToken,
    total: z.number().int().meta({ description: "Sub-domains under the parent (the sum of every day's count)." }),
  })
  .meta({ id: "SubdomainPerDayPage" });

export const ReverseResolveInParent = z.object({ domain: z.string() }).meta({ id: "ReverseResolveInParent" });

export const ParentDomainPath = z.object({ parentDomain: z.string().min(1).max(253) });

export const ReverseInParentPath = z.object({
  parentDomain: z.string().min(1).max(253),
  ethAddress: z.string().meta({ description: "0x-prefixed 20-byte address, any letter case." }),
});

export const PageQuery = z.object({
  pageSize: PageSize.meta({ description: "1 to 1000; 100 when absent." }),
  pageToken: PageToken.meta({ description: "nextPaginationToken of the previous page." }),
});

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "ownerAddress must be a 0x-prefixed 20-byte address");

export const IssueSubdomainRequest = z
  .object({
    label: z.string().min(1, "label must not be empty").max(63, "label must be at most 63 characters"),
    ownerAddress: evmAddress,
  })
  .strict();

export const IssuedSubdomain = z
  .object({
    name: z.string(),
    ownerAddress: z.string(),
    createdTimestamp: SubdomainListItem.shape.createdTimestamp,
  })
  .meta({ id: "IssuedSubdomain" });

export const ParentSettingsRequest = z
  .object({
    subdomainsEnabled: z.boolean().optional(),
    subdomainPriceUsd: z
      .number()
      .positive("subdomainPriceUsd must be more than 0")
      .max(1_000_000, "subdomainPriceUsd must be at most 1000000")
      .refine(
        (usd) => Number.isInteger(Math.round(usd * 100)) && Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6,
        "subdomainPriceUsd has at most two decimals",
      )
      .nullable()
      .optional()
      .meta({ description: "Price per year in USD; null removes it." }),
  })
  .strict()
  .refine((body) => body.subdomainsEnabled !== undefined || body.subdomainPriceUsd !== undefined, {
    message: "Send subdomainsEnabled or subdomainPriceUsd",
    path: ["body"],
  })
  .meta({ id: "ParentSettingsRequest" });

export const ParentSettings = z
  .object({
    parentDomain: z.string(),
    subdomainsEnabled: z.boolean(),
    subdomainPriceUsd: z.number().nullable(),
    subdomainCount: z.number().int(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "ParentSettings" });

export type ParentSettingsRequest = z.infer<typeof ParentSettingsRequest>;

// Issue 32: the sub-name lifecycle (bulk issuance, revocation, filtered listing).

export const SubdomainListQuery = PageQuery.extend({
  labelPrefix: z
    .string()
    .max(63, "labelPrefix must be at most 63 characters")
    .optional()
    .meta({ description: "Only sub-names whose label starts with this (normalized as labels are)." }),
  ownerAddress: z
    .string()
    .optional()
    .meta({ description: "Only sub-names owned by this 0x address (letter case ignored)." }),
});

export const SubdomainRecords = z
  .object({
    walletAddrs: RecordsUpdateRequest.shape.walletAddrs,
    txtRecords: RecordsUpdateRequest.shape.txtRecords,
  })
  .strict()
  .meta({ id: "SubdomainRecords", description: "Records the sub-name starts with." });

export const BulkIssueItem = IssueSubdomainRequest.extend({ records: SubdomainRecords.optional() })
  .strict()
  .meta({ id: "BulkIssueItem" });

export const MAX_BULK_ISSUE = 100;

export const BulkIssueRequest = z
  .array(BulkIssueItem)
  .min(1, "Send at least one sub-name")
  .max(MAX_BULK_ISSUE, `At most ${MAX_BULK_ISSUE} sub-names per request`)
  .meta({ id: "BulkIssueRequest" });

/** What the route parses: each item is judged on its own, so one bad item fails only itself. */
export const BulkIssueEnvelope = z
  .array(z.unknown())
  .min(1, "Send at least one sub-name")
  .max(MAX_BULK_ISSUE, `At most ${MAX_BULK_ISSUE} sub-names per request`);

export const BulkIssueResult = z
  .object({
    index: z.number().int().meta({ description: "Position of the item in the request." }),
    label: z.string(),
    status: z.enum(["created", "conflict", "invalid"]),
    name: z.string().optional(),
    ownerAddress: z.string().optional(),
    createdTimestamp: SubdomainListItem.shape.createdTimestamp.optional(),
    errors: z.array(z.object({ field: z.string(), info: z.string() })).optional(),
  })
  .meta({ id: "BulkIssueResult" });

export const BulkIssueResponse = z
  .object({
    results: z.array(BulkIssueResult),
    created: z.number().int(),
    conflicts: z.number().int(),
    invalid: z.number().int(),
  })
  .meta({ id: "BulkIssueResponse" });

export const RevokeQuery = z.object({
  refund: z.enum(["prorata"], { error: "refund must be prorata" }).optional().meta({
    description:
      "Required to revoke a sub-name bought in its paid term: the unused part of what was paid is owed back.",
  }),
});

export const SubdomainPath = ParentDomainPath.extend({ label: z.string().min(1).max(63) });

export const RevokedSubdomain = z
  .object({
    name: z.string(),
    revokedAt: z.string(),
    refunds: z
      .array(z.object({ orderId: z.string(), method: z.string(), currency: z.string(), amountAtomic: z.string() }))
      .meta({ description: "Refunds recorded as owed (GET /v1/partner/refunds lists them)." }),
  })
  .meta({ id: "RevokedSubdomain" });
