import { rupees } from "@maidan/contracts/money";
import type { WalletEntry } from "@maidan/contracts/wallet";
import { type FormEvent, useId } from "react";
import { useLoaderData } from "react-router";
import { useOnlinePayment } from "../../components/checkout/use-online-payment";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/wallet";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My wallet" }),
  { name: "robots", content: "noindex" },
];

/** Where /api/payments/easypaisa/return sends a top-up, by the attempt's verified status. */
const TOPUP_NOTES: Record<string, { text: string; ok: boolean }> = {
  paid: { text: "Your top-up is in your wallet.", ok: true },
  pending: {
    text: "We are waiting for Easypaisa to confirm your payment. Your balance updates as soon as it does.",
    ok: true,
  },
  failed: { text: "Your top-up did not go through. Nothing was added to your wallet.", ok: false },
  cancelled: { text: "Your top-up was cancelled. Nothing was added to your wallet.", ok: false },
  expired: { text: "Your top-up timed out. Nothing was added to your wallet.", ok: false },
};

const KIND_LABELS: Record<WalletEntry["kind"], string> = {
  credit: "Credit",
  topup: "Top-up",
  order_spend: "Paid for an order",
  order_refund: "Refund",
  lucky_draw: "Lucky draw prize",
  adjustment: "Adjustment by Maidan",
  referral_bonus: "Referral bonus",
  referral_welcome: "Referral welcome credit",
  referral_reversal: "Referral credit reversed",
};

/** Spec §7 `GET wallet/user/{userId}` (the signed-in user's own wallet), server-rendered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const s = services(context);
  const topup = new URL(request.url).searchParams.get("topup");
  return {
    wallet: await s.wallet.get(viewer.id),
    limits: s.payments.topUpLimits,
    // Top-ups go through Easypaisa: none while it is switched off (decision 024).
    canTopUp: s.payments.availability().gateways.includes("easypaisa"),
    note: topup ? (TOPUP_NOTES[topup] ?? null) : null,
  };
}

const signed = (n: number) => (n > 0 ? `+${rupees(n)}` : `−${rupees(-n)}`);

export default function MyWallet() {
  const { wallet, limits, note, canTopUp } = useLoaderData<typeof loader>();
  const { paying, error, pay } = useOnlinePayment();
  const amountId = useId();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    // The method travels in the form like the amount: a method the storefront does not know
    // (an old or altered page) gets the §8 message without calling the API.
    void pay(String(data.get("paymentMethod") ?? ""), { amount: Number(data.get("amount")) });
  };

  return (
    <section aria-labelledby="wallet-title" className="wallet-page">
      <h1 id="wallet-title">My wallet</h1>
      {note && (
        <p className={note.ok ? "notice" : "form-error"} role="status">
          {note.text}
        </p>
      )}
      <p className="wallet-balance">
        Balance <strong data-testid="wallet-balance">{rupees(wallet.balance)}</strong>
      </p>
      <p className="muted">Use it at checkout: it pays all or part of an order.</p>

      {canTopUp && (
        <form className="form" onSubmit={onSubmit} aria-labelledby="topup-title">
          <h2 id="topup-title">Top up with Easypaisa</h2>
          <input type="hidden" name="paymentMethod" value="easypaisa_wallet" />
          <label className="field" htmlFor={amountId}>
            Amount (Rs.)
            <input
              id={amountId}
              name="amount"
              type="number"
              inputMode="numeric"
              min={limits.min}
              max={limits.max}
              step={1}
              required
            />
          </label>
          <p className="muted">
            From {rupees(limits.min)} to {rupees(limits.max)}. Your balance grows once Easypaisa
            confirms the payment.
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={paying}
            aria-busy={paying}
          >
            {paying ? "Taking you to Easypaisa…" : "Top up"}
          </button>
        </form>
      )}

      <h2>History</h2>
      {wallet.entries.length === 0 ? (
        <p>No wallet activity yet.</p>
      ) : (
        <ul className="order-list wallet-entries">
          {wallet.entries.map((e) => (
            <li key={e._id} className="order-card">
              <strong>{signed(e.amount)}</strong> · {KIND_LABELS[e.kind]}
              <div>{e.remark}</div>
              <div className="muted">{formatDate(e.createdAt)}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
