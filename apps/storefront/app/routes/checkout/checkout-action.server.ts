import { type RouterContextProvider, redirect } from "react-router";
import { type ActionFeedback, failure, formObject } from "../../lib/account.server";
import { cartOwner } from "../../lib/cart.server";
import { services } from "../../lib/services.server";

type Context = Readonly<RouterContextProvider>;
export type CartFeedback = ActionFeedback & { qty?: number };

const int = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : Number.NaN);

/**
 * The cart and checkout form posts, switched on `intent`: add (from the product page), set,
 * remove, shipping, place. Placing redirects to the order-success page (spec §2).
 */
export async function checkoutAction(request: Request, context: Context): Promise<CartFeedback> {
  const input = formObject(await request.formData());
  const owner = cartOwner(context);
  const { carts } = services(context);
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
      case "shipping":
        await carts.setShipping(owner, {
          methodId: input.methodId || null,
          city: input.city || null,
        });
        return { ok: true, message: "Delivery updated" };
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
      case "place":
        return await place(input, owner.userId !== null, context, request);
      default:
        return { ok: false, message: "Unknown action" };
    }
  } catch (e) {
    return failure(e);
  }
}

async function place(
  input: Record<string, string>,
  signedIn: boolean,
  context: Context,
  request: Request,
): Promise<CartFeedback> {
  const address = input.addressId
    ? input.addressId
    : {
        fullName: input.fullName ?? "",
        phone: input.phone ?? "",
        province: input.province ?? "",
        city: input.city ?? "",
        address: input.address ?? "",
        landmark: input.landmark || null,
        zip: input.zip || null,
        email: input.email || null,
      };
  const result = await services(context).orders.place(
    cartOwner(context),
    { address, paymentMethod: input.paymentMethod || "COD", useWallet: input.useWallet === "on" },
    { idempotencyKey: input.idempotencyKey || null, origin: new URL(request.url).origin },
  );
  // Spec §5: a cash-on-delivery response without an orders list is a failure.
  if (!result.orders?.length) return { ok: false, message: "Sorry, Something went Wrong!" };
  const q = new URLSearchParams({
    id: result.orders.map((o) => o._id).join(","),
    amount: String(result.amount.total),
  });
  throw redirect(`${signedIn ? "/order-success" : "/order-success-guest"}?${q}`);
}
