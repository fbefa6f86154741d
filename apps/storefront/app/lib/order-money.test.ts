import { describe, expect, it } from "vitest";
import { orderMoneyLine } from "./order-money";

const amount = (total: number, walletUsed = 0) => ({
  qty: 1,
  subtotal: total + walletUsed,
  oldSubtotal: total + walletUsed,
  discount: 0,
  promotionDiscount: 0,
  shipping: 0,
  tax: 0,
  walletUsed,
  total,
  currency: "PKR",
});

describe("orderMoneyLine", () => {
  it("shows the order's total beside what is still due on delivery, wallet part included", () => {
    expect(
      orderMoneyLine({
        status: "confirmed",
        payment: { method: "COD", status: "pending" },
        amount: amount(2_500, 500),
      }),
    ).toEqual({ total: "Total Rs. 3,000", due: "Rs. 2,500 due on delivery" });
  });

  it("says paid once paid, or paid from the wallet when it covered everything", () => {
    expect(
      orderMoneyLine({
        status: "confirmed",
        payment: { method: "HBL", status: "paid" },
        amount: amount(4_000),
      }),
    ).toEqual({ total: "Total Rs. 4,000", due: "paid" });
    expect(
      orderMoneyLine({
        status: "placed",
        payment: { method: "COD", status: "pending" },
        amount: amount(0, 1_200),
      }),
    ).toEqual({ total: "Total Rs. 1,200", due: "paid from wallet" });
  });

  it("an unpaid online order is to be paid online", () => {
    expect(
      orderMoneyLine({
        status: "awaiting_payment",
        payment: { method: "easypaisa", status: "pending" },
        amount: amount(1_999),
      }),
    ).toEqual({ total: "Total Rs. 1,999", due: "Rs. 1,999 to pay online" });
  });

  it("a cancelled order shows no amount due", () => {
    const line = orderMoneyLine({
      status: "cancelled",
      payment: { method: "COD", status: "pending" },
      amount: amount(2_500),
    });
    expect(line).toEqual({ total: "Total Rs. 2,500", due: "cancelled, nothing due" });
    expect(line.due).not.toMatch(/Rs\./);
  });
});
