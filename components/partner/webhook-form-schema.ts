// The register-a-receiver form's rules: the webhook API's own request schema (CreateWebhookRequest,
// loaded in the browser once the page renders), and a URL that parses, in the API's words
// (lib/webhooks/receiver-url.ts). Whether it is https and public depends on the server's settings
// and its DNS, so only the API says that.
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract/schemas/webhook-events";

export type WebhookSchemas = typeof import("@/lib/contract/schemas/webhooks");
export const loadWebhookSchemas = (): Promise<WebhookSchemas> => import("@/lib/contract/schemas/webhooks");

export const DEFAULT_EVENTS: (typeof WEBHOOK_EVENT_TYPES)[number][] = ["subname.created", "subname.revoked"];

export function webhookFormSchema(api: WebhookSchemas | null) {
  return z.object({ url: z.string().trim(), events: z.array(z.enum(WEBHOOK_EVENT_TYPES)) }).superRefine((form, ctx) => {
    if (!URL.canParse(form.url)) ctx.addIssue({ code: "custom", path: ["url"], message: "url is not a URL." });
    for (const issue of api?.CreateWebhookRequest.safeParse(form).error?.issues ?? [])
      ctx.addIssue({ code: "custom", path: issue.path.slice(0, 1), message: issue.message });
  });
}
export type WebhookFormValues = z.input<ReturnType<typeof webhookFormSchema>>;
export type WebhookFormRequest = z.output<ReturnType<typeof webhookFormSchema>>;
