import "server-only";
import { getAddress, isAddressEqual, zeroAddress } from "viem";
import { ApiError, badRequest, forbidden } from "@/lib/contract/errors";
import { ENS_TLDS } from "@/lib/names/tlds";
import { db } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";
import { isSignInHost, parseSignInMessage } from "@/lib/siwe/message";
import { verifyAddressSignature } from "@/lib/siwe/verify-signature";
import { checkNonce, NONCE_LIFETIME_MS, spendNonce } from "@/lib/siwe/nonce";
import type { Caller } from "@/lib/partners/authenticate";
import { registerEnsParent } from "@/lib/registry/ens-parent";
import { findParentDomain, normalizeNativeName } from "@/lib/registry/parent-domain";
import { ensChain, onChainOwner } from "@/lib/ens/parent-chain-checks";

// A partner ADMIN claims an ENS name as its parent domain with a Sign-In with Ethereum message
// signed by the name's owner on chain (the registry's owner, or the NameWrapper token's holder),
// whose statement names the name and the partner, so a signature given to one partner cannot be
// replayed for another. Smart-contract wallets count: the signature is judged as an owner's sign-in
// is (lib/siwe/verify-signature.ts: EIP-1271 for deployed wallets, EIP-6492 for wallets not
// deployed yet, a 503 rather than a refusal when the chain does not answer). The token
// is the partner's and valid, so a proof that does not hold is a 400 naming the field, not a 401.

const CLOCK_SKEW_MS = 60_000;

/** The statement a claim message must carry, word for word. */
export function claimStatement(name: string, partnerId: string): string {
  return `Claim ${name} as a parent domain of partner ${partnerId}.`;
}

export interface ClaimedParent {
  parentDomain: string;
  ownerAddress: string;
}

export async function claimEnsParent(
  caller: Caller,
  rawName: string,
  body: { message: string; signature: string },
  host: string | null,
  now = new Date(),
): Promise<ClaimedParent> {
  const name = normalizeNativeName(rawName, "parentDomain");
  // As on every parent-domain endpoint, another partner's parent is 403 and reveals nothing more.
  const existing = await findParentDomain(name);
  if (existing && existing.partner_id !== caller.partnerId)
    throw forbidden(`${name} belongs to another partner; a token sees only its own partner's parent domains.`);
  const labels = name.split(".");
  if (labels.length !== 2 || !ENS_TLDS.has(labels[1]!))
    throw badRequest("parentDomain", `Only a second-level ENS name such as brand.eth can be claimed; ${name} is not.`);
  const chain = ensChain();
  if (!chain)
    throw new ApiError(503, "parentDomain", "ENS is not configured here (ETH_RPC_URL): nothing can be claimed.");
  const fields = parseSignInMessage(body.message);
  const requestHost = (host ?? "").toLowerCase();
  if (fields.domain.toLowerCase() !== requestHost || !isSignInHost(requestHost))
    throw badRequest(
      "message",
      `The message must be for ${requestHost || "this host"}, one this service answers sign-ins for.`,
    );
  if (fields.statement !== claimStatement(name, caller.partnerId))
    throw badRequest("message", `The message's statement must be "${claimStatement(name, caller.partnerId)}".`);
  const chainId = await chain.client.getChainId();
  if (fields.chainId !== chainId)
    throw badRequest("message", `The message must be for Chain ID ${chainId}, ENS's chain here.`);
  const issuedAt = fields.issuedAt!.getTime();
  if (issuedAt > now.getTime() + CLOCK_SKEW_MS || issuedAt <= now.getTime() - NONCE_LIFETIME_MS)
    throw badRequest("message", "The message must have been issued within the last 10 minutes.");
  const nonce = checkNonce(fields.nonce, now);
  if (!nonce.ok) throw badRequest("message", nonce.reason);

  const { owner, expired, registrar } = await onChainOwner(chain, name, now);
  if (expired)
    throw badRequest(
      "parentDomain",
      registrar ? `${name} has expired at the .eth registrar: renew it first.` : `${name} has expired on chain.`,
    );
  if (owner === zeroAddress)
    throw badRequest(
      "parentDomain",
      registrar ? `${name} is not registered at the .eth registrar.` : `${name} has no owner in the ENS registry.`,
    );
  if (!isAddressEqual(owner, fields.address))
    throw badRequest(
      "message",
      `${name} is owned on chain by ${getAddress(owner)}; the message must be signed by that address.`,
    );
  const signed = await verifyAddressSignature({
    address: fields.address,
    message: body.message,
    signature: body.signature,
  });
  if (!signed) throw badRequest("signature", "The signature is not the on-chain owner's signature of this message.");

  await db().$transaction(async (tx) => {
    if (!(await spendNonce(tx, fields.nonce, now)))
      throw badRequest("message", "The message's nonce was already used: sign a new message with a new nonce.");
  });
  const ownerAddress = getAddress(owner);
  if (!existing) {
    await registerEnsParent({ partnerId: caller.partnerId, name, ownerAddress });
  } else {
    // Claimed again (the name changed hands on chain): the row follows its new owner.
    await db().domain.update({
      where: { id: existing.id },
      data: { ownerAddress, ownerKey: ownerAddress.toLowerCase() },
    });
    await invalidate("name", name);
  }
  return { parentDomain: name, ownerAddress };
}
