import type { Role } from "@maidan/contracts/auth";
import { NavLink } from "react-router";

/**
 * The overview screens' links (decision 047): managers and admins only, vendors see none. The
 * role is compared here rather than with the contracts' `hasRole`: importing it into the admin
 * layout's chunk changed the shared chunk every storefront page loads (decision 044's budget).
 */
export function OverviewNav({ role }: { role: Role }) {
  if (role !== "manager" && role !== "admin") return null;
  return (
    <>
      <NavLink to="/admin" end>
        Dashboard
      </NavLink>
      <NavLink to="/admin/cod">COD queue</NavLink>
      <NavLink to="/admin/payments">Payments</NavLink>
      <NavLink to="/admin/jobs">Jobs</NavLink>
      <NavLink to="/admin/audit">Audit</NavLink>
      <NavLink to="/admin/cod-collections">COD cash</NavLink>
      <NavLink to="/admin/refused-phones">Refused phones</NavLink>
      <NavLink to="/admin/vendor-applications">Vendors</NavLink>
      <NavLink to="/admin/call-backs">Call-backs</NavLink>
      <NavLink to="/admin/referrals">Referrals</NavLink>
      <NavLink to="/admin/disputes">Disputes</NavLink>
      <NavLink to="/admin/lucky-draws">Lucky draws</NavLink>
      <NavLink to="/admin/content/categories">Categories</NavLink>
      <NavLink to="/admin/content/banners">Content</NavLink>
    </>
  );
}
