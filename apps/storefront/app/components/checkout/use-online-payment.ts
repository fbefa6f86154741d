import { useCallback, useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import {
  type GatewayForm,
  handoff,
  MESSAGES,
  type PayCall,
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
 * The signed-in shopper's wallet id, which §7 payments carry when the wallet pays a part: the
 * spec's own calls, GET users/me and GET wallet/user/{userId}. Null when it cannot be had (the
 * API then uses the shopper's own wallet, which is the only one it accepts anyway).
 */
async function myWalletId(): Promise<string | null> {
  try {
    const me = await fetch("/api/users/me");
    const userId = me.ok ? ((await me.json()) as { _id?: string })._id : undefined;
    if (!userId) return null;
    const w = await fetch(`/api/wallet/user/${encodeURIComponent(userId)}`);
    if (!w.ok) return null;
    return ((await w.json()) as { myWallet?: { _id?: string } }).myWallet?._id ?? null;
  } catch {
    return null;
  }
}

/**
 * Online payment from the checkout, the repayment page or the wallet's top-up form. Spec §4: the payment loader is on for
 * every online method while we talk to /api/pay and the gateway, and off on failure. A failure
 * after the orders were placed (the gateway refused) goes on to /checkout/repayment for that
 * checkout, where the server's verified result is shown.
 */
export function useOnlinePayment() {
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Back from the gateway, a browser may show this page as it was left ("Taking you to the
  // payment page…"). Ask the server again: the checkout then goes on to the waiting order.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setPaying(false);
      void revalidator.revalidate();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [revalidator]);

  const pay = useCallback(
    async (method: string, extras: PayExtras, idempotencyKey?: string) => {
      setError(null);
      const fail = (message: string, repayId?: string | null) => {
        setPaying(false);
        setError(message);
        notifyError({ message });
        // The repayment page then shows the server's account inline; this toast stays the one
        // on screen (§9: one toast at a time).
        if (repayId !== undefined)
          navigate(
            repayId
              ? `/checkout/repayment?${new URLSearchParams({ rePayId: repayId })}`
              : "/checkout/repayment",
            { state: { toasted: true } },
          );
      };
      // Stripe and unknown methods answer with their §8 message before anything is sent.
      const known = payCall(method, extras);
      if ("message" in known) return fail(known.message);
      setPaying(true);
      try {
        const walletId =
          extras.useWallet && !extras.walletId ? await myWalletId() : (extras.walletId ?? null);
        const call = payCall(method, { ...extras, walletId }) as PayCall;
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
        // (a wallet top-up has no order, and the repayment page itself stays where it is).
        const repay = !extras.rePayId && method !== "easypaisa_wallet";
        if (!h.ok)
          return fail(
            h.message,
            repay ? (typeof body.rePayId === "string" ? body.rePayId : null) : undefined,
          );
        submit(h.form);
      } catch {
        fail(MESSAGES.unable);
      }
    },
    [navigate],
  );
  return { paying, error, pay };
}
