import { rupees } from "@maidan/contracts/money";
import type { OrderSummary } from "@maidan/contracts/orders";

/**
 * An order's money in one line, as /my/orders lists it: the order's total (what it cost, the
 * wallet's part included) and beside it what is still due and how, or that nothing is. A
 * cancelled order owes nothing, so it shows no amount due.
 */
export function orderMoneyLine(o: Pick<OrderSummary, "status" | "payment" | "amount">): {
  total: string;
  due: string | null;
} {
  const total = `Total ${rupees(o.amount.total + o.amount.walletUsed)}`;
  const due = o.amount.total;
  if (o.status === "cancelled")
    return {
      total,
      due:
        o.payment.status === "refunded"
          ? "cancelled, refunded"
          : o.payment.status === "refund_due"
            ? "cancelled, refund on its way"
            : "cancelled, nothing due",
    };
  if (o.payment.status === "paid" || due <= 0)
    return { total, due: o.amount.walletUsed > 0 && due <= 0 ? "paid from wallet" : "paid" };
  if (o.status === "awaiting_payment") return { total, due: `${rupees(due)} to pay online` };
  return { total, due: `${rupees(due)} due on delivery` };
}
