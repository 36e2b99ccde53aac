// The embedded database's session writes PostgreSQL's frontend messages itself
// (lib/db/pglite-host/frontend.mjs). What must hold: the same bytes PGlite's own serializer writes,
// for every message the session sends and every kind of parameter, and one buffer reused safely.
import { protocol } from "@electric-sql/pglite";
import { expect, test } from "vitest";
import { FrontendWriter } from "@/lib/db/pglite-host/frontend.mjs";

const { serialize } = protocol;

test("each message is byte for byte what PGlite's serializer writes", () => {
  const writer = new FrontendWriter();
  // take() returns a view of the writer's buffer, which the next message overwrites: compared at once.
  const same = (ours: Uint8Array, theirs: Uint8Array) =>
    expect(Buffer.from(ours).toString("hex")).toBe(Buffer.from(theirs).toString("hex"));
  same(
    writer.parse("namesvc_1", "SELECT $1::text").take(),
    serialize.parse({ name: "namesvc_1", text: "SELECT $1::text" }),
  );
  same(writer.parse("", "SELECT 'é ✓ 𝄞'").take(), serialize.parse({ name: "", text: "SELECT 'é ✓ 𝄞'" }));
  same(writer.describePortal().take(), serialize.describe({ type: "P" }));
  same(writer.execute().take(), serialize.execute({}));
  same(writer.sync().take(), serialize.sync());
  same(writer.closeStatement("namesvc_7").take(), serialize.close({ type: "S", name: "namesvc_7" }));
  same(writer.query("BEGIN; SELECT 1").take(), serialize.query("BEGIN; SELECT 1"));
  same(writer.bind("namesvc_2", []).take(), serialize.bind({ statement: "namesvc_2", values: [] }));
  const values = ["plain", "", null, "é ✓ 𝄞", new Uint8Array([0, 1, 255]), '{"a","b\\"c"}', "\ud800 lone"];
  same(writer.bind("namesvc_3", values).take(), serialize.bind({ statement: "namesvc_3", values }));
});

test("messages written together come out as one, in order, and the next take starts afresh", () => {
  const writer = new FrontendWriter();
  const together = writer.bind("s", ["1"]).describePortal().execute().sync().take();
  expect(Buffer.from(together)).toEqual(
    Buffer.concat([
      serialize.bind({ statement: "s", values: ["1"] }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
  expect(Buffer.from(writer.sync().take())).toEqual(Buffer.from(serialize.sync()));
});

test("a message larger than the buffer grows it and comes out whole", () => {
  const writer = new FrontendWriter();
  const large = "x".repeat(20_000);
  const ours = writer.bind("big", [large, new Uint8Array(9_000).fill(7)]).take();
  expect(Buffer.from(ours)).toEqual(
    Buffer.from(serialize.bind({ statement: "big", values: [large, new Uint8Array(9_000).fill(7)] })),
  );
  expect(Buffer.from(writer.sync().take())).toEqual(Buffer.from(serialize.sync()));
});

test("a name or statement holding NUL is refused, not cut short", () => {
  const writer = new FrontendWriter();
  expect(() => writer.query("SELECT 1\0; DROP TABLE item")).toThrow(/NUL/);
  expect(() => writer.parse("a\0b", "SELECT 1")).toThrow(/NUL/);
});
