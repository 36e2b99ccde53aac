import "server-only";
import { randomUUID } from "node:crypto";
import { getAddress } from "viem";
import { validateSiweMessage } from "viem/siwe";
import { unauthorized } from "@/lib/contract/errors";
import type { SessionRequest, SessionResponse } from "@/lib/contract/schemas/owner";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { inTransaction } from "@/lib/db/in-transaction";
import { run, sqlBuilder } from "@/lib/db/sql";
import { checkNonce, NONCE_LIFETIME_MS, spendNonce } from "@/lib/siwe/nonce";
import { signOwnerToken } from "./session-token";
import { isPlainKeySignature, hasHighS, isSignInHost, parseSignInMessage } from "@/lib/siwe/message";
import { verifyAddressSignature } from "@/lib/siwe/verify-signature";

// POST /v1/owner/session: Sign-In with Ethereum (EIP-4361). The message must be in EIP-4361's
// exact form (it is rebuilt from its parsed fields and compared, so nothing can hide in it), for
// the host the request came to (one this service answers as), on chain 1, issued within the last
// 10 minutes around a nonce this service issued and nobody spent; the signature must be the
// address's. Only then is the nonce spent and a session made.

const SIWE_CHAIN_ID = 1;
/** How far ahead of our clock a wallet's clock may be. */
const CLOCK_SKEW_MS = 60_000;

export async function signIn(
  body: SessionRequest,
  requestHost: string | null,
  now = new Date(),
): Promise<SessionResponse> {
  const fields = parseSignInMessage(body.message);
  const host = (requestHost ?? "").trim().toLowerCase();
  const domain = fields.domain.toLowerCase();
  if (domain !== host)
    throw unauthorized(`The message signs in to ${fields.domain}, but this request came to ${host}.`);
  if (!isSignInHost(host))
    throw unauthorized(`This service does not accept sign-in for ${host}; its hosts are set by OWNER_SIGN_IN_DOMAINS.`);
  let uriHost: string;
  try {
    uriHost = new URL(fields.uri).host.toLowerCase();
  } catch {
    uriHost = "";
  }
  if (uriHost !== domain) throw unauthorized(`The message's URI must be on ${fields.domain}.`);
  if (fields.scheme !== undefined && fields.scheme !== "https" && fields.scheme !== "http")
    throw unauthorized("The message's scheme must be https or http.");
  if (fields.chainId !== SIWE_CHAIN_ID) throw unauthorized(`The message must be for Chain ID ${SIWE_CHAIN_ID}.`);

  const issuedAt = fields.issuedAt!.getTime();
  if (issuedAt > now.getTime() + CLOCK_SKEW_MS) throw unauthorized("The message was issued in the future.");
  if (issuedAt <= now.getTime() - NONCE_LIFETIME_MS)
    throw unauthorized("The message is stale: it was issued more than 10 minutes ago.");
  if (!validateSiweMessage({ message: fields, time: now }))
    throw unauthorized("The message is not valid now (its Expiration Time or Not Before).");
  const nonce = checkNonce(fields.nonce, now);
  if (!nonce.ok) throw unauthorized(nonce.reason);

  // A plain key's signature in its malleable high-s form is refused; wallets' longer signatures are
  // the wallet's own format (EIP-1271, EIP-6492).
  if (isPlainKeySignature(body.signature) && hasHighS(body.signature))
    throw unauthorized("The signature's s is in the upper half of the curve order (a malleable form): sign again.");
  // Plain keys and smart-contract wallets (EIP-1271, EIP-6492) alike.
  const signed = await verifyAddressSignature({
    address: fields.address,
    message: body.message,
    signature: body.signature,
  });
  if (!signed) throw unauthorized(`The signature is not ${fields.address}'s signature of this message.`);

  const address = getAddress(fields.address);
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + config().OWNER_SESSION_HOURS * 3_600_000);
  await inTransaction(async (tx) => {
    if (!(await spendNonce(tx, fields.nonce, now)))
      throw unauthorized("The message's nonce was already used: sign a new message with a new nonce.");
    await tx.ownerSession.create({
      data: { id: sessionId, address: address.toLowerCase(), expiresAt, createdAt: now },
    });
    // Sessions ended a day ago are of no use to anyone; drop a few with each new one.
    await run(
      sqlBuilder.deleteFrom("owner_session").where("id", "in", (eb) =>
        eb
          .selectFrom("owner_session")
          .select("id")
          .where("expires_at", "<", new Date(now.getTime() - 86_400_000))
          .limit(100),
      ),
      tx,
    );
  });
  const token = signOwnerToken({
    sub: address,
    jti: sessionId,
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return { token, address, expiresAt: expiresAt.toISOString() };
}

/** DELETE /v1/owner/session: the session stops working at once, on every instance. */
export async function signOut(sessionId: string): Promise<void> {
  await db().ownerSession.deleteMany({ where: { id: sessionId } });
}
