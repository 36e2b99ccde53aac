// The operator action form's rules: the actions API's own schema (OperatorAction, loaded in the
// browser once the console renders), judged on the request the form sends, its messages put on
// the fields the form shows (the order id, refund id or name all go in one "target" box).
import { z } from "zod";
import type { OperatorAction } from "@/lib/contract/schemas/operator";

export type OperatorSchemas = typeof import("@/lib/contract/schemas/operator");
export const loadOperatorSchemas = (): Promise<OperatorSchemas> => import("@/lib/contract/schemas/operator");

type ActionRequest = z.infer<typeof OperatorAction>;
export type Action = ActionRequest["action"];
export type TargetKind = "orderId" | "refundId" | "name";

export const ACTIONS: { value: Action; label: string; target: TargetKind }[] = [
  { value: "accept-underpaid", label: "Accept an underpaid order", target: "orderId" },
  { value: "write-off-dust", label: "Write off dust (a small crypto refund)", target: "refundId" },
  { value: "refund-order", label: "Refund a completed order", target: "orderId" },
  { value: "suspend-name", label: "Suspend a name", target: "name" },
  { value: "unsuspend-name", label: "Unsuspend a name", target: "name" },
  { value: "release-name", label: "Release a name to the market", target: "name" },
];
export const targetOf = (action: Action): TargetKind => ACTIONS.find((a) => a.value === action)?.target ?? "orderId";

/** The API's field name → the form's, for messages of the schema and of the API alike. */
export const FORM_FIELDS = {
  action: "action",
  orderId: "target",
  refundId: "target",
  name: "target",
  reason: "reason",
} as const;

const ActionForm = z.object({
  action: z.enum(ACTIONS.map((a) => a.value) as [Action, ...Action[]]),
  target: z.string(),
  reason: z.string(),
});
export type ActionValues = z.infer<typeof ActionForm>;

export function actionSchema(api: OperatorSchemas | null) {
  return ActionForm.transform((form, ctx): ActionRequest => {
    const request = { action: form.action, [targetOf(form.action)]: form.target.trim(), reason: form.reason };
    if (!api) return request as ActionRequest;
    const parsed = api.OperatorAction.safeParse(request);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = FORM_FIELDS[String(issue.path[0]) as keyof typeof FORM_FIELDS] ?? "action";
      ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
    return z.NEVER;
  });
}
