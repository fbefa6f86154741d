import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { type ActionFeedback, failure, formObject } from "../../lib/account.server";
import { cartOwner } from "../../lib/cart.server";
import { currency } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/repayment";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Complete your payment" });

/** /checkout/repayment: orders whose online payment failed; switch them to cash on delivery. */
export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await services(context).orders.awaitingPayment(cartOwner(context)) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const input = formObject(await request.formData());
  try {
    const r = await services(context).orders.changePaymentMethod(cartOwner(context), {
      paymentMethod: "COD",
      rePayId: input.id ?? "",
    });
    // Spec §7: masterIds (several orders) or response {_id, amount.total}; then order-success.
    const id = r.masterIds ?? r.response?._id;
    if (!id) return { ok: false, message: "Sorry, Something went Wrong!" };
    throw redirect(`/order-success?${new URLSearchParams({ id, amount: String(r.amount.total) })}`);
  } catch (e) {
    return failure(e);
  }
}

export default function Repayment() {
  const { orders } = useLoaderData<typeof loader>();
  useFeedback(useActionData<typeof action>());
  return (
    <section className="container" aria-labelledby="repay-title">
      <h1 id="repay-title">Complete your payment</h1>
      {orders.length === 0 && (
        <p>
          No order is waiting for a payment. <Link to="/my/orders">See your orders</Link>
        </p>
      )}
      <ul className="order-list">
        {orders.map((o) => (
          <li key={o._id} className="order-card">
            <strong>{o.orderNo}</strong> · {currency(o.amount.total)} · the online payment did not
            go through.
            <Form method="post" className="inline-actions">
              <input type="hidden" name="id" value={o._id} />
              <button type="submit" className="button button--primary">
                Pay with cash on delivery
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
