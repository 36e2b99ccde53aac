// A request's path and query without the URL parser (issue 34): whatever target a client sends,
// the router and the handlers see exactly what the parser would give them, and a target the
// parser refuses is still a 400.
import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { FIXED_ORIGIN } from "@/lib/http/edge";
import { OWN_TARGET, requestTarget } from "@/lib/http/request-target";

/** A request as the wrapper sees it: only its URL is read. */
function requestAt(url: string): Request {
  return { url } as Request;
}

/** lib/server's request view: its target is read from its slot, never from a URL built for it. */
function ownRequestAt(target: string): Request {
  return {
    [OWN_TARGET]: target,
    get url(): string {
      throw new Error("lib/server's view must not be read through its URL");
    },
  } as unknown as Request;
}

function parsed(url: string) {
  const { pathname, search, searchParams } = new URL(url);
  return { pathname, search, params: [...searchParams] };
}

function read(url: string) {
  return readOf(requestAt(url));
}

/** The same target read from lib/server's request view (on its fixed origin). */
function readOwn(target: string) {
  return readOf(ownRequestAt(target));
}

function readOf(request: Request) {
  const { pathname, search, searchParams } = requestTarget(request);
  return { pathname, search, params: [...searchParams] };
}

const RealURL = globalThis.URL;

/** What `work` gives, and whether it used the URL parser for it. */
function watchingParser<T>(work: () => T): { value: T; parserUsed: boolean } {
  let parserUsed = false;
  globalThis.URL = function (url: string | URL, base?: string | URL) {
    parserUsed = true;
    return new RealURL(url, base);
  } as unknown as typeof URL;
  try {
    return { value: work(), parserUsed };
  } finally {
    globalThis.URL = RealURL;
  }
}

/**
 * Each target on lib/server's origin reads as the parser reads it, through the parser or not,
 * from a URL and from lib/server's request view.
 */
function expectReadAsParsed(targets: string[], parserUsed: boolean): void {
  for (const target of targets) {
    const url = FIXED_ORIGIN + target;
    expect(
      watchingParser(() => read(url)),
      target,
    ).toEqual({ value: parsed(url), parserUsed });
    expect(
      watchingParser(() => readOwn(target)),
      `${target} (lib/server's view)`,
    ).toEqual({ value: parsed(url), parserUsed });
  }
}

describe("request target", () => {
  test("a plain path and query are read without the parser, as the parser reads them", () => {
    expectReadAsParsed(
      [
        "/v1/resolve/alice.web3",
        "/v1/resolve/alice.web3?coins=ETH,BTC",
        "/v1/parentdomains/brand.web3/list?pageSize=100&labelPrefix=a",
        "/v1/resolve/alice.web3?",
        "/v1/resolve/alice.web3??x=1?y",
        "//v1//resolve/a",
        "/",
        "/v1/reverse/0x8ba1f109551bD432803012645Ac136ddd64DBA72?x=a+b&y=$&z=@:;",
        "/a?b=/./../",
      ],
      false,
    );
  });

  test("what the parser would change goes through it", () => {
    expectReadAsParsed(
      [
        "/./v1/resolve/a",
        "/x/../v1/resolve/a",
        "/v1/%2e%2e/resolve/a",
        "/v1/resolve/a%2Eweb3",
        "/v1\\resolve\\a",
        "/v1/resolve/a b",
        "/v1/resolve/a#fragment",
        "/v1/resolve/é",
        "/v1/resolve/a?x='1'",
        "/v1/resolve/a?x=<1>",
        "/v1/resolve/{a}|^`[]",
        "/v1/resolve/a\t",
        "/v1/resolve/.",
        "/v1/resolve/..",
      ],
      true,
    );
  });

  test("any target, on lib/server's origin or another, reads as the parser reads it", () => {
    // Every printable ASCII character, controls, non-ASCII, and the pieces that make dot segments.
    const pieces = [
      ...Array.from({ length: 95 }, (_, at) => String.fromCharCode(32 + at)),
      "\t",
      "\n",
      "\u0000",
      "é",
      "€",
      "/.",
      "/..",
      "/%2e",
      "%2E%2e/",
      "?",
      "#",
      "\\",
      "%",
      "%zz",
    ];
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    let plain = 0;
    for (let run = 0; run < 20_000; run++) {
      let target = "/";
      const length = random(12);
      for (let at = 0; at < length; at++) target += pieces[random(pieces.length)];
      for (const origin of [FIXED_ORIGIN, "http://localhost:3000"]) {
        const url = origin + target;
        let expected;
        try {
          expected = parsed(url);
        } catch {
          expect(() => read(url), url).toThrow(ApiError);
          if (origin === FIXED_ORIGIN) expect(() => readOwn(target), url).toThrow(ApiError);
          continue;
        }
        expect(read(url), JSON.stringify(url)).toEqual(expected);
        if (origin === FIXED_ORIGIN)
          expect(readOwn(target), `${JSON.stringify(target)} (lib/server's view)`).toEqual(expected);
      }
      try {
        if (!watchingParser(() => read(FIXED_ORIGIN + target)).parserUsed) plain++;
      } catch {
        // A target the parser refuses.
      }
    }
    // The generator reaches both ways.
    expect(plain).toBeGreaterThan(1_000);
    expect(plain).toBeLessThan(19_000);
  });

  test("the target is read once per request", () => {
    const request = requestAt(FIXED_ORIGIN + "/v1/resolve/alice.web3?coins=ETH");
    expect(requestTarget(request)).toBe(requestTarget(request));
    const own = ownRequestAt("/v1/resolve/alice.web3?coins=ETH");
    expect(requestTarget(own)).toBe(requestTarget(own));
  });
});
