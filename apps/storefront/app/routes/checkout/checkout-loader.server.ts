import type { Address } from "@maidan/contracts/addresses";
import type { Cart, ShippingChoice } from "@maidan/contracts/cart";
import { type RouterContextProvider, redirect } from "react-router";
import { addressPrefill } from "../../components/account/address-prefill";
import type { ChosenAddress } from "../../components/checkout/chosen-address";
import type { KeenuBank } from "../../components/checkout/payment-methods";
import { ADD_ADDRESS, type CheckoutStep, STEP_PATH, stepOf } from "../../components/checkout/steps";
import { cartOwner } from "../../lib/cart.server";
import { services } from "../../lib/services.server";
import { readCheckoutState, type TypedAddress, validTyped } from "./checkout-state.server";

type Context = Readonly<RouterContextProvider>;

const saved = (a: Address): ChosenAddress => ({
  savedId: a._id,
  fullName: a.fullName,
  phone: `0${a.phone.slice(2)}`,
  email: null,
  province: a.province,
  city: a.city,
  address: a.address,
  landmark: a.landmark,
  zip: a.zip,
});

function typedView(raw: TypedAddress): ChosenAddress | null {
  const a = validTyped(raw);
  if (!a) return null;
  return {
    savedId: null,
    fullName: a.fullName,
    phone: raw.phone ?? "",
    email: a.email ?? null,
    province: a.province,
    city: a.city,
    address: a.address,
    landmark: a.landmark ?? null,
    zip: a.zip || null,
  };
}

const sameCity = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Everything the checkout's steps show. The step comes from the URL; a step whose earlier
 * choices are missing sends the shopper back to the first one that is (no address: step one).
 * The chosen address's city prices the cart, as the order will be priced (place-order uses it).
 */
export async function loadCheckout(request: Request, context: Context, url: URL) {
  const owner = cartOwner(context);
  const { carts, addresses, site } = services(context);
  const step = stepOf(url);
  const state = readCheckoutState(request);
  const signedIn = owner.userId !== null;
  const [first, settings, book] = await Promise.all([
    carts.get(owner),
    site.settings(),
    owner.userId ? addresses.list(owner.userId) : Promise.resolve([]),
  ]);
  // Back from a payment gateway (or any visit) with the cart already placed as an order that
  // waits for its payment: that order, its held stock and the ways to pay, not an empty cart.
  if (first.items.length === 0 && (await services(context).orders.awaitingPayment(owner)).length)
    throw redirect("/checkout/repayment");
  const typed = typeof state.address === "object" ? state.address : null;
  const chosen =
    typeof state.address === "string" ? (book.find((a) => a._id === state.address) ?? null) : null;
  const address = chosen ? saved(chosen) : typed ? typedView(typed) : null;
  const canCheckout = signedIn || settings.guestLogin;
  let cart: Cart = first;
  let reached: CheckoutStep = "one";
  let options: ShippingChoice[] = [];
  let method: string | null = null;
  let banks: KeenuBank[] = [];
  if (cart.items.length > 0) {
    if (step !== "one" && (!address || !canCheckout)) throw redirect(STEP_PATH.one);
    if (address) {
      reached = "two";
      // Idempotent: the cart follows the chosen address's city (another tab, a sign-in merge
      // or an old cart may have left another one).
      if (!sameCity(cart.city, address.city))
        cart = await carts.setShipping(owner, { city: address.city });
      if (step === "two") options = await carts.shippingOptions(owner, address.city);
      if (cart.shippingMethod) reached = "three";
      else if (step === "three" || step === "four") throw redirect(STEP_PATH.two);
      // Spec §4: a missing payment method is cash on delivery (when COD can take the order).
      method = cart.payable <= 0 ? "COD" : (state.method ?? (cart.cod ? "COD" : null));
      if (method === "COD" && !cart.cod && cart.payable > 0) method = null;
      if (method && reached === "three") reached = "four";
      if (step === "four" && reached !== "four") throw redirect(STEP_PATH.three);
    }
    // Keenu's bank list (step three's choice, the review's bank name). Without it Keenu still
    // shows, with no bank to pick.
    if (step === "three" || (step === "four" && method === "Keenu"))
      banks = await services(context)
        .payments.keenuBanks()
        .catch(() => []);
  }
  const adding = url.pathname === ADD_ADDRESS;
  // A signed-in shopper's new address starts from what the shop already knows.
  const prefill =
    owner.userId && step === "one" && (adding || book.length === 0)
      ? addressPrefill(
          await services(context)
            .auth.me(owner.userId)
            .catch(() => null),
          book,
        )
      : null;
  return {
    step,
    reached,
    adding,
    prefill,
    signedIn,
    guestLogin: settings.guestLogin,
    cart,
    addresses: book,
    address,
    selectedId: chosen?._id ?? null,
    typed,
    options,
    method,
    /** Step three's radio: what was chosen, whatever COD's limit now says. */
    chosenMethod: state.method ?? null,
    bank: method === "Keenu" ? (banks.find((b) => b.bankId === state.bankId) ?? null) : null,
    ep: method === "easypaisa" ? (state.ep ?? null) : null,
    banks,
    // One key per review: a double submit or a retried post places one order.
    placeKey: step === "four" ? crypto.randomUUID() : "",
  };
}
