import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import { orderAddressInput } from "@maidan/contracts/orders";
import { type RouterContextProvider, redirect } from "react-router";
import { STEP_PATH } from "../../components/checkout/steps";
import { type ActionFeedback, clientIp, formObject } from "../../lib/account.server";
import { cartOwner } from "../../lib/cart.server";
import { log } from "../../lib/log.server";
import { MESSAGES, methodOffered, ONLINE_METHODS } from "../../lib/payment-handoff";
import { services } from "../../lib/services.server";
import {
  ADDRESS_FIELDS,
  type CheckoutState,
  clearCheckoutState,
  readCheckoutState,
  saveCheckoutState,
  type TypedAddress,
  validTyped,
} from "./checkout-state.server";

type Context = Readonly<RouterContextProvider>;
export type CartFeedback = ActionFeedback & {
  qty?: number;
  /** A refused typed address, to fill the form again (a page without JavaScript re-renders). */
  values?: TypedAddress;
};

const int = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : Number.NaN);
const ONLINE: readonly string[] = ONLINE_METHODS.map(([m]) => m);
/** A method whose gateway PAYMENTS_DISABLED switched off (decision 024). */
export const SWITCHED_OFF =
  "This payment method is switched off at this shop. Please choose another payment method.";
export const SOMETHING_WRONG = "Sorry, Something went Wrong!";
export const UNEXPECTED = "Something went wrong. Please try again.";

/**
 * Spec §8 "a thrown error in the cash flow is shown as the error": a service's own error (an
 * AppError: a message and an HTTP status, 4xx or 5xx) is shown word for word. Anything else was
 * not meant for shoppers (a driver's or a programming error): it is logged and shown as
 * UNEXPECTED, so no SQL or stack text reaches the page (decision 020).
 */
export function checkoutFailure(e: unknown): CartFeedback {
  if (e instanceof Response) throw e;
  const status = (e as { status?: unknown } | null)?.status;
  if (e instanceof Error && Number.isInteger(status) && e.message) {
    if ((status as number) >= 500) log().error({ err: e }, "checkout: service failed");
    return { ok: false, message: e.message };
  }
  log().error({ err: e }, "checkout: unexpected failure");
  return { ok: false, message: UNEXPECTED };
}

/**
 * The cart and checkout form posts, switched on `intent`: the cart's lines (add, quick-add,
 * set, remove), voucher and wallet, the steps (address, create, delivery, payment) and place.
 * A step that is done redirects to the next one (post, redirect, get: reload and back are safe).
 */
export async function checkoutAction(request: Request, context: Context) {
  const input = formObject(await request.formData());
  const owner = cartOwner(context);
  const { carts } = services(context);
  const state = readCheckoutState(request);
  const next = (step: string, changed: CheckoutState) =>
    redirect(step, { headers: { "Set-Cookie": saveCheckoutState(request, changed) } });
  try {
    switch (input.intent) {
      case "add": {
        const cart = await carts.add(owner, {
          pid: input.pid,
          vid: input.vid,
          qty: int(input.qty ?? "1"),
        });
        return { ok: true, message: "Added to cart", qty: cart.qty };
      }
      case "quick-add":
        return await quickAdd(input, context);
      case "set": {
        const qty = int(input.qty);
        if (qty === 0) {
          await carts.remove(owner, input.vid ?? "");
          return { ok: true, message: "Removed from cart" };
        }
        await carts.setQty(owner, input.vid ?? "", { qty });
        return { ok: true, message: "Quantity updated" };
      }
      case "remove":
        await carts.remove(owner, input.vid ?? "");
        return { ok: true, message: "Removed from cart" };
      case "wallet":
        await carts.setUseWallet(owner, { useWallet: input.useWallet === "on" });
        return {
          ok: true,
          message: input.useWallet === "on" ? "Wallet balance applied" : "Wallet balance removed",
        };
      case "coupon":
        await carts.applyCoupon(owner, { code: input.code ?? "" });
        return { ok: true, message: "Voucher applied" };
      case "coupon-remove":
        await carts.removeCoupon(owner);
        return { ok: true, message: "Voucher removed" };
      case "address": {
        const chosen = await chooseAddress(input, context);
        if ("message" in chosen) return chosen;
        await carts.setShipping(owner, { city: chosen.city });
        throw next(STEP_PATH.two, { ...state, address: chosen.address });
      }
      case "create": {
        // The address book's own form, at /checkout/changeShippingAddress/add.
        if (!owner.userId) return { ok: false, message: "Please log in to continue." };
        const saved = await services(context).addresses.create(owner.userId, {
          ...input,
          isDefault: input.isDefault === "on",
        });
        await carts.setShipping(owner, { city: saved.city });
        throw next(STEP_PATH.two, { ...state, address: saved._id });
      }
      case "delivery": {
        const city = await cityOf(state, context);
        if (!city) throw redirect(STEP_PATH.one);
        await carts.setShipping(owner, { methodId: input.methodId || null, city });
        throw next(STEP_PATH.three, state);
      }
      case "payment": {
        const method = input.paymentMethod || "COD";
        if (method === "Stripe") return { ok: false, message: MESSAGES.stripe };
        if (method !== "COD" && !ONLINE.includes(method))
          return { ok: false, message: MESSAGES.unknown(method) };
        if (
          method !== "COD" &&
          !methodOffered(method, services(context).payments.availability().gateways)
        )
          return { ok: false, message: SWITCHED_OFF };
        if (method === "Keenu" && !input.bankId) return { ok: false, message: "Choose your bank" };
        throw next(STEP_PATH.four, {
          ...state,
          method,
          bankId: method === "Keenu" ? input.bankId : undefined,
          ep: method === "easypaisa" ? input.paymentMethod_ep : undefined,
        });
      }
      case "place":
        return await place(input, state, context, request);
      default:
        return { ok: false, message: "Unknown action" };
    }
  } catch (e) {
    return checkoutFailure(e);
  }
}

/** Province of a city (a page without JavaScript offers every city under any province). */
const provinceOf = (city: string) =>
  Object.keys(PAKISTAN_CITIES).find((p) => PAKISTAN_CITIES[p]?.includes(city));

/** Step one's choice: a saved address of the shopper's, or a typed one that the API would take. */
async function chooseAddress(
  input: Record<string, string>,
  context: Context,
): Promise<{ address: CheckoutState["address"]; city: string } | CartFeedback> {
  const { userId } = cartOwner(context);
  if (input.addressId) {
    if (!userId) return { ok: false, message: "Please log in to use a saved address." };
    const saved = await services(context).addresses.get(userId, input.addressId);
    return { address: saved._id, city: saved.city };
  }
  const typed: TypedAddress = {};
  for (const f of ADDRESS_FIELDS) if (input[f]) typed[f] = input[f];
  const province = typed.city ? provinceOf(typed.city) : undefined;
  if (province && !PAKISTAN_CITIES[typed.province ?? ""]?.includes(typed.city ?? ""))
    typed.province = province;
  const ok = validTyped(typed);
  if (!ok) {
    const issue = orderAddressInput.safeParse(typed).error?.issues[0];
    return { ok: false, message: issue?.message ?? "Check the address", values: typed };
  }
  return { address: typed, city: ok.city };
}

/** The city of the chosen address, or null when there is none (or it is no longer there). */
export async function cityOf(state: CheckoutState, context: Context): Promise<string | null> {
  const a = state.address;
  if (!a) return null;
  if (typeof a !== "string") return validTyped(a)?.city ?? null;
  const { userId } = cartOwner(context);
  if (!userId) return null;
  return services(context)
    .addresses.get(userId, a)
    .then((saved) => saved.city)
    .catch(() => null);
}

/**
 * Listing tiles add without a size to pick: a product with one variant goes in the cart. Any
 * other, or one that cannot be added now (sold out, stock used up), opens its page, which shows
 * the options and the stock; the tile itself shows no message (it stays plain markup).
 */
async function quickAdd(input: Record<string, string>, context: Context): Promise<CartFeedback> {
  const product = input.slug ? await services(context).catalog.detail(input.slug) : null;
  if (!product || product._id !== input.pid) return { ok: false, message: "Product not found" };
  const [only, ...more] = product.variants;
  const page = redirect(`/${product.slug}`);
  if (!only || more.length > 0) throw page;
  try {
    const cart = await services(context).carts.add(cartOwner(context), {
      pid: product._id,
      vid: only._id,
      qty: 1,
    });
    return { ok: true, message: "Added to cart", qty: cart.qty };
  } catch (e) {
    if ((e as { status?: number }).status === 409) throw page;
    throw e;
  }
}

async function place(
  input: Record<string, string>,
  state: CheckoutState,
  context: Context,
  request: Request,
): Promise<CartFeedback> {
  const chosen = state.address;
  const address = typeof chosen === "string" ? chosen : chosen ? validTyped(chosen) : null;
  if (!address) throw redirect(STEP_PATH.one);
  const paymentMethod = input.paymentMethod || state.method || "COD";
  // The online hand-off is a script (payments); a page without one can only pay cash.
  if (ONLINE.includes(paymentMethod))
    return {
      ok: false,
      message:
        "Paying online needs JavaScript. Turn it on, or choose cash on delivery at the payment step.",
    };
  const owner = cartOwner(context);
  const result = await services(context).orders.place(
    owner,
    { address, paymentMethod, useWallet: input.useWallet === "on" },
    {
      idempotencyKey: input.idempotencyKey || null,
      ip: clientIp(request),
    },
  );
  // Spec §5: a cash-on-delivery response without an orders list is a failure.
  if (!result?.orders?.length) return { ok: false, message: SOMETHING_WRONG };
  const q = new URLSearchParams({
    id: result.orders.map((o) => o._id).join(","),
    amount: String(result.amount.total),
  });
  throw redirect(`${owner.userId ? "/order-success" : "/order-success-guest"}?${q}`, {
    headers: { "Set-Cookie": clearCheckoutState(request) },
  });
}
