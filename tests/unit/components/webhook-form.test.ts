// The register-a-receiver form's rules (components/partner/webhook-form-schema.ts): the webhook
// API's request schema once loaded, and a URL that parses.
import { describe, expect, it } from "vitest";
import * as webhooks from "@/lib/contract/schemas/webhooks";
import { DEFAULT_EVENTS, webhookFormSchema } from "@/components/partner/webhook-form-schema";

const URL_OK = "https://93.184.215.14/hooks/namesvc";
const problems = (form: { url: string; events: string[] }, api: typeof webhooks | null = webhooks) =>
  (webhookFormSchema(api).safeParse(form).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the webhook register form", () => {
  it("sends the URL trimmed and the chosen events", () => {
    expect(webhookFormSchema(webhooks).parse({ url: ` ${URL_OK} `, events: DEFAULT_EVENTS })).toEqual({
      url: URL_OK,
      events: ["subname.created", "subname.revoked"],
    });
  });

  it("refuses what is not a URL in the API's words, loaded or not", () => {
    expect(problems({ url: "", events: DEFAULT_EVENTS })).toEqual([["url", "url is not a URL."]]);
    expect(problems({ url: "example.com/hook", events: DEFAULT_EVENTS }, null)).toEqual([["url", "url is not a URL."]]);
  });

  it("asks for at least one event and a URL the API's length allows", () => {
    expect(problems({ url: URL_OK, events: [] })).toEqual([["events", "events must name at least one event type"]]);
    expect(problems({ url: `https://a.example/${"x".repeat(2048)}`, events: DEFAULT_EVENTS })).toEqual([
      ["url", "url must be at most 2048 characters"],
    ]);
    expect(problems({ url: URL_OK, events: [] }, null)).toEqual([]);
  });
});
