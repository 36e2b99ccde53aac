import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { parseConfig } from "@/lib/config";
import { externalProviders, requireExternalProvider, UD_TLDS } from "@/lib/resolution/providers";

describe("externalProviders", () => {
  it("leaves ENS and UD out when no RPC endpoint is set, and says so with 503", () => {
    const providers = externalProviders(parseConfig({}));
    expect(providers.ens).toBeNull();
    expect(providers.ud).toBeNull();
    expect(providers.icann?.nameService).toBe("icann");
    const error = (() => {
      try {
        requireExternalProvider(providers, "ens");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).items[0]).toEqual({
      field: "nameservice",
      info: "ENS resolution is not configured: set ETH_RPC_URL.",
    });
  });

  it("builds ENS and UD from ETH_RPC_URL alone", () => {
    const providers = externalProviders(parseConfig({ ETH_RPC_URL: "http://127.0.0.1:8545" }));
    expect(providers.ens?.nameService).toBe("ens");
    expect(providers.ud?.nameService).toBe("ud");
    expect(requireExternalProvider(providers, "ud")).toBe(providers.ud);
  });

  it("lists UD TLDs that the dispatcher can infer from, without ICANN TLDs", () => {
    expect(UD_TLDS).toEqual(expect.arrayContaining(["crypto", "nft", "x", "wallet"]));
    expect(UD_TLDS).not.toContain("com");
    expect(UD_TLDS).not.toContain("eth");
  });
});
