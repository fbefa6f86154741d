import { NavLink, Outlet } from "react-router";
import { BottomNav } from "../components/bottom-nav";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

const accountLinks = [
  { to: "/my", label: "Dashboard", end: true },
  { to: "/my/orders", label: "Orders", end: false },
  { to: "/my/wallet", label: "Wallet", end: false },
  { to: "/my/vouchers", label: "Vouchers", end: false },
  { to: "/my/reviews", label: "Reviews", end: false },
  { to: "/my/disputes", label: "Disputes", end: false },
  { to: "/my/address", label: "Addresses", end: false },
  { to: "/my/account", label: "Account details", end: false },
  { to: "/my/referral", label: "Referral", end: false },
];

/** Account area (/my/*, /account/*): the account menu beside the page. */
export default function AccountLayout() {
  return (
    <div className="layout layout--account has-bottom-nav">
      <SiteHeader />
      <div className="layout__main container with-aside">
        <nav className="side-menu" aria-label="Your account">
          <ul>
            {accountLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
      <BottomNav />
    </div>
  );
}
