import { expect, test } from "vitest";
import { heldTickObject, holdTickObjectShape } from "@/lib/server/tick-shape";

// The server holds one of Node's tick objects so that V8 keeps the shapes of nextTick's literal
// (lib/server/tick-shape.ts). What it holds must be a real one: the literal's own symbols and
// fields, as the next process.nextTick builds them.
test("holds a tick object of process.nextTick's own, and a new one each time it takes one", async () => {
  const stop = holdTickObjectShape();
  try {
    const first = heldTickObject() as Record<string | symbol, unknown> | undefined;
    expect(first).toBeDefined();
    const symbols = Object.getOwnPropertySymbols(first!).map((symbol) => symbol.description);
    expect(symbols).toEqual(expect.arrayContaining(["async_id_symbol", "trigger_async_id_symbol"]));
    expect(typeof first!.callback).toBe("function");
    expect(Object.keys(first!)).toEqual(["callback", "args"]);

    // Taking again (as the timer does) holds the newer one; the tick it queued runs and does nothing.
    holdTickObjectShape()();
    expect(heldTickObject()).not.toBe(first);
    await new Promise((resolve) => process.nextTick(resolve));
  } finally {
    stop();
  }
});
