import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import { useEffect, useId, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { AddressStep } from "../../components/checkout/address-step";
import { CartLines, CartTotals } from "../../components/checkout/cart-lines";
import { CheckoutPayment } from "../../components/checkout/checkout-payment";
import { CouponField } from "../../components/checkout/coupon-field";
import { ShippingStep } from "../../components/checkout/shipping-step";
import { WalletToggle } from "../../components/checkout/wallet-toggle";
import { cartOwner } from "../../lib/cart.server";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import type { Route } from "./+types/checkout";
import { checkoutAction } from "./checkout-action.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Checkout" });

const ALL_CITIES = [...new Set(Object.values(PAKISTAN_CITIES).flat())].sort();

/**
 * /checkout and its steps (spec §2, §4): one address, two shipping, three payment, four review.
 * /checkout/changeShippingAddress(/add) and /checkout/payments open the same page at that step.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const owner = cartOwner(context);
  const { carts, addresses, site } = services(context);
  const [cart, settings, saved] = await Promise.all([
    carts.get(owner),
    site.settings(),
    owner.userId ? addresses.list(owner.userId) : Promise.resolve([]),
  ]);
  const city = cart.city ?? saved.find((a) => a.isDefault)?.city ?? null;
  const options = cart.items.length ? await carts.shippingOptions(owner, city) : [];
  // Keenu's bank list for step three; without it Keenu still shows, with no bank to pick.
  const banks = cart.items.length
    ? await services(context)
        .payments.keenuBanks()
        .catch(() => [])
    : [];
  return {
    cart,
    addresses: saved,
    options,
    city,
    signedIn: owner.userId !== null,
    guestLogin: settings.guestLogin,
    banks,
  };
}

export const action = ({ request, context }: Route.ActionArgs) => checkoutAction(request, context);

const STEP_OF: Record<string, string> = {
  "/checkout/changeShippingAddress": "address",
  "/checkout/changeShippingAddress/add": "address",
  "/checkout/payments": "payment",
};

export default function CheckoutPage() {
  const { cart, addresses, options, city, signedIn, guestLogin, banks } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFeedback(result);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // Spec §4: cash on delivery uses the general loading flag while the order is placed.
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  // One key per visit to this page: a double submit or a retry places one order.
  const keyBase = useId();
  const [key] = useState(() => `${keyBase}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  useEffect(() => {
    const step = STEP_OF[pathname];
    if (step) document.getElementById(step)?.scrollIntoView();
  }, [pathname]);

  if (cart.items.length === 0)
    return (
      <section className="container checkout checkout--empty">
        <h1>Your cart is empty</h1>
        <p>
          <Link to="/" className="button button--primary">
            Continue shopping
          </Link>
        </p>
      </section>
    );
  const canCheckout = signedIn || guestLogin;
  return (
    <section className="container checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <h2>Your cart</h2>
      <CartLines cart={cart} />
      <ShippingStep
        options={options}
        chosen={cart.shippingMethod?._id ?? null}
        city={city}
        cities={ALL_CITIES}
      />
      <CartTotals cart={cart} />
      {signedIn && <CouponField cart={cart} />}
      {signedIn && <WalletToggle cart={cart} />}
      {!canCheckout ? (
        <p>
          <Link to="/account/login?redirectTo=/checkout" className="button button--primary">
            Log in to check out
          </Link>
        </p>
      ) : (
        <Form method="post" className="checkout-form">
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="idempotencyKey" value={key} />
          {cart.checkoutWallet && <input type="hidden" name="useWallet" value="on" />}
          {!signedIn && (
            <p className="muted">
              Checking out as a guest. <Link to="/account/login?redirectTo=/checkout">Log in</Link>{" "}
              to use your saved addresses.
            </p>
          )}
          <AddressStep
            addresses={addresses}
            guest={!signedIn}
            adding={pathname === "/checkout/changeShippingAddress/add"}
          />
          <div id="payment">
            <CheckoutPayment
              cod={cart.cod}
              total={cart.payable}
              walletUsed={cart.walletUsed}
              banks={banks}
              placing={placing}
              idempotencyKey={key}
            />
          </div>
        </Form>
      )}
    </section>
  );
}
