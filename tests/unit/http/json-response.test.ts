import { inspect } from "node:util";
import { expect, test } from "vitest";
import { headerListOf, json, serializedBodyOf } from "@/lib/http/handler";

// json() builds its Response without undici's constructor; every member a caller can read must
// therefore be answered by the response itself, never by Response.prototype (which would throw).

test("a json() response overrides every member of Response.prototype", () => {
  const response = json({ a: 1 });
  expect(response).toBeInstanceOf(Response);
  const answers = (key: PropertyKey) =>
    Object.hasOwn(response, key) || Object.hasOwn(Object.getPrototypeOf(response) as object, key);
  const missing = Reflect.ownKeys(Response.prototype).filter(
    (key) => key !== "constructor" && key !== Symbol.toStringTag && !answers(key),
  );
  expect(missing).toEqual([]);
  expect(inspect(response)).toContain("body: '{\"a\":1}'");
});

test("a json() response reads like a Response", async () => {
  const response = json({ name: "alice.web3" }, 201, { "Cache-Control": "max-age=5" });
  expect([response.status, response.ok, response.statusText, response.type, response.url, response.redirected]).toEqual(
    [201, true, "", "default", "", false],
  );
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("max-age=5");
  expect([...response.headers.keys()]).toEqual(["cache-control", "content-type"]);
  expect(await response.clone().json()).toEqual({ name: "alice.web3" });
  expect(response.bodyUsed).toBe(false);
  expect(await response.text()).toBe('{"name":"alice.web3"}');
  expect(response.bodyUsed).toBe(true);
  await expect(response.text()).rejects.toThrow(TypeError);
  expect(json({}, 404).ok).toBe(false);
});

test("lib/server gets the bytes and the header list as node:http takes them", () => {
  const response = json([1, 2], 200, { "X-Request-Id": "r1" });
  expect(serializedBodyOf(response)?.toString()).toBe("[1,2]");
  expect(headerListOf(response)).toEqual(["x-request-id", "r1", "content-type", "application/json; charset=utf-8"]);
  expect(serializedBodyOf(new Response("x"))).toBeUndefined();
});

test("an ASCII body is kept as its string, any other as its UTF-8 bytes, and both read back alike", async () => {
  const ascii = json({ domain: "alice.web3" });
  expect(serializedBodyOf(ascii)).toBe('{"domain":"alice.web3"}');
  // Non-ASCII text (a record's value, an emoji) and a lone surrogate, which JSON escapes as ASCII.
  const body = { value: "café 🦊", lone: "\ud800" };
  const other = json(body);
  const bytes = serializedBodyOf(other);
  expect(Buffer.isBuffer(bytes)).toBe(true);
  expect(bytes).toEqual(Buffer.from(JSON.stringify(body), "utf8"));
  expect(await other.json()).toEqual(body);
  expect(await ascii.json()).toEqual({ domain: "alice.web3" });
  expect(serializedBodyOf(json({ lone: "\ud800" }))).toBe('{"lone":"\\ud800"}');
});

test("set-cookie stays one header per cookie; set() leaves one value", () => {
  const { headers } = json({});
  headers.append("Set-Cookie", "a=1");
  headers.append("Set-Cookie", "b=2");
  expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  headers.append("Vary", "Origin");
  headers.append("vary", "Accept");
  expect(headers.get("vary")).toBe("Origin, Accept");
  headers.set("set-cookie", "c=3");
  expect(headers.getSetCookie()).toEqual(["c=3"]);
  headers.delete("VARY");
  expect(headers.has("vary")).toBe(false);
});
