import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { withTimeout } from "@/lib/resolution/with-timeout";

describe("withTimeout", () => {
  it("returns the work's value when it finishes in time", async () => {
    expect(await withTimeout(async () => 42, { source: "Test source", field: "nameservice", timeoutMs: 100 })).toBe(42);
  });

  it("throws a 504 naming the source and aborts the work's signal when time runs out", async () => {
    let seen: AbortSignal | undefined;
    const error = await withTimeout(
      (signal) => {
        seen = signal;
        return new Promise(() => undefined);
      },
      { source: "Test source", field: "domain", timeoutMs: 50 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(504);
    expect((error as ApiError).items[0]).toEqual({ field: "domain", info: "Test source did not answer within 50 ms." });
    expect(seen?.aborted).toBe(true);
  });

  it("ends with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const running = withTimeout(() => new Promise(() => undefined), {
      source: "s",
      field: "f",
      timeoutMs: 10_000,
      signal: controller.signal,
    });
    controller.abort(new Error("gone"));
    await expect(running).rejects.toThrow("gone");
  });
});
