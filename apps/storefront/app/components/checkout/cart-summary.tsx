import type { Cart } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import type { TaxDisplay } from "@maidan/contracts/site";
import { Link } from "react-router";
import { CartLines, CartTotals } from "./cart-lines";
import { CouponField } from "./coupon-field";

/**
 * The cart beside the steps (below them on a phone): its lines open at the first step and folded
 * into one line after it, its totals always in view. The voucher box is here so it can be used
 * from any step.
 */
export function CartSummary({
  cart,
  open,
  signedIn,
  taxDisplay,
}: {
  cart: Cart;
  open: boolean;
  signedIn: boolean;
  taxDisplay: TaxDisplay;
}) {
  return (
    <aside className="checkout__summary" aria-labelledby="cart-title">
      <details className="cart-summary" open={open}>
        <summary>
          <h2 id="cart-title" className="cart-summary__title">
            Your cart
          </h2>
          <span className="muted">
            {cart.qty} {cart.qty === 1 ? "item" : "items"} · {rupees(cart.subtotal)}
          </span>
        </summary>
        <CartLines cart={cart} taxDisplay={taxDisplay} />
      </details>
      <CartTotals cart={cart} taxDisplay={taxDisplay} />
      {signedIn ? (
        <CouponField cart={cart} />
      ) : (
        // Vouchers count their uses per account, so a guest is told how to use one.
        <p className="coupon-field coupon-field--guest" data-testid="guest-voucher">
          Have a voucher code? <Link to="/account/login?redirectTo=/checkout">Log in</Link> to use
          it: vouchers are used from an account.
        </p>
      )}
    </aside>
  );
}
