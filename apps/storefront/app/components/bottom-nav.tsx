import { NavLink, useLocation } from "react-router";
import { useRootData } from "../lib/root-data";
import { loginDialog, opensLoginDialog } from "./account/login-dialog-store";

const items = [
  { to: "/", label: "Home", end: true },
  { to: "/explore", label: "Categories", end: false },
  { to: "/search", label: "Search", end: false },
  { to: "/wishlist", label: "Wishlist", end: false },
  { to: "/my", label: "Account", end: false },
];

/** The phone's tab bar; hidden on wider screens by CSS, so server and client render alike. */
export function BottomNav() {
  const { viewer } = useRootData();
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
            <NavLink to={item.to} end={item.end} onClick={signIn(item.to)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
