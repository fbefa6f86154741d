import { Link, useActionData, useLoaderData } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { AddressStep } from "../../components/checkout/address-step";
import { CartSummary } from "../../components/checkout/cart-summary";
import { PaymentStep } from "../../components/checkout/payment-step";
import { ReviewStep } from "../../components/checkout/review-step";
import { ShippingStep } from "../../components/checkout/shipping-step";
import { StepsNav } from "../../components/checkout/steps-nav";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/checkout";
import { checkoutAction } from "./checkout-action.server";
import { loadCheckout } from "./checkout-loader.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Checkout" });

/**
 * /checkout and its steps (spec §2, §3 `checkout_step`, §4): 'one' address
 * (/checkout, /checkout/changeShippingAddress, …/add), 'two' delivery (?step=two), 'three'
 * payment (/checkout/payments), 'four' review (?step=four), where the order is placed.
 */
export const loader = ({ request, context, url }: Route.LoaderArgs) =>
  loadCheckout(request, context, url);

export const action = ({ request, context }: Route.ActionArgs) => checkoutAction(request, context);

export default function CheckoutPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFeedback(result);
  const { taxDisplay } = useRootData().settings;
  if (d.cart.items.length === 0)
    return (
      <section className="checkout checkout--empty">
        <h1>Your cart is empty</h1>
        <p>
          <Link to="/" className="button button--primary">
            Continue shopping
          </Link>
        </p>
      </section>
    );
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <StepsNav step={d.step} reached={d.reached} />
      <div className={`checkout__layout checkout__layout--${d.step}`}>
        {d.step !== "four" && (
          <CartSummary
            cart={d.cart}
            open={d.step === "one"}
            signedIn={d.signedIn}
            taxDisplay={taxDisplay}
          />
        )}
        <div className="checkout__main">
          {/* The toast's words stay on the page too: a page without scripts has no toast. */}
          {result && !result.ok && (
            <p className="form-error" role="alert">
              {result.message}
            </p>
          )}
          {d.step === "one" && (
            <AddressStep
              signedIn={d.signedIn}
              guestLogin={d.guestLogin}
              addresses={d.addresses}
              selectedId={d.selectedId}
              typed={result?.values ?? d.typed}
              adding={d.adding}
              prefill={d.prefill}
            />
          )}
          {d.step === "two" && d.address && (
            <ShippingStep
              options={d.options}
              chosen={d.cart.shippingMethod?._id ?? null}
              address={d.address}
            />
          )}
          {d.step === "three" && (
            <PaymentStep
              cart={d.cart}
              chosen={d.chosenMethod}
              banks={d.banks}
              signedIn={d.signedIn}
            />
          )}
          {d.step === "four" && d.address && d.method && (
            <ReviewStep
              cart={d.cart}
              address={d.address}
              typed={d.typed}
              method={d.method}
              bank={d.bank}
              ep={d.ep}
              placeKey={d.placeKey}
              taxDisplay={taxDisplay}
            />
          )}
        </div>
      </div>
    </section>
  );
}
