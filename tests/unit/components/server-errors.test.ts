// An API refusal put on the fields it names (components/forms/server-errors.ts).
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/components/api/client";
import { isFieldError, showServerErrors } from "@/components/forms/server-errors";

const FIELDS = { orderId: "target", reason: "reason" } as const;

function shown(error: unknown) {
  const calls: [string, { type: string; message: string }][] = [];
  const mapped = showServerErrors<{ target: string; reason: string }>(
    (name, value) => calls.push([name, { type: String(value.type), message: String(value.message) }]),
    error,
    FIELDS,
  );
  return { mapped, calls };
}

describe("server errors on the form's fields", () => {
  it("sets each named field's message, under the form's name for it", () => {
    const error = new ApiRequestError(
      400,
      [
        { field: "orderId", info: "orderId must be the uuid of an order" },
        { field: "reason", info: "reason must say why" },
        { field: "other", info: "not a field of this form" },
      ],
      "…",
    );
    expect(shown(error)).toEqual({
      mapped: true,
      calls: [
        ["target", { type: "server", message: "orderId must be the uuid of an order" }],
        ["reason", { type: "server", message: "reason must say why" }],
      ],
    });
    expect(isFieldError(error, FIELDS)).toBe(true);
  });

  it("leaves to the panel what no field explains: other fields, 5xx, network failures, plain errors", () => {
    for (const error of [
      new ApiRequestError(409, [{ field: "domain", info: "taken" }], "taken"),
      new ApiRequestError(503, [{ field: "reason", info: "down" }], "down"),
      new ApiRequestError(0, [], "unreachable"),
      new Error("Your card was declined."),
      // A field named like an Object.prototype member is no field of the form.
      new ApiRequestError(400, [{ field: "toString", info: "x" }], "x"),
    ]) {
      expect(shown(error)).toEqual({ mapped: false, calls: [] });
      expect(isFieldError(error, FIELDS)).toBe(false);
    }
  });
});
