import type { orderAddress } from "@maidan/contracts/orders";
import { Link } from "react-router";
import type { z } from "zod";
import { CHANGE_ADDRESS } from "./steps";

/** The address chosen at step one, as the later steps show it (phone as 03XXXXXXXXX). */
export type ChosenAddress = z.infer<typeof orderAddress> & {
  /** The address book entry's id, or null for a typed (guest) address. */
  savedId: string | null;
};

/** "Delivering to …" with a way back to step one. */
export function AddressSummary({ address: a, title }: { address: ChosenAddress; title: string }) {
  return (
    <div className="chosen">
      <div className="chosen__head">
        <h3>{title}</h3>
        <Link to={CHANGE_ADDRESS} aria-label="Change the delivery address">
          Change
        </Link>
      </div>
      <address>
        <strong>{a.fullName}</strong>
        <br />
        {a.address}
        {a.landmark ? `, ${a.landmark}` : ""}
        <br />
        {a.city}, {a.province} {a.zip ?? ""}
        <br />
        {a.phone}
        {a.email ? ` · ${a.email}` : ""}
      </address>
    </div>
  );
}
