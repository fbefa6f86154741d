import { describe, expect, it } from "vitest";
import { parcelsNote, parcelsOf } from "./parcels";

const line = (vendor: string, qty: number) => ({
  qty,
  product: { vendor: { _id: vendor.toLowerCase(), name: vendor } },
});

describe("parcels", () => {
  it("makes one parcel per seller, counting units, in the cart's order", () => {
    expect(
      parcelsOf([line("Karachi Kicks", 1), line("Lahore Sports", 1), line("Karachi Kicks", 1)]),
    ).toEqual([
      { seller: "Karachi Kicks", units: 2 },
      { seller: "Lahore Sports", units: 1 },
    ]);
  });

  it("announces several parcels and says nothing about one", () => {
    expect(parcelsNote(parcelsOf([line("Karachi Kicks", 3)]))).toBeNull();
    expect(parcelsNote(parcelsOf([line("Karachi Kicks", 2), line("Lahore Sports", 1)]))).toBe(
      "Arrives in 2 parcels from 2 sellers: Karachi Kicks (2 items), Lahore Sports (1 item). Each seller sends its own, with its own order number.",
    );
  });
});
