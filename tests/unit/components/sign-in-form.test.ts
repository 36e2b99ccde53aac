// The token sign-in forms' rule (components/partner/sign-in-schema.ts): a JWT's shape, refused in
// the words of the form that asks.
import { describe, expect, it } from "vitest";
import { PARTNER_SHAPE_ERROR, signInSchema } from "@/components/partner/sign-in-schema";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwIn0.c2lnbmF0dXJl";
const messages = (token: string, shapeError?: string) =>
  (signInSchema(shapeError).safeParse({ token }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the sign-in form", () => {
  it("keeps a pasted JWT, trimmed of the whitespace a paste brings", () => {
    expect(signInSchema().parse({ token: `\n ${JWT} \n` })).toEqual({ token: JWT });
  });

  it.each(["", "not a token", "a.b", "a.b.c.d", "a.b.c!", `${JWT} extra`])("refuses %j as no token", (token) => {
    expect(messages(token)).toEqual([["token", PARTNER_SHAPE_ERROR]]);
  });

  it("says the partner's sentence by default and the operator's when given", () => {
    expect(PARTNER_SHAPE_ERROR).toMatch(/^That is not an access token: it should be three dot-separated parts/);
    const operator = "That is not an operator token: paste what `npm run operator -- token` printed.";
    expect(messages("nope", operator)).toEqual([["token", operator]]);
  });
});
