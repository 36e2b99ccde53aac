import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { decodePageToken, encodePageToken } from "@/lib/registry/page-token";

const SECRET = "unit-test-secret-unit-test-secret-0123456789";
const PARENT = "0b7c6a3e-55a4-4a7e-9f39-2f1f3f6a3c11";
const OTHER_PARENT = "5d0f1a42-0d52-4e3c-8c3a-5e7b2f0b9a77";
const NOW = Date.UTC(2026, 0, 31, 12);
const names = {
  listing: "names",
  parentId: PARENT,
  createdAt: "2026-01-30T10:11:12.345Z",
  id: "9a1d4c55-3b1e-4f7f-a2a9-0c5f2f1b8e01",
} as const;

function refusalInfo(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).items[0].field).toBe("pageToken");
    return (error as ApiError).items[0].info;
  }
  throw new Error("expected the token to be refused");
}

describe("page tokens", () => {
  test("a names position and a days position survive the round trip", () => {
    const token = encodePageToken(names, NOW, SECRET);
    expect(decodePageToken(token, { listing: "names", parentId: PARENT }, NOW + 1000, SECRET)).toEqual(names);
    const days = encodePageToken({ listing: "days", parentId: PARENT, day: "2026-01-02" }, NOW, SECRET);
    expect(decodePageToken(days, { listing: "days", parentId: PARENT }, NOW, SECRET)).toEqual({
      listing: "days",
      parentId: PARENT,
      day: "2026-01-02",
    });
  });

  test("the token is opaque: no dates or ids readable without decoding", () => {
    const token = encodePageToken(names, NOW, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(token).not.toContain(PARENT);
  });

  test("a token of another parent or another listing is refused", () => {
    const token = encodePageToken(names, NOW, SECRET);
    expect(
      refusalInfo(() => decodePageToken(token, { listing: "names", parentId: OTHER_PARENT }, NOW, SECRET)),
    ).toMatch(/another parent/);
    expect(refusalInfo(() => decodePageToken(token, { listing: "days", parentId: PARENT }, NOW, SECRET))).toMatch(
      /another listing/,
    );
  });

  test("an edited position, another key, truncation and garbage are refused", () => {
    const token = encodePageToken(names, NOW, SECRET);
    const [body, mac] = token.split(".");
    const edited = Buffer.from(Buffer.from(body, "base64url").toString().replace("10:11", "09:11")).toString(
      "base64url",
    );
    const cases = [
      `${edited}.${mac}`,
      encodePageToken(names, NOW, `${SECRET}x`),
      body,
      `${token}.x`,
      "",
      "abc.def",
      `${body}.${mac.slice(0, -2)}`,
    ];
    for (const forged of cases)
      expect(refusalInfo(() => decodePageToken(forged, { listing: "names", parentId: PARENT }, NOW, SECRET))).toMatch(
        /not a token this service issued/,
      );
  });

  test("a token older than a day is stale", () => {
    const token = encodePageToken(names, NOW, SECRET);
    expect(decodePageToken(token, { listing: "names", parentId: PARENT }, NOW + 23 * 3600_000, SECRET)).toEqual(names);
    expect(
      refusalInfo(() => decodePageToken(token, { listing: "names", parentId: PARENT }, NOW + 25 * 3600_000, SECRET)),
    ).toMatch(/expired/);
  });
});
