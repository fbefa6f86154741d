/**
 * A checkout becomes one order, and one parcel, per seller (place-order.ts splits it by vendor).
 * The review says so before "Place order", and the order-success page lists each one.
 */
export type Parcel = { seller: string; units: number };

/** The parcels a cart's lines make, in the order their sellers first appear. */
export function parcelsOf(
  lines: readonly { qty: number; product: { vendor: { _id: string; name: string } } }[],
): Parcel[] {
  const bySeller = new Map<string, Parcel>();
  for (const l of lines) {
    const p = bySeller.get(l.product.vendor._id) ?? { seller: l.product.vendor.name, units: 0 };
    p.units += l.qty;
    bySeller.set(l.product.vendor._id, p);
  }
  return [...bySeller.values()];
}

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** "Arrives in 2 parcels from 2 sellers: Karachi Kicks (2 items), Lahore Sports (1 item)." */
export function parcelsNote(parcels: readonly Parcel[]): string | null {
  if (parcels.length < 2) return null;
  const list = parcels.map((p) => `${p.seller} (${items(p.units)})`).join(", ");
  return `Arrives in ${parcels.length} parcels from ${parcels.length} sellers: ${list}. Each seller sends its own, with its own order number.`;
}
