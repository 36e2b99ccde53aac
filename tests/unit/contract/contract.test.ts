// The test client's judge (tests/support/contract.ts) is itself tested: answers that keep to the
// OpenAPI document pass, and each way of breaking it is caught.
import { describe, expect, test } from "vitest";
import { contractViolation } from "@/tests/support/contract";

const JSON_TYPE = "application/json; charset=utf-8";
const resolved = {
  contentHash: "",
  dnsRecords: [{ name: "alice.web3", ttl: 300, type: "A", value: "192.0.2.1" }],
  domain: "alice.web3",
  nameService: "native",
  ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
  txtRecords: [],
  wallets: [{ address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72", coin: "ETH", version: "NATIVE" }],
};
const answer = (status: number, body: unknown, contentType: string | null = JSON_TYPE) => ({
  status,
  contentType,
  text: body === undefined ? "" : JSON.stringify(body),
});

describe("answers that keep to the document", () => {
  test.each([
    ["a resolution", "GET", "/v1/resolve/alice.web3?coins=ETH", answer(200, resolved)],
    ["a 404 in ErrorResponse", "GET", "/v1/resolve/nobody.web3", answer(404, { field: "domain", info: "x" })],
    [
      "a 429 in ErrorsResponse",
      "GET",
      "/v1/partner/purchases",
      answer(429, { errors: [{ field: "rate", info: "x" }] }),
    ],
    ["a 500", "GET", "/v1/market/order/x", answer(500, { message: "Internal server error." })],
    ["a 204 without body", "DELETE", "/v1/partner/access-token", answer(204, undefined, null)],
    ["an unknown path", "GET", "/v1/nothing/here", answer(404, { message: "Not found." })],
    [
      "a method the path lacks",
      "PUT",
      "/v1/resolve/alice.web3",
      answer(405, { message: "Method PUT is not allowed." }),
    ],
    ["a preflight", "OPTIONS", "/v1/resolve/alice.web3", answer(204, undefined, null)],
    ["a page outside /v1", "GET", "/checkout/alice.web3", answer(200, "<html>", "text/html")],
  ])("%s", (_, method, path, response) => {
    expect(contractViolation(method, path, response)).toBeUndefined();
  });
});

describe("answers that break it", () => {
  test.each([
    ["a field missing", "GET", "/v1/resolve/alice.web3", answer(200, { ...resolved, wallets: undefined }), /wallets/],
    ["a wrong type", "GET", "/v1/resolve/alice.web3", answer(200, { ...resolved, dnsRecords: "none" }), /dnsRecords/],
    [
      "a value outside an enumeration",
      "GET",
      "/v1/resolve/alice.web3",
      answer(200, { ...resolved, nameService: "dns" }),
      /nameService/,
    ],
    ["a status not listed", "GET", "/v1/resolve/alice.web3", answer(418, { field: "x", info: "y" }), /does not list/],
    [
      "the wrong error shape",
      "GET",
      "/v1/resolve/x.web3",
      answer(400, { errors: [{ field: "a", info: "b" }] }),
      /schema/,
    ],
    ["a body where none is documented", "DELETE", "/v1/partner/access-token", answer(204, { ok: true }), /says none/],
    ["a body that is not JSON", "GET", "/v1/resolve/alice.web3", answer(200, undefined, "text/plain"), /content-type/],
    ["an unknown path answered 200", "GET", "/v1/secret", answer(200, { ok: true }), /unknown path/],
  ])("%s", (_, method, path, response, why) => {
    expect(contractViolation(method, path, response)).toMatch(why);
  });
});
