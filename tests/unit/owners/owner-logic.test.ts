import { createSiweMessage } from "viem/siwe";
import { afterEach, describe, expect, test } from "vitest";
import { contentHashProblem } from "@/lib/contract/schemas/owner";
import { setConfig } from "@/lib/config";
import { dnsOwnerName, dnsValueProblem, isHostName, isIpv4, isIpv6 } from "@/lib/names/dns-record-values";
import { isSignInHost, parseSignInMessage } from "@/lib/siwe/message";
import { checkNonce, issueNonce, NONCE_LIFETIME_MS } from "@/lib/siwe/nonce";
import { graceEndsAt, nameState } from "@/lib/registry/name-lifecycle";
import { resetSigningSecretForTests } from "@/lib/partners/signing-secret";

const SECRET = "unit-secret-unit-secret-unit-secret-0123456789";
const DAY = 86_400_000;

afterEach(() => {
  setConfig({ JWT_SECRET: SECRET, NODE_ENV: "test" });
  resetSigningSecretForTests();
});

describe("nonces", () => {
  test("valid for ten minutes from issue, then expired; other keys' nonces are not ours", () => {
    setConfig({ JWT_SECRET: SECRET });
    resetSigningSecretForTests();
    const issuedAt = new Date("2026-03-01T12:00:00Z");
    const nonce = issueNonce(issuedAt);
    expect(nonce).toMatch(/^[0-9a-f]{75}$/);
    expect(checkNonce(nonce, issuedAt)).toEqual({ ok: true });
    expect(checkNonce(nonce, new Date(issuedAt.getTime() + NONCE_LIFETIME_MS - 1))).toEqual({ ok: true });
    expect(checkNonce(nonce, new Date(issuedAt.getTime() + NONCE_LIFETIME_MS)).ok).toBe(false);
    expect(checkNonce(nonce, new Date(issuedAt.getTime() - 1)).ok).toBe(false);

    setConfig({ JWT_SECRET: `${SECRET}-rotated` });
    resetSigningSecretForTests();
    expect(checkNonce(nonce, issuedAt)).toEqual({ ok: false, reason: expect.stringMatching(/not issued/) });
  });
});

describe("name lifecycle", () => {
  test("active until expiry, grace for GRACE_PERIOD_DAYS, then released; no expiry is always active", () => {
    const expiresAt = new Date("2026-01-01T00:00:00Z");
    expect(nameState(expiresAt, new Date(expiresAt.getTime() - 1), 30)).toBe("active");
    expect(nameState(expiresAt, expiresAt, 30)).toBe("grace");
    expect(nameState(expiresAt, new Date(expiresAt.getTime() + 30 * DAY - 1), 30)).toBe("grace");
    expect(nameState(expiresAt, new Date(expiresAt.getTime() + 30 * DAY), 30)).toBe("released");
    expect(nameState(expiresAt, expiresAt, 0)).toBe("released");
    expect(nameState(null, new Date("2100-01-01"), 30)).toBe("active");
    expect(graceEndsAt(expiresAt, 7).toISOString()).toBe("2026-01-08T00:00:00.000Z");
  });
});

describe("sign-in messages", () => {
  const fields = {
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const,
    chainId: 1,
    domain: "names.example",
    nonce: "a1b2c3d4e5f6a7b8",
    uri: "https://names.example/names",
    version: "1" as const,
    issuedAt: new Date("2026-03-01T12:00:00.000Z"),
  };

  test("the exact form parses; any other spelling of the same fields is refused", () => {
    const message = createSiweMessage(fields);
    expect(parseSignInMessage(message)).toMatchObject({ domain: "names.example", chainId: 1 });
    expect(parseSignInMessage(message.replace(".000Z", "Z")).issuedAt?.toISOString()).toBe("2026-03-01T12:00:00.000Z");
    for (const altered of [
      message.replace(fields.address, fields.address.toLowerCase()),
      message.replace("Version: 1", "Version: 2"),
      message.replace("\nURI:", "\n\nURI:"),
      `${message}\n`,
      message.replace("Issued At: 2026-03-01T12:00:00.000Z", "Issued At: yesterday"),
    ]) {
      expect(() => parseSignInMessage(altered), altered).toThrow();
    }
  });

  test("sign-in hosts: loopback by default, exactly the configured ones otherwise", () => {
    setConfig({ OWNER_SIGN_IN_DOMAINS: "" });
    for (const host of ["localhost:3000", "127.0.0.1:8080", "localhost"]) expect(isSignInHost(host), host).toBe(true);
    for (const host of ["names.example", "localhost.evil.example", "127.0.0.2:80"])
      expect(isSignInHost(host), host).toBe(false);
    setConfig({ OWNER_SIGN_IN_DOMAINS: "names.example, www.names.example" });
    expect(isSignInHost("names.example")).toBe(true);
    expect(isSignInHost("www.names.example")).toBe(true);
    expect(isSignInHost("localhost:3000")).toBe(false);
    expect(isSignInHost("names.example:8443")).toBe(false);
    // `loopback` names the loopback hosts on any port, beside the others.
    setConfig({ OWNER_SIGN_IN_DOMAINS: "loopback, names.example" });
    for (const host of ["localhost:3000", "127.0.0.1:51234", "[::1]:80", "names.example"])
      expect(isSignInHost(host), host).toBe(true);
    for (const host of ["loopback", "localhost.evil.example", "evil.example"])
      expect(isSignInHost(host), host).toBe(false);
  });
});

describe("record values", () => {
  test("addresses and host names", () => {
    expect(["192.0.2.1", "0.0.0.0", "255.255.255.255"].every(isIpv4)).toBe(true);
    expect(["256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "a.b.c.d"].some(isIpv4)).toBe(false);
    expect(["2001:db8::1", "::", "fe80::1:2"].every(isIpv6)).toBe(true);
    expect(["2001:db8:::1", "g::1", "1.2.3.4", "[::1]"].some(isIpv6)).toBe(false);
    expect(isHostName("mail.example.com.")).toBe(true);
    expect(isHostName(`${"a".repeat(64)}.com`)).toBe(false);
    expect(isHostName("-bad.example")).toBe(false);
  });

  test("each DNS type's presentation form", () => {
    expect(dnsValueProblem("MX", "10 mail.example.com")).toBeNull();
    expect(dnsValueProblem("MX", "70000 mail.example.com")).not.toBeNull();
    expect(dnsValueProblem("SRV", "10 5 443 host.example.com")).toBeNull();
    expect(dnsValueProblem("SRV", "10 5 host.example.com")).not.toBeNull();
    expect(dnsValueProblem("CAA", '0 issue "letsencrypt.org"')).toBeNull();
    expect(dnsValueProblem("CAA", "0 issue letsencrypt.org")).not.toBeNull();
    expect(dnsValueProblem("TXT", "v=spf1 -all")).toBeNull();
    expect(dnsValueProblem("TXT", "line\nbreak")).not.toBeNull();
    expect(dnsValueProblem("A", "")).not.toBeNull();
  });

  test("record names stay within the name", () => {
    expect(dnsOwnerName("@", "alice.web3")).toBe("alice.web3");
    expect(dnsOwnerName("", "alice.web3")).toBe("alice.web3");
    expect(dnsOwnerName("WWW.Alice.web3.", "alice.web3")).toBe("www.alice.web3");
    expect(dnsOwnerName("*.alice.web3", "alice.web3")).toBe("*.alice.web3");
    expect(dnsOwnerName("bob.web3", "alice.web3")).toBeNull();
    expect(dnsOwnerName("malice.web3", "alice.web3")).toBeNull();
    expect(dnsOwnerName("a b.alice.web3", "alice.web3")).toBeNull();
  });

  test("content hashes", () => {
    expect(contentHashProblem("")).toBeNull();
    expect(contentHashProblem("ipfs://QmRAQB6YaCyidP37UdDnjFY5vQuiBrcqdyoW1CuDgwxkD4")).toBeNull();
    expect(contentHashProblem("ipfs://bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4")).toBeNull();
    expect(contentHashProblem("ipfs://QmRAQB6YaCyidP37UdDnjFY5vQuiBrcqdyoW1CuDgwx")).not.toBeNull();
    expect(contentHashProblem("ipfs://bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7")).not.toBeNull();
    expect(contentHashProblem("ipns://app.uniswap.org")).toMatch(/ipns:\/\/<key>/);
    expect(contentHashProblem("ipns://k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0")).toMatch(
      /IPNS key/,
    );
    expect(contentHashProblem("https://example.com")).toMatch(/ipfs:\/\//);
  });
});
