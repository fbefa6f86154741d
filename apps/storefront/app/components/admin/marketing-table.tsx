import type { ReactNode } from "react";
import { formatDate } from "../../lib/format";

/** "1 Dec 2026 – no end": a voucher's or promotion's dates. */
export const datesText = (startsAt: string | null, endsAt: string | null) =>
  `${startsAt ? formatDate(startsAt) : "Now"} – ${endsAt ? formatDate(endsAt) : "no end"}`;

/** The list under a marketing screen's form: its rows, or what to say when there are none. */
export function MarketingTable(p: {
  count: number;
  empty: string;
  head: ReactNode;
  children: ReactNode;
}) {
  if (p.count === 0) return <p>{p.empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>{p.head}</tr>
        </thead>
        <tbody>{p.children}</tbody>
      </table>
    </div>
  );
}
