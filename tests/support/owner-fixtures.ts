// Owners for API tests: viem local accounts that sign real EIP-4361 messages, and names
// registered to them directly in the registry.
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { db } from "@/lib/db";
import { registerName, type NewWallet } from "@/lib/registry/register-name";
import type { TestApp } from "./app";

/** The Host every sign-in of these tests is sent to: a loopback host, so accepted by default. */
export const SIGN_IN_HOST = "localhost:3000";

export function newAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export interface SignInMessageOptions {
  domain?: string;
  uri?: string;
  chainId?: number;
  nonce?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  statement?: string;
}

export async function getNonce(app: TestApp): Promise<string> {
  const res = await app.fetch("/v1/owner/nonce");
  if (res.status !== 200) throw new Error(`nonce: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { nonce: string }).nonce;
}

export async function signInMessage(
  app: TestApp,
  account: PrivateKeyAccount,
  options: SignInMessageOptions = {},
): Promise<{ message: string; signature: `0x${string}` }> {
  const domain = options.domain ?? SIGN_IN_HOST;
  const message = createSiweMessage({
    address: account.address,
    chainId: options.chainId ?? 1,
    domain,
    nonce: options.nonce ?? (await getNonce(app)),
    uri: options.uri ?? `http://${domain}/names`,
    version: "1",
    issuedAt: options.issuedAt ?? new Date(),
    expirationTime: options.expirationTime,
    statement: options.statement ?? "Sign in to manage your names.",
  });
  return { message, signature: await account.signMessage({ message }) };
}

export function postSession(app: TestApp, body: unknown, host = SIGN_IN_HOST): Promise<Response> {
  return app.fetch("/v1/owner/session", { method: "POST", json: body, host });
}

/** Signs in as `account` and answers the owner session token. */
export async function signIn(app: TestApp, account: PrivateKeyAccount): Promise<string> {
  const res = await postSession(app, await signInMessage(app, account));
  if (res.status !== 201) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const YEAR_MS = 365 * 86_400_000;

/** Registers `name` to `owner` in the registry, expiring a year from now unless told otherwise. */
export async function registerOwned(
  name: string,
  owner: string,
  options: { expiresAt?: Date | null; wallets?: NewWallet[] } = {},
) {
  const expiresAt = options.expiresAt === undefined ? new Date(Date.now() + YEAR_MS) : options.expiresAt;
  return db().$transaction((tx) =>
    registerName(tx, { name, ownerAddress: owner, expiresAt, wallets: options.wallets }),
  );
}

export const ethWallet = (address: string): NewWallet => ({ coin: "ETH", version: "NATIVE", coinType: 60, address });
