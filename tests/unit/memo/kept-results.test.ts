import { describe, expect, test } from "vitest";
import { keptResults } from "@/lib/memo/kept-results";

/** `keptResults` over a function that records each key it was asked. */
function counted<V>(answer: (key: string) => V, most: number) {
  const asked: string[] = [];
  const kept = keptResults((key: string) => {
    asked.push(key);
    return answer(key);
  }, most);
  return { kept, asked };
}

describe("keptResults", () => {
  test("computes a key once and answers it again from what it kept", () => {
    const { kept, asked } = counted((key) => key.toUpperCase(), 10);
    expect([kept("a"), kept("b"), kept("a"), kept("a")]).toEqual(["A", "B", "A", "A"]);
    expect(asked).toEqual(["a", "b"]);
  });

  test("keeps at most `most` keys: the next new key empties what was kept", () => {
    const { kept, asked } = counted((key) => key.length, 2);
    kept("a");
    kept("bb");
    kept("a");
    expect(asked).toEqual(["a", "bb"]);
    kept("ccc");
    kept("ccc");
    kept("a");
    kept("bb");
    expect(asked).toEqual(["a", "bb", "ccc", "a", "bb"]);
  });

  test("an undefined result and a thrown error are not kept", () => {
    let calls = 0;
    const kept = keptResults((key: string) => {
      calls++;
      if (key === "bad") throw new Error("bad key");
      return undefined;
    }, 4);
    expect(kept("none")).toBeUndefined();
    expect(kept("none")).toBeUndefined();
    expect(() => kept("bad")).toThrow("bad key");
    expect(() => kept("bad")).toThrow("bad key");
    expect(calls).toBe(4);
  });
});
