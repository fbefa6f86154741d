import type { Role } from "@maidan/contracts/auth";
import { NavLink } from "react-router";

/**
 * Marketing and settings links (decision 061): vouchers, promotions and freebie campaigns for managers and admins, the shop's
 * settings for admins only; vendors see none.
 */
export function MarketingNav({ role }: { role: Role }) {
  if (role !== "manager" && role !== "admin") return null;
  return (
    <>
      <NavLink to="/admin/vouchers">Vouchers</NavLink>
      <NavLink to="/admin/promotions">Promotions</NavLink>
      <NavLink to="/admin/freebies">Freebies</NavLink>
      {role === "admin" && <NavLink to="/admin/settings">Settings</NavLink>}
    </>
  );
}
