// Parent-domain tools (endpoints 3 to 6) and our extensions: issuing a sub-domain and the
// parent's sub-domain settings.
import { z } from "zod";
import { PageSize, PageToken } from "./common";

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
  .strict()
  .meta({ id: "IssueSubdomainRequest" });

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
