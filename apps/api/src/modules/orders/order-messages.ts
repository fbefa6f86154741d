import { rupees } from "@maidan/contracts/money";
import type { PlaceOrderResult } from "@maidan/contracts/orders";
import type { OrderAddress } from "@maidan/db/schema-orders";
import type { Mailer, SmsSender } from "../auth/messaging.ts";

/**
 * The order's SMS (with the COD confirmation code and one-tap link when confirmation is on) and
 * its e-mail, for a COD order when placed and for an online one when its payment is verified, through the same adapters as the login codes (dev outbox by default). Sent after the
 * commit: a failed send is logged and never undoes an order.
 */
export async function sendOrderMessages(
  m: { sms: SmsSender; mailer: Mailer; log: (msg: string) => void },
  r: PlaceOrderResult,
  address: OrderAddress,
  confirm: { code: string; link: string } | null,
) {
  const numbers = r.orders.map((o) => o.orderNo).join(", ");
  const total = rupees(r.amount.total);
  // An online order is told only once its payment is verified (payments' settlement).
  const cod = r.paymentMethod === "COD";
  const sms = confirm
    ? `Maidan: confirm your cash-on-delivery order ${numbers} (${total}) with code ${confirm.code}, or tap ${confirm.link}`
    : cod
      ? `Maidan: thank you! Order ${numbers} (${total}, cash on delivery) is placed.`
      : `Maidan: thank you! Order ${numbers} (${total}) is paid and confirmed.`;
  await m.sms
    .send(address.phone, sms)
    .catch((e) => m.log(`orders: sms failed: ${(e as Error).message}`));
  if (address.email) {
    const lines = [
      `Dear ${address.fullName},`,
      "",
      `Thank you for your order ${numbers}. Total ${total}, ${cod ? "paid in cash on delivery" : "paid online"}.`,
      confirm
        ? `Please confirm it with the code ${confirm.code} from your SMS, or open ${confirm.link}`
        : "We will let you know when it ships.",
      "",
      `Delivery to: ${address.address}, ${address.city}, ${address.province}`,
    ];
    await m.mailer
      .send({ to: address.email, subject: `Your Maidan order ${numbers}`, text: lines.join("\n") })
      .catch((e) => m.log(`orders: e-mail failed: ${(e as Error).message}`));
  }
}

/** A new COD confirmation code, asked for by the shopper (the SMS only: the e-mail went once). */
export async function sendNewCode(
  m: { sms: SmsSender; log: (msg: string) => void },
  to: { phone: string; numbers: string },
  confirm: { code: string; link: string },
) {
  await m.sms
    .send(
      to.phone,
      `Maidan: your new code for order ${to.numbers} is ${confirm.code}, or tap ${confirm.link}`,
    )
    .catch((e) => m.log(`orders: sms failed: ${(e as Error).message}`));
}
