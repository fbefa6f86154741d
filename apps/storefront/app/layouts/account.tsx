import { NavLink, Outlet, useLocation } from "react-router";
import { BottomNav } from "../components/bottom-nav";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

const accountLinks = [
  { to: "/my", label: "Dashboard", end: true },
  { to: "/my/orders", label: "Orders", end: false },
  { to: "/my/wallet", label: "Wallet", end: false },
  { to: "/my/vouchers", label: "Vouchers", end: false },
  { to: "/myfreebies", label: "Freebies", end: false },
  { to: "/my/reviews", label: "Reviews", end: false },
  { to: "/my/disputes", label: "Disputes", end: false },
  { to: "/my/address", label: "Addresses", end: false },
  { to: "/my/account", label: "Account details", end: false },
  { to: "/my/referral", label: "Referral", end: false },
  { to: "/my/earnings", label: "Earnings", end: false },
];

/**
 * Account area (/my/*, /account/*). The account menu is for the signed-in /my pages only: on the
 * sign-in pages (/account/login, signup, forgot and reset password, verify) it offered pages an
 * anonymous visitor cannot open and pushed the form below the fold on phones.
 */
export default function AccountLayout() {
  const { pathname } = useLocation();
  const withMenu =
    pathname === "/my" || pathname.startsWith("/my/") || /^\/myfreebies(\/|$)/.test(pathname);
  return (
    <div className="layout layout--account has-bottom-nav">
      <SiteHeader />
      <div className={`layout__main container${withMenu ? " with-aside" : ""}`}>
        {withMenu && (
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
        )}
        <main id="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
      <BottomNav />
    </div>
  );
}
