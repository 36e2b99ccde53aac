// The create-token form's rules (components/partner/token-form.ts).
import { expect, test } from "vitest";
import { TokenForm } from "@/components/partner/token-form";

const base = { label: " Mobile app ", type: "CUSTOMER", validFrom: "2026-01-01T10:00", validTill: "2026-04-01T10:00" };
const messages = (form: object) => (TokenForm.safeParse(form).error?.issues ?? []).map((i) => [i.path[0], i.message]);

test("a labelled token with a window that ends after it starts passes, its label trimmed", () => {
  expect(TokenForm.parse(base)).toEqual({ ...base, label: "Mobile app" });
});

test("a blank label, a missing date, and a window that ends before it starts are each refused", () => {
  expect(messages({ ...base, label: "  " })).toEqual([
    ["label", "Give the token a label, e.g. the app that will use it."],
  ]);
  expect(messages({ ...base, validTill: "" })).toEqual([["validTill", "Enter both dates of the validity window."]]);
  expect(messages({ ...base, validTill: base.validFrom })).toEqual([
    ["validTill", "The end of the validity window must be after its start."],
  ]);
});
