import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import {
  type GatewayForm,
  handoff,
  MESSAGES,
  type PayExtras,
  payCall,
} from "../../lib/payment-handoff";
import { notifyError } from "../../lib/toast";

/** Submits a real form so the browser navigates to the gateway exactly as §7 describes. */
function submit(f: GatewayForm) {
  const form = document.createElement("form");
  form.method = f.method;
  form.action = f.action;
  form.style.display = "none";
  for (const [name, value] of f.fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * Online payment from the checkout, the repayment page or the wallet's top-up form. Spec §4: the payment loader is on for
 * every online method while we talk to /api/pay and the gateway, and off on failure. A failure
 * after the orders were placed (the gateway refused) goes on to /checkout/repayment.
 */
export function useOnlinePayment() {
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  const pay = useCallback(
    async (method: string, extras: PayExtras, idempotencyKey?: string) => {
      setError(null);
      const fail = (message: string, repay?: boolean) => {
        setPaying(false);
        setError(message);
        notifyError({ message });
        if (repay) navigate(`/checkout/repayment?${new URLSearchParams({ message })}`);
      };
      const call = payCall(method, extras);
      if ("message" in call) return fail(call.message);
      setPaying(true);
      try {
        const res = await fetch(call.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          },
          body: JSON.stringify(call.body),
        });
        const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        if (!res.ok) return fail(typeof body.message === "string" ? body.message : MESSAGES.unable);
        const h = handoff(method, body, res.headers.get("x-payment-url"));
        // The orders now wait for payment: a refused hand-off continues on the repayment page
        // (a wallet top-up has no order: it stays where it is).
        if (!h.ok) return fail(h.message, !extras.rePayId && method !== "easypaisa_wallet");
        submit(h.form);
      } catch {
        fail(MESSAGES.unable);
      }
    },
    [navigate],
  );
  return { paying, error, pay };
}
