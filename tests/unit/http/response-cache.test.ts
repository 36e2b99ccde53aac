import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError, notFound } from "@/lib/contract/errors";
import { headerListOf, json, type Answer } from "@/lib/http/handler";
import { Doorkeeper } from "@/lib/resolution/doorkeeper";
import { cachedRead, ResponseCache } from "@/lib/http/response-cache";
import { keepRefusal } from "@/lib/resolution/kept-refusals";
import { setConfig } from "@/lib/config";
import { closeDatabase, openDatabase } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";

/** The response of an answer that must be one (a refusal fails the test). */
function responseOf(answer: Answer): Response {
  if (answer instanceof ApiError) throw new Error(`expected a response, got the refusal ${answer.message}`);
  return answer;
}

const entry = (body: string, tags: string[]) => ({
  status: 200,
  body: Buffer.from(body),
  headers: ["content-type", "application/json"],
  tags,
});

describe("Doorkeeper", () => {
  test("admits a key from its second ask, forgets every key after its window", () => {
    const doorkeeper = new Doorkeeper(1000);
    expect(doorkeeper.admit("alice.web3")).toBe(false);
    expect(doorkeeper.admit("alice.web3")).toBe(true);
    expect(doorkeeper.admit("bob.web3")).toBe(false);
    // 1,000 other keys: the window turns over and starts empty.
    for (let i = 0; i < 1000; i++) doorkeeper.admit(`k${i}`);
    expect(doorkeeper.admit("alice.web3")).toBe(false);
  });

  test("few keys asked once pass for asked before (false positives stay near 3% at a full window)", () => {
    const doorkeeper = new Doorkeeper(100_000);
    for (let i = 0; i < 99_000; i++) doorkeeper.admit(`asked${i}.brand.web3`);
    let passed = 0;
    for (let i = 0; i < 1000; i++) if (doorkeeper.admit(`new${i}.brand.web3`)) passed++;
    expect(passed).toBeLessThan(50);
  });
});

describe("ResponseCache", () => {
  test("a tag drops every entry computed from it, and only those", () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    cache.set("resolve|alice", entry("a", ["name:alice.web3"]));
    cache.set("reverse|0xa", entry("r", ["address:0xa", "name:alice.web3"]));
    cache.set("resolve|bob", entry("b", ["name:bob.web3"]));
    cache.dropTag("name:alice.web3");
    expect(cache.get("resolve|alice")).toBeUndefined();
    expect(cache.get("reverse|0xa")).toBeUndefined();
    expect(cache.get("resolve|bob")?.body.toString()).toBe("b");
    // The index forgets dropped keys: re-adding one under another tag is not dropped by the old tag.
    cache.set("reverse|0xa", entry("r2", ["address:0xa"]));
    cache.dropTag("name:alice.web3");
    expect(cache.get("reverse|0xa")?.body.toString()).toBe("r2");
  });

  test("bounded by bytes, least recently used first", () => {
    // 100-byte bodies, keys of 2-3 characters, 400 bytes of overhead each: 20 fit.
    const cache = new ResponseCache(20 * 503, 60_000);
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, entry("x".repeat(100), [`t${i}`]));
    expect(cache.size).toBe(20);
    cache.get("k0");
    for (let i = 20; i < 25; i++) cache.set(`k${i}`, entry("x".repeat(100), [`t${i}`]));
    expect(cache.size).toBe(20);
    expect(cache.get("k0")).toBeDefined();
    expect(cache.get("k1")).toBeUndefined();
    expect(cache.get("k24")).toBeDefined();
  });

  test("a full cache taking in a stream of new keys keeps its bound and the entries read between evictions", () => {
    // Keys of 6 characters, 100-byte bodies, 400 bytes of overhead: room for 20. Then 20,000 new
    // keys, k00000 read before every tenth: the hand passes it at most twice per turn of the cache,
    // each time after a read, so it is never the one dropped.
    const key = (prefix: string, i: number) => prefix + String(i).padStart(5, "0");
    const add = (k: string) => cache.set(k, entry("x".repeat(100), [`tag-${k}`]));
    const cache = new ResponseCache(20 * 506, 60_000);
    for (let i = 0; i < 20; i++) add(key("k", i));
    for (let i = 0; i < 20_000; i++) {
      if (i % 10 === 0) expect(cache.get("k00000")).toBeDefined();
      add(key("n", i));
      expect(cache.size).toBe(20);
    }
    expect(cache.get("k00001")).toBeUndefined();
    expect(cache.get("n19999")).toBeDefined();
    // Dropping entries by tag, then filling again: the hand goes on over what is left.
    for (let i = 19_990; i < 20_000; i++) cache.dropTag(`tag-${key("n", i)}`);
    expect(cache.size).toBe(10);
    for (let i = 0; i < 30; i++) add(key("m", i));
    expect(cache.size).toBe(20);
    expect(cache.get("m00029")).toBeDefined();
    cache.clear();
    for (let i = 0; i < 25; i++) add(key("c", i));
    expect(cache.size).toBe(20);
    expect(cache.get("c00000")).toBeUndefined();
    expect(cache.get("c00024")).toBeDefined();
  });

  test("entries age out", () => {
    const cache = new ResponseCache(1 << 20, 1000);
    cache.set("k", entry("v", ["t"]), 0);
    expect(cache.get("k", 999)).toBeDefined();
    expect(cache.get("k", 1000)).toBeUndefined();
  });

  test("the stored body is a copy the caller's buffer cannot change", () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const body = Buffer.from("abc");
    cache.set("k", { status: 200, body, headers: [], tags: ["t"] });
    body.write("xyz");
    expect(cache.get("k")?.body.toString()).toBe("abc");
  });
});

describe("cachedRead", () => {
  beforeAll(async () => {
    setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    await openDatabase();
  }, 120_000);
  afterAll(closeDatabase);

  const answer = (text: string) => ({ response: json({ text }), tags: ["name:kept.web3"] });

  test("a kept refusal is answered again without being produced, until a write of its tag", async () => {
    let produced = 0;
    // Returned, as resolution returns the refusal of a name nobody registered.
    const produce = async () => {
      produced++;
      return keepRefusal(() => notFound("domain", "refused.web3 is not registered."), ["name:refused.web3"]);
    };
    // Kept from the second ask (a key asked once is not kept).
    expect(await cachedRead("refusal", produce)).toMatchObject({ status: 404 });
    expect(await cachedRead("refusal", produce)).toMatchObject({ status: 404 });
    // Answered in the same turn, from memory, as a value: nothing is thrown.
    const again = cachedRead("refusal", produce);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).message).toBe("refused.web3 is not registered.");
    expect(produced).toBe(2);
    await invalidate("name", "refused.web3");
    expect(await cachedRead("refusal", produce)).toMatchObject({ status: 404 });
    expect(produced).toBe(3);
  });

  test("a refusal the producer throws is kept and answered the same; any other failure is thrown on", async () => {
    let produced = 0;
    const throwing = () => {
      produced++;
      throw keepRefusal(() => notFound("domain", "thrown.web3 is not registered."), ["name:thrown.web3"]);
    };
    for (let i = 0; i < 2; i++) expect(cachedRead("thrown-refusal", throwing)).toMatchObject({ status: 404 });
    expect(cachedRead("thrown-refusal", throwing)).toBeInstanceOf(ApiError);
    expect(produced).toBe(2);
    const broken = async (): Promise<ApiError> => {
      throw new Error("the database went away");
    };
    await expect(cachedRead("broken", broken)).rejects.toThrow("the database went away");
    expect(() =>
      cachedRead("broken-now", () => {
        throw new TypeError("a fault");
      }),
    ).toThrow("a fault");
  });

  test("an answer is kept from its key's second ask: keys asked once fill nothing", async () => {
    let produced = 0;
    const produce = async () => {
      produced++;
      return answer("once");
    };
    for (let i = 0; i < 100; i++) await cachedRead(`once-${i}`, produce);
    for (let i = 0; i < 100; i++) await cachedRead(`once-${i}`, produce);
    expect(produced).toBe(200);
    for (let i = 0; i < 100; i++) await cachedRead(`once-${i}`, produce);
    expect(produced).toBe(200);
  });

  test("each hit gets its own header list: headers set on one answer reach no other", async () => {
    const produce = async () => answer("headers");
    await cachedRead("headers", produce);
    await cachedRead("headers", produce);
    const first = cachedRead("headers", produce) as Response;
    const second = cachedRead("headers", produce) as Response;
    first.headers.set("ratelimit-remaining", "7");
    first.headers.set("content-type", "text/plain");
    expect(second.headers.get("ratelimit-remaining")).toBeNull();
    expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const third = cachedRead("headers", produce) as Response;
    expect(third.headers.get("ratelimit-remaining")).toBeNull();
    expect(headerListOf(third)).toEqual(["content-type", "application/json; charset=utf-8"]);
  });

  test("a refusal not marked to be kept is produced every time", async () => {
    let produced = 0;
    const produce = async () => {
      produced++;
      throw notFound("domain", "other.eth is not registered.");
    };
    expect(await cachedRead("plain-refusal", produce)).toMatchObject({ status: 404 });
    expect(await cachedRead("plain-refusal", produce)).toMatchObject({ status: 404 });
    expect(produced).toBe(2);
  });

  test("an answer computed while its tag was invalidated is served but not kept", async () => {
    let produced = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      produced++;
      await gate;
      return answer("old");
    };
    const first = cachedRead("racing", slow);
    await invalidate("name", "kept.web3");
    release();
    expect(await responseOf(await first).json()).toEqual({ text: "old" });
    const fresh = async () => {
      produced++;
      return answer("new");
    };
    expect(await responseOf(await cachedRead("racing", fresh)).json()).toEqual({ text: "new" });
    expect(produced).toBe(2);
    // Without an invalidation in between, the answer is kept.
    expect(await responseOf(await cachedRead("racing", fresh)).json()).toEqual({ text: "new" });
    expect(produced).toBe(2);
  });
});
