import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { useFeedback } from "../components/account/use-feedback";
import { OrderItems } from "../components/checkout/order-items";
import { PushPrompt } from "../components/push-prompt";
import { clientIp, formObject } from "../lib/account.server";
import { cartOwner } from "../lib/cart.server";
import { formatTime } from "../lib/format";
import { paymentLine } from "../lib/payment-handoff";
import { pageMeta } from "../lib/seo";
import {
  type ActionFeedback,
  failure,
  nullIfNotFound,
  pageError,
} from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import checkoutCss from "../styles/checkout.css?url";
import type { Route } from "./+types/order-success";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Thank you for your order" });

const ID = /^[0-9a-f-]{36}$/i;

/**
 * /order-success?id=<id or comma list>&amount=<total> (spec §2), and /order-success-guest.
 * Shows the orders the visitor owns, how they are paid (cash on delivery, or which online
 * method and whether it is paid), and for COD orders still waiting, the SMS-code form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ids = (url.searchParams.get("id") ?? "")
    .split(",")
    .filter((x) => ID.test(x))
    .slice(0, 10);
  const owner = cartOwner(context);
  const { orders } = services(context);
  // Ids of orders that are not the visitor's show nothing; a failure shows the error page.
  const found = await Promise.all(
    ids.map((id) => orders.getMine(owner, id).catch(nullIfNotFound)),
  ).catch((e: unknown) => {
    throw pageError(e, request);
  });
  const amount = Number(url.searchParams.get("amount"));
  const mine = found.filter((o) => o !== null);
  const waiting = mine.find((o) => o.status === "pending_confirmation");
  return {
    orders: mine,
    amount: Number.isInteger(amount) ? amount : null,
    signedIn: owner.userId !== null,
    // Worked out here, once: the same words on the server and in the browser.
    confirmBy: waiting?.confirmBy ? formatTime(waiting.confirmBy) : null,
    // The demo shop sends no SMS: say where its code is (decision 042).
    outbox:
      waiting && services(context).auth.outboxReadable()
        ? `/dev/outbox?${new URLSearchParams({ to: waiting.address.phone })}`
        : null,
  };
}

/** Two forms post here: the code (`confirm`, the default) and "Send a new code" (`resend`). */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const input = formObject(await request.formData());
  const { orders } = services(context);
  try {
    if (input.intent === "resend") {
      const sent = await orders.resendCode(cartOwner(context), input.id ?? "", {
        ip: clientIp(request),
      });
      return { ok: true, message: sent.message };
    }
    await orders.confirmWithCode(cartOwner(context), input.id ?? "", { code: input.code ?? "" });
    return { ok: true, message: "Thank you! Your order is confirmed." };
  } catch (e) {
    return failure(e);
  }
}

export default function OrderSuccess() {
  const { orders, amount, signedIn, confirmBy, outbox } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFeedback(result);
  const waiting = orders.find((o) => o.status === "pending_confirmation");
  return (
    <section className="container order-success" aria-labelledby="done-title">
      <h1 id="done-title">Thank you for your order</h1>
      {orders.length > 0 && (
        <p>
          Order {orders.map((o) => o.orderNo).join(", ")}
          {amount !== null && (
            <>
              {" "}
              · total <strong>{rupees(amount)}</strong>
            </>
          )}
          {/* The orders' own method and state (one checkout: the same for each), not the URL's. */}
          {orders[0] && (
            <>
              , <span data-testid="payment-line">{paymentLine(orders[0].payment)}</span>
            </>
          )}
        </p>
      )}
      {orders.length > 1 && (
        <section className="parcels" aria-labelledby="parcels-title">
          <h2 id="parcels-title">
            {orders.length} parcels from {orders.length} sellers
          </h2>
          <ol className="parcels__list">
            {orders.map((o, i) => (
              <li key={o._id} className="parcel">
                <p className="parcel__head">
                  <strong>
                    Parcel {i + 1}: {o.orderNo}
                  </strong>{" "}
                  from {o.vendor.name} · {rupees(o.amount.total)}
                </p>
                <OrderItems items={o.items} className="parcel__items" />
              </li>
            ))}
          </ol>
        </section>
      )}
      {waiting ? (
        <Form method="post" className="form confirm-form">
          <h2>Confirm your order</h2>
          <p>
            We sent a 6-digit code to 0{waiting.address.phone.slice(2)}. Enter it (or tap the link
            in the SMS) so we can send your order.
            {confirmBy && (
              <>
                {" "}
                Please confirm by <strong>{confirmBy}</strong>: an order not confirmed by then is
                cancelled.
              </>
            )}
          </p>
          {outbox && (
            <p className="confirm-form__outbox">
              Test mode: this shop sends no real SMS.{" "}
              <Link to={outbox}>Read the code in the outbox</Link>.
            </p>
          )}
          <input type="hidden" name="id" value={waiting._id} />
          <label className="field">
            Confirmation code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
            />
          </label>
          <div className="confirm-form__actions">
            <button type="submit" className="button button--primary">
              Confirm order
            </button>
            {/* A second submit button of the same form: it skips the code's validation. */}
            <button
              type="submit"
              name="intent"
              value="resend"
              formNoValidate
              className="confirm-form__resend"
            >
              Send a new code
            </button>
          </div>
        </Form>
      ) : (
        orders.length > 0 && (
          <p className="order-success__status">
            Your order is {orders[0]?.status.replace("_", " ")}.
          </p>
        )
      )}
      {/* After the order, never on a first visit: may we tell them when it moves? */}
      <PushPrompt signedIn={signedIn && orders.length > 0} />
      <p>
        {signedIn && orders[0] ? (
          <Link to={`/my/orders/${orders[0]._id}`}>See your order</Link>
        ) : null}{" "}
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  );
}
