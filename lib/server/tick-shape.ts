import "server-only";
import { createHook } from "node:async_hooks";

// Node's process.nextTick builds each tick object as a literal with computed symbol keys
// (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, [async_context_frame]: …, callback,
// args }`). V8 keeps the shapes (maps) such a literal passes through only as long as some object
// has them: between ticks none is alive, and a full collection drops them. The next tick makes new
// ones, the literal's inline cache meets a new map each time and ends megamorphic, and the
// optimized nextTick then defines every property through the runtime. Under npm start's heap flags
// (a 256 MB old generation that grows 20% at a time, so full collections come often; either flag
// alone did it) that happened in every fresh server measured: 7 to 8% of the main thread's samples
// under warm reads, as Node's HTTP code calls nextTick several times an answer; with no flags, or
// with any one of npm start's other three alone, in none (docs/operations.md, twenty-first round).
// Holding one real tick object keeps its shapes alive, and the cache with them. Another is taken
// now and then, so that a shape V8 replaces later (a field that must widen) is held as well.

const RETAKE_MS = 60_000;

let held: object | undefined;

/** Holds a tick object from now on, taken again every minute; returns what stops the retaking. */
export function holdTickObjectShape(): () => void {
  take();
  const timer = setInterval(take, RETAKE_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The tick object held (tests check it is one). */
export function heldTickObject(): object | undefined {
  return held;
}

function take(): void {
  let taken: object | undefined;
  // Only for this one nextTick: an init hook enabled for longer would cost every async resource.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject") taken ??= resource as object;
    },
  }).enable();
  try {
    process.nextTick(doNothing);
  } finally {
    hook.disable();
  }
  if (taken) held = taken;
}

function doNothing(): void {}
