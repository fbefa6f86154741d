import type { Cart } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import { Form } from "react-router";

/**
 * The voucher code box at checkout. A plain form post (works before scripts load); the server
 * checks the code and prices the discount, and its 4xx message comes back as the page's feedback.
 */
export function CouponField({ cart }: { cart: Cart }) {
  if (cart.coupon)
    return (
      <Form method="post" className="coupon-field" id="voucher">
        <input type="hidden" name="intent" value="coupon-remove" />
        <p>
          Voucher <strong>{cart.coupon.code}</strong> applied: −{rupees(cart.coupon.discount)}
        </p>
        <button type="submit" className="button">
          Remove voucher
        </button>
      </Form>
    );
  return (
    <Form method="post" className="coupon-field" id="voucher">
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor="voucher-code">Voucher code</label>
      <input
        id="voucher-code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={40}
        required
      />
      <button type="submit" className="button">
        Apply
      </button>
    </Form>
  );
}
