import { REFUND_EITHER, refundBody, refundDoneBody } from "@maidan/contracts/admin-customers";
import { rupees } from "@maidan/contracts/money";
import type { z } from "zod";
import type { RefundFeedback } from "../../components/admin/refund-form";
import { requireStaff } from "../../lib/admin.server";
import { failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/order-refund";

/** The shared schema's issues as messages by field (a line's units → `lines`). */
function fieldsOf(issues: z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "lines");
    if (!fields[name]) fields[name] = issue.message;
  }
  return fields;
}

const invalid = (issues: z.core.$ZodIssue[]): RefundFeedback => ({
  ok: false,
  message: "Please correct the fields marked below.",
  fields: fieldsOf(issues),
});

/**
 * The order page's refund form and "mark paid back" (decision 046): an action only, called by
 * the page's fetcher; the page's loader then reads the refunds again.
 */
export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<RefundFeedback> {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const s = services(context).adminRefunds;
  try {
    if (form.get("intent") === "done") {
      const parsed = refundDoneBody.safeParse({ note: form.get("note") ?? "" });
      if (!parsed.success) return invalid(parsed.error.issues);
      await s.done(staff, String(form.get("refundId") ?? ""), parsed.data);
      return { ok: true, message: "The refund is recorded as paid back." };
    }
    const lines = [...form.entries()].flatMap(([k, v]) =>
      k.startsWith("qty:") && String(v).trim() !== "" ? [{ itemId: k.slice(4), qty: v }] : [],
    );
    const parsed = refundBody.safeParse({
      lines,
      amount: form.get("amount") ?? "",
      to: form.get("to") ?? undefined,
      reason: form.get("reason") ?? "",
    });
    if (!parsed.success) {
      // The schema checks "units or an amount" once its fields are valid: said at once here.
      const units = lines.some((l) => Number(l.qty) > 0);
      const amount = String(form.get("amount") ?? "").trim() !== "";
      const feedback = invalid(parsed.error.issues);
      if (units === amount && feedback.fields) feedback.fields.lines ??= REFUND_EITHER;
      return feedback;
    }
    const before = await s.of(staff, params.id);
    const after = await s.refund(staff, params.id, parsed.data);
    const last = after.refunds.at(-1);
    const amount = rupees(after.refunded - before.refunded);
    return {
      ok: true,
      message:
        last?.status === "owed"
          ? `${amount} is owed to the original payment method: ${last.manualStep ?? ""}`
          : `${amount} refunded ${last?.to === "wallet" ? "to the shopper's wallet" : "to the original payment method"}.`,
    };
  } catch (e) {
    return failure(e);
  }
}
