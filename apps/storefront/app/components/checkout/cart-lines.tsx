import type { Cart } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import type { TaxDisplay } from "@maidan/contracts/site";
import { useFetcher } from "react-router";
import { useFeedback } from "../account/use-feedback";

/**
 * The cart's lines with quantity steppers and remove (each change posts to the page's own
 * action, so the step stays where it is), or read-only for the review step.
 */
export function CartLines({
  cart,
  readOnly = false,
  taxDisplay,
}: {
  cart: Cart;
  readOnly?: boolean;
  taxDisplay: TaxDisplay;
}) {
  return (
    <ul className="cart-lines">
      {cart.items.map((item) =>
        readOnly ? (
          <ReadOnlyLine key={item._id} item={item} taxDisplay={taxDisplay} />
        ) : (
          <CartLine key={item._id} item={item} taxDisplay={taxDisplay} />
        ),
      )}
      {cart.promo && <GiftLine gift={cart.promo} />}
    </ul>
  );
}

/** The promotion's free gift: no stepper, price 0. */
function GiftLine({ gift }: { gift: NonNullable<Cart["promo"]> }) {
  const { item } = gift;
  const details = [item.variant.size, item.variant.color].filter(Boolean).join(" · ");
  return (
    <li className="cart-line cart-line--gift" aria-label={`Free gift: ${item.product.name}`}>
      {item.product.img && (
        <img src={item.product.img} alt="" width={64} height={64} loading="lazy" />
      )}
      <div className="cart-line__info">
        <a href={`/${item.product.slug}`}>{item.product.name}</a>
        {details && <div className="muted">{details}</div>}
        <div>
          <span className="gift-badge">Free gift</span> {gift.name}
        </div>
      </div>
      <strong className="cart-line__total">{rupees(0)}</strong>
    </li>
  );
}

type Item = Cart["items"][number];

/** Sales tax inside a line's price, when the shop shows it per item. */
function LineTax({ item, taxDisplay }: { item: Item; taxDisplay: TaxDisplay }) {
  if (taxDisplay !== "per_item" || item.tax <= 0) return null;
  return <div className="muted">incl. {rupees(item.tax)} sales tax</div>;
}

/** A line's picture, name, options and price, as both kinds of line show them. */
function LineHead({
  item,
  taxDisplay,
  link,
}: {
  item: Item;
  taxDisplay: TaxDisplay;
  link: boolean;
}) {
  const details = [item.variant.size, item.variant.color].filter(Boolean).join(" · ");
  return (
    <>
      {item.product.img && (
        <img src={item.product.img} alt="" width={64} height={64} loading="lazy" />
      )}
      <div className="cart-line__info">
        {link ? <a href={`/${item.product.slug}`}>{item.product.name}</a> : item.product.name}
        {details && <div className="muted">{details}</div>}
        <div>{link ? rupees(item.price) : `${item.qty} × ${rupees(item.price)}`}</div>
        <LineTax item={item} taxDisplay={taxDisplay} />
        {link && !item.available && (
          <div className="cart-line__warn" role="alert">
            {item.variant.stock > 0 ? `Only ${item.variant.stock} left in stock` : "Out of stock"}
          </div>
        )}
      </div>
    </>
  );
}

function ReadOnlyLine({ item, taxDisplay }: { item: Item; taxDisplay: TaxDisplay }) {
  return (
    <li className="cart-line">
      <LineHead item={item} taxDisplay={taxDisplay} link={false} />
      <strong className="cart-line__total">{rupees(item.subtotal)}</strong>
    </li>
  );
}

function CartLine({ item, taxDisplay }: { item: Item; taxDisplay: TaxDisplay }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useFeedback(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <li className="cart-line">
      <LineHead item={item} taxDisplay={taxDisplay} link />
      <fetcher.Form method="post" className="qty-stepper">
        <input type="hidden" name="vid" value={item._id} />
        <input type="hidden" name="intent" value="set" />
        {/* Each button carries the quantity it sets; 0 removes the line. */}
        <button
          type="submit"
          name="qty"
          value={item.qty - 1}
          disabled={busy}
          aria-label={`One less ${item.product.name}`}
        >
          −
        </button>
        <output aria-label="Quantity">{item.qty}</output>
        <button
          type="submit"
          name="qty"
          value={item.qty + 1}
          disabled={busy}
          aria-label={`One more ${item.product.name}`}
        >
          +
        </button>
        <button
          type="submit"
          name="qty"
          value="0"
          className="link-button"
          disabled={busy}
          aria-label={`Remove ${item.product.name}`}
        >
          Remove
        </button>
      </fetcher.Form>
      <strong className="cart-line__total">{rupees(item.subtotal)}</strong>
    </li>
  );
}

/**
 * The amounts, all computed by the server. Prices include sales tax; the shop's setting says
 * whether its amount shows. `toPay`: always end with what is left to pay (the review step).
 */
export function CartTotals({
  cart,
  taxDisplay,
  toPay = false,
}: {
  cart: Cart;
  taxDisplay: TaxDisplay;
  toPay?: boolean;
}) {
  return (
    <dl className="cart-totals">
      <dt>
        Subtotal ({cart.qty} {cart.qty === 1 ? "item" : "items"})
      </dt>
      <dd>{rupees(cart.subtotal)}</dd>
      {cart.offer_total > 0 && (
        <>
          <dt>You save</dt>
          <dd>{rupees(cart.offer_total)}</dd>
        </>
      )}
      {cart.promotion && (
        <>
          <dt>Promotion: {cart.promotion.name}</dt>
          <dd>−{rupees(cart.promotion.discount)}</dd>
        </>
      )}
      {cart.coupon && (
        <>
          <dt>Voucher {cart.coupon.code}</dt>
          <dd>−{rupees(cart.coupon.discount)}</dd>
        </>
      )}
      <dt>Shipping{cart.shippingMethod ? ` (${cart.shippingMethod.name})` : ""}</dt>
      <dd>{cart.shippingString || rupees(0)}</dd>
      {taxDisplay !== "hidden" && cart.totalTaxByQty > 0 && (
        <>
          <dt>Includes sales tax</dt>
          <dd>{rupees(cart.totalTaxByQty)}</dd>
        </>
      )}
      <dt className="cart-totals__total">Total</dt>
      <dd className="cart-totals__total">{rupees(cart.total)}</dd>
      {cart.walletUsed > 0 && (
        <>
          <dt>Paid from wallet</dt>
          <dd>−{rupees(cart.walletUsed)}</dd>
        </>
      )}
      {(toPay || cart.walletUsed > 0) && (
        <>
          <dt className="cart-totals__total">To pay</dt>
          <dd className="cart-totals__total">{rupees(cart.payable)}</dd>
        </>
      )}
    </dl>
  );
}
