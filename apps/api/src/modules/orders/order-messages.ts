import type { PlaceOrderResult } from "@maidan/contracts/orders";
import type { DbOrTx } from "@maidan/db/database";
import type { OrderAddress } from "@maidan/db/schema-orders";
import type { Messages } from "../messages/messages.ts";

/**
 * The order's SMS (with the COD confirmation code and one-tap link when confirmation is on) and
 * its e-mail, for a COD order when placed and for an online one when its payment is verified.
 * Enqueued in the transaction that writes the order (decision 034): they go out exactly when the
 * order exists, and a job sends them, retrying a gateway that fails.
 */
export async function sendOrderMessages(
  tx: DbOrTx,
  messages: Messages,
  r: PlaceOrderResult,
  address: OrderAddress,
  confirm: { code: string; link: string } | null,
  /** Enqueued under this key (an event's id): a second call with it enqueues nothing. */
  key?: string,
) {
  const facts = {
    numbers: r.orders.map((o) => o.orderNo).join(", "),
    total: r.amount.total,
    // An online order is told only once its payment is verified (payments' settlement).
    cod: r.paymentMethod === "COD",
    confirm,
  };
  await messages.sms(tx, address.phone, { template: "order-placed", ...facts }, key);
  if (address.email)
    await messages.email(
      tx,
      address.email,
      {
        template: "order-placed",
        fullName: address.fullName,
        delivery: `${address.address}, ${address.city}, ${address.province}`,
        ...facts,
      },
      key,
    );
}

/** A new COD confirmation code, asked for by the shopper (the SMS only: the e-mail went once). */
export async function sendNewCode(
  tx: DbOrTx,
  messages: Messages,
  to: { phone: string; numbers: string },
  confirm: { code: string; link: string },
) {
  await messages.sms(tx, to.phone, {
    template: "cod-new-code",
    numbers: to.numbers,
    ...confirm,
  });
}
