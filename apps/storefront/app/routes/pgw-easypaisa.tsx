import { useEffect, useRef } from "react";
import { Link, useLoaderData } from "react-router";
import { pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/pgw-easypaisa";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Easypaisa payment" }),
  { name: "robots", content: "noindex" },
];

/**
 * Easypay's first postBackURL (payment-gateways.md §2.1 step 2): it comes back here by GET with
 * `auth_token`, and this page posts that token and our second postBackURL to Confirm.jsf at
 * once. The outcome arrives at /api/payments/easypaisa/return, which asks Easypay before saying
 * anything; nothing here marks an order paid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("auth_token");
  if (!token || token.length > 500) return { form: null };
  // The second postBackURL comes from the shop's configured origin, not this request's Host.
  const form = await services(context).payments.easypaisaConfirmForm(token);
  return { form };
}

export default function EasypaisaReturn() {
  const { form } = useLoaderData<typeof loader>();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, []);
  if (!form)
    return (
      <section className="container">
        <h1>Easypaisa payment</h1>
        <p role="alert">Unable to process your payment!</p>
        <p>
          <Link to="/checkout/repayment" className="button button--primary">
            Complete your payment
          </Link>
        </p>
      </section>
    );
  return (
    <section className="container">
      <h1>Easypaisa payment</h1>
      <p>Confirming your payment with Easypaisa…</p>
      <form ref={ref} method={form.method} action={form.action}>
        {Object.entries(form.fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <noscript>
          <button type="submit" className="button button--primary">
            Continue
          </button>
        </noscript>
      </form>
    </section>
  );
}
