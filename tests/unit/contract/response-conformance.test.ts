import { expect, test } from "vitest";
import { json } from "@/lib/http/handler";

// json() builds a lighter Response for lib/server's fast path; Next.js handles it as a Fetch
// `Response`, reading `body` more than once, cloning, re-wrapping it. Every scenario below runs on
// json()'s answer and on undici's Response with the same bytes, and must come out the same.

const BODY = { name: "alice.web3", wallets: [{ coin: "ETH", address: "0x8ba1f109551bD432803012645Ac136ddd64DBA72" }] };
const TEXT = JSON.stringify(BODY);

const ours = () => json(BODY, 201, { "x-extra": "1" });
const fetchs = () =>
  new Response(TEXT, { status: 201, headers: { "x-extra": "1", "content-type": "application/json; charset=utf-8" } });

/** What a step gives: its value, or the name of the error it threw (or rejected with). */
async function outcome(step: () => unknown): Promise<unknown> {
  try {
    const value = await step();
    if (value instanceof ArrayBuffer) return ["ArrayBuffer", Buffer.from(value).toString()];
    if (value instanceof Uint8Array) return ["Uint8Array", Buffer.from(value).toString()];
    if (value instanceof Blob) return ["Blob", value.type, await value.text()];
    return value;
  } catch (error) {
    return (error as Error).name;
  }
}

const readStream = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer()).toString();

const SCENARIOS: Record<string, (r: Response) => Promise<unknown[]>> = {
  "status, ok and headers": async (r) => [r.status, r.ok, r.headers.get("content-type"), r.headers.get("x-extra")],
  "text twice": async (r) => [await outcome(() => r.text()), r.bodyUsed, await outcome(() => r.text())],
  "json, then every other reader": async (r) => [
    await outcome(() => r.json()),
    await outcome(() => r.arrayBuffer()),
    await outcome(() => r.bytes()),
    await outcome(() => r.blob()),
  ],
  "each reader on a fresh response": async () => [
    await outcome(() => pick().arrayBuffer()),
    await outcome(() => pick().bytes()),
    await outcome(() => pick().blob()),
  ],
  "body is one stream, and reading it uses the body": async (r) => {
    const first = r.body;
    const same = r.body === first;
    const before = r.bodyUsed;
    const read = await readStream(first!);
    return [same, before, read, r.bodyUsed, await outcome(() => r.text()), await outcome(() => r.clone())];
  },
  "a locked body cannot be read again": async (r) => {
    const reader = r.body!.getReader();
    const result = [r.bodyUsed, await outcome(() => r.text()), await outcome(() => r.clone())];
    reader.releaseLock();
    return result;
  },
  "body accessed, then text": async (r) => {
    void r.body;
    return [r.bodyUsed, await outcome(() => r.text()), r.bodyUsed];
  },
  "clone before reading: both read, independently": async (r) => {
    const copy = r.clone();
    return [await outcome(() => copy.text()), copy.bodyUsed, r.bodyUsed, await outcome(() => r.json()), r.bodyUsed];
  },
  "clone after reading throws": async (r) => {
    await r.text();
    return [await outcome(() => r.clone())];
  },
  "re-wrapped as Next.js does": async (r) => {
    const wrapped = new Response(r.body, r);
    return [wrapped.status, wrapped.headers.get("x-extra"), await outcome(() => wrapped.text()), r.bodyUsed];
  },
};

// "each reader on a fresh response" needs a new response per reader, of the kind under test.
let pick: () => Response = ours;

test.each(Object.keys(SCENARIOS))("%s: json() answers as Fetch's Response does", async (name) => {
  pick = fetchs;
  const expected = await SCENARIOS[name](fetchs());
  pick = ours;
  const actual = await SCENARIOS[name](ours());
  expect(actual).toEqual(expected);
});
