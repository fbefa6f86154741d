import type { FreebieSummary, FreebieViewer } from "@maidan/contracts/freebies";
import { rupees } from "@maidan/contracts/money";
import { formatDate } from "../../lib/format";

/** The campaign's conditions as short lines, in the order a shopper asks about them. */
export function termLines(f: FreebieSummary): string[] {
  const lines = [
    f.minOrderValue > 0
      ? `On orders of ${rupees(f.minOrderValue)} or more`
      : "With any order, whatever its value",
    `Choose ${f.pickCount} of ${f.productCount} free ${f.productCount === 1 ? "product" : "products"}`,
  ];
  if (f.firstOrderOnly) lines.push("For your first order only");
  if (f.endsAt) lines.push(`Ends ${formatDate(f.endsAt)}`);
  return lines;
}

/** Where the signed-in shopper stands, in one sentence. */
export function standingText(v: FreebieViewer): string {
  if (!v.firstOrderMet) return "This freebie is for first orders, and you have ordered before.";
  if (v.qualifies) return `Your cart (${rupees(v.cartSubtotal)}) qualifies for this freebie.`;
  return `Add ${rupees(v.remaining)} more to your cart to qualify (your cart: ${rupees(v.cartSubtotal)}).`;
}
