import "server-only";
import type { ParentSettingsRequest } from "@/lib/api/schemas/parent";
import type { Caller } from "@/lib/partners/authenticate";
import { db } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";
import { getParentDomainOfPartner } from "./parent-domain";

export interface ParentSettings {
  parentDomain: string;
  subdomainsEnabled: boolean;
  subdomainPriceUsd: number | null;
  subdomainCount: number;
  expiresAt: string | null;
}

/** Our extension: the owning partner turns sub-domain issuance on or off and sets its price. */
export async function updateParentSettings(
  caller: Caller,
  parentDomain: string,
  change: ParentSettingsRequest,
): Promise<ParentSettings> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  const updated = await db().domain.update({
    where: { id: parent.id },
    data: {
      subdomainsEnabled: change.subdomainsEnabled,
      subdomainPriceCents:
        change.subdomainPriceUsd === undefined
          ? undefined
          : change.subdomainPriceUsd === null
            ? null
            : Math.round(change.subdomainPriceUsd * 100),
    },
  });
  await invalidate("name", updated.name);
  return {
    parentDomain: updated.name,
    subdomainsEnabled: updated.subdomainsEnabled,
    subdomainPriceUsd: updated.subdomainPriceCents === null ? null : updated.subdomainPriceCents / 100,
    subdomainCount: updated.subdomainCount,
    expiresAt: updated.expiresAt?.toISOString() ?? null,
  };
}
