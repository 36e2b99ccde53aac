import "server-only";
import type { ParentSettingsRequest } from "@/lib/contract/schemas/parent";
import type { Caller } from "@/lib/partners/authenticate";
import { db } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";
import { recordEvent } from "@/lib/webhooks/outbox";
import { getParentDomainOfPartner } from "./parent-domain";
import { configurationProblems } from "./validate-parent-domain";

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
  const updated = await db().$transaction(async (tx) => {
    const row = await tx.domain.update({
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
    // Endpoint 3 turning false is an event of the partner's, written with the change.
    const now = new Date();
    const after = configurationProblems(
      { ...parent, subdomains_enabled: row.subdomainsEnabled, subdomain_price_cents: row.subdomainPriceCents },
      now,
    );
    if (configurationProblems(parent, now).length === 0 && after.length > 0)
      await recordEvent(tx, parent.partner_id, "parent.misconfigured", `parent:${row.name}`, {
        parentDomain: row.name,
        reason: after.join(" "),
      });
    return row;
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
