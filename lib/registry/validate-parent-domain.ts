import "server-only";
import type { Caller } from "@/lib/partners/authenticate";
import { ensParentChainProblems } from "@/lib/ens/parent-chain-checks";
import { tldOf } from "@/lib/names/normalize";
import { nativeTlds } from "@/lib/resolution/native-tlds";
import { findParentDomain, normalizeNativeName, type ParentDomainRow } from "./parent-domain";

export interface ParentDomainValidation {
  parentDomain: string;
  reason: string;
  status: boolean;
}

/** Which ENS parents' validations read the chain: such an answer is not kept (the chain changes unseen). */
const readsChain = new WeakSet<ParentDomainValidation>();

export function validationReadChain(validation: ParentDomainValidation): boolean {
  return readsChain.has(validation);
}

/**
 * Endpoint 3: whether a parent domain is configured for sub-domains, with one sentence per
 * failed check. Another partner's name fails the ownership check and reveals nothing more.
 */
export async function validateParentDomain(
  caller: Caller,
  rawName: string,
  now = new Date(),
): Promise<ParentDomainValidation> {
  const name = normalizeNativeName(rawName, "parentDomain");
  const parent = await findParentDomain(name);
  if (!parent) return failed(name, [`${name} is not registered in the native registry.`]);
  if (parent.partner_id !== caller.partnerId) return failed(name, [`${name} does not belong to this partner.`]);
  const problems = configurationProblems(parent, now);
  // An ENS parent (a row under ENS's TLD) is configured only when its set-up on chain points at us.
  if ((await nativeTlds()).has(tldOf(name))) return failed(name, problems);
  problems.push(...(await ensParentChainProblems(name, parent.owner_address, now)));
  const validation = failed(name, problems);
  readsChain.add(validation);
  return validation;
}

/** The checks beyond existence and ownership, shared with sub-domain issuance. */
export function configurationProblems(
  parent: ParentDomainRow,
  now = new Date(),
  options: { needsPrice: boolean } = { needsPrice: true },
): string[] {
  const problems: string[] = [];
  if (!parent.subdomains_enabled) problems.push(`Sub-domain issuance is not enabled for ${parent.name}.`);
  if (parent.expires_at && new Date(parent.expires_at).getTime() <= now.getTime()) {
    problems.push(`${parent.name} expired at ${new Date(parent.expires_at).toISOString()}.`);
  }
  if (options.needsPrice && (parent.subdomain_price_cents === null || parent.subdomain_price_cents <= 0))
    problems.push(`${parent.name} has no sub-domain price.`);
  return problems;
}

function failed(parentDomain: string, problems: string[]): ParentDomainValidation {
  return { parentDomain, reason: problems.join(" "), status: problems.length === 0 };
}
