import { NavLink, useLocation } from "react-router";
import { useRootData } from "../lib/root-data";
import { loginDialog, opensLoginDialog } from "./account/login-dialog-store";

const items = [
  { to: "/", label: "Home", end: true },
  { to: "/explore", label: "Categories", end: false },
  { to: "/search", label: "Search", end: false },
  { to: "/checkout", label: "Cart", end: false },
  { to: "/wishlist", label: "Wishlist", end: false },
  { to: "/my", label: "Account", end: false },
];

/**
 * The phone's tab bar; hidden on wider screens by CSS, so server and client render alike. It
 * carries the cart with its count: the header's cart link is a desktop-only action.
 */
export function BottomNav() {
  const { viewer, cartQty, unread } = useRootData();
  const { pathname } = useLocation();
  // An anonymous tap on Account signs in through the dialog, then goes on to /my.
  const signIn = (to: string) => (e: { preventDefault(): void }) => {
    if (to !== "/my" || viewer || !opensLoginDialog(pathname)) return;
    e.preventDefault();
    loginDialog.open("Log in", { redirectTo: "/my" });
  };
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            {/* data-n: the unread notifications, drawn on the Account tab by chrome.css. */}
            <NavLink to={item.to} end={item.end} onClick={signIn(item.to)} data-n={unread}>
              {item.label}
              {item.to === "/checkout" && (
                <span
                  className="cart-count"
                  aria-label={`${cartQty} items in cart`}
                  aria-live="polite"
                >
                  {cartQty}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
