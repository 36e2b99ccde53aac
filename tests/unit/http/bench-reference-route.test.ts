// app/bench-reference/route.ts exists for `npm run bench:http` under next start: it answers only
// when BENCH_REFERENCE_BODY is set, so no deployment serves it.
import { describe, expect, test } from "vitest";
import { GET } from "@/app/bench-reference/route";
import { setConfig } from "@/lib/config";

describe("the bench's reference route", () => {
  test("without BENCH_REFERENCE_BODY it is a 404 with no body", async () => {
    setConfig({ NODE_ENV: "production" });
    const res = GET();
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("");
  });

  test("with it, it answers exactly those bytes as JSON", async () => {
    const body = '{"domain":"alice.web3","nameService":"native"}';
    setConfig({ NODE_ENV: "production", BENCH_REFERENCE_BODY: body });
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.text()).toBe(body);
  });
});

describe("the bench's reference route with a dynamic segment", () => {
  test("answers like the static one: the bytes when set, a 404 when not", async () => {
    const { GET: dynamicGet } = await import("@/app/bench-reference/[name]/route");
    setConfig({ NODE_ENV: "production" });
    expect(dynamicGet().status).toBe(404);
    const body = '{"domain":"bob.web3"}';
    setConfig({ NODE_ENV: "production", BENCH_REFERENCE_BODY: body });
    const res = dynamicGet();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });
});
