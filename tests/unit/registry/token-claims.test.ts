import { describe, expect, test } from "vitest";
import { signToken, verifyToken, type TokenClaims } from "@/lib/partners/jwt";

const SECRET = "claims-test-secret-claims-test-secret-0123";
const claims: TokenClaims = {
  sub: "5d0f1a42-0d52-4e3c-8c3a-5e7b2f0b9a77",
  jti: "9a1d4c55-3b1e-4f7f-a2a9-0c5f2f1b8e01",
  typ: "CUSTOMER",
  nbf: 1_767_225_600,
  exp: 1_798_761_600,
  iat: 1_767_225_600,
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("access-token claims", () => {
  test("the claims come back as signed", () => {
    const token = signToken(claims, SECRET);
    expect(verifyToken(token, SECRET)).toEqual({ ok: true, claims });
    expect(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
  });

  test("another key fails the signature", () => {
    expect(verifyToken(signToken(claims, `${SECRET}-other`), SECRET)).toEqual({ ok: false, reason: "signature" });
  });

  test("edited claims fail the signature", () => {
    const [header, , signature] = signToken(claims, SECRET).split(".");
    const promoted = `${header}.${b64({ ...claims, typ: "ADMIN" })}.${signature}`;
    const extended = `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
    expect(verifyToken(promoted, SECRET)).toEqual({ ok: false, reason: "signature" });
    expect(verifyToken(extended, SECRET)).toEqual({ ok: false, reason: "signature" });
  });

  test("alg none and other headers are malformed", () => {
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    const hs512 = `${b64({ alg: "HS512", typ: "JWT" })}.${b64(claims)}.${signToken(claims, SECRET).split(".")[2]}`;
    expect(verifyToken(none, SECRET)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyToken(hs512, SECRET)).toEqual({ ok: false, reason: "malformed" });
  });

  test("signed claims missing a field or with an unknown type are malformed", () => {
    const { typ: _typ, ...withoutType } = claims;
    expect(verifyToken(signToken(withoutType as TokenClaims, SECRET), SECRET)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(verifyToken(signToken({ ...claims, typ: "ROOT" as "ADMIN" }, SECRET), SECRET)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
