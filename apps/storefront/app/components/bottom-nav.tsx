import { NavLink } from "react-router";

const items = [
  { to: "/", label: "Home", end: true },
  { to: "/explore", label: "Categories", end: false },
  { to: "/search", label: "Search", end: false },
  { to: "/wishlist", label: "Wishlist", end: false },
  { to: "/my", label: "Account", end: false },
];

/** The phone's tab bar; hidden on wider screens by CSS, so server and client render alike. */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
