import { Form, Link, NavLink, useLocation } from "react-router";
import { useRootData } from "../lib/root-data";
import { loginDialog, opensLoginDialog } from "./account/login-dialog-store";
import { SearchForm } from "./search-form";

/** Logo, search, account links and the category bar. Plain links: it works without JavaScript. */
export function SiteHeader() {
  const { categories, viewer, cartQty, unread } = useRootData();
  const location = useLocation();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="logo" aria-label="Maidan home">
          Maidan
        </Link>
        <SearchForm />
        {/* The bell: drawn by chrome.css, its count from data-n (the header's script is counted
            in bytes); for everyone, signed out it leads to the login. */}
        <NavLink
          to="/notifications"
          aria-label={`${unread} unread notifications`}
          data-n={unread}
        />
        <nav className="site-header__actions" aria-label="Your shop">
          <NavLink to="/wishlist">Wishlist</NavLink>
          {viewer ? (
            <>
              <NavLink to="/my" className="site-header__user">
                {viewer.name}
              </NavLink>
              <Form method="post" action="/account/logout" className="site-header__logout">
                <button type="submit" className="link-button">
                  Log out
                </button>
              </Form>
            </>
          ) : (
            <NavLink
              to="/account/login"
              onClick={(e) => {
                // With JavaScript, shop pages sign in through the dialog and stay where they are.
                if (!opensLoginDialog(location.pathname)) return;
                e.preventDefault();
                loginDialog.open("Log in", { redirectTo: location.pathname + location.search });
              }}
            >
              Log in
            </NavLink>
          )}
          <NavLink to="/checkout" className="site-header__cart">
            Cart{" "}
            <span className="cart-count" aria-label={`${cartQty} items in cart`} aria-live="polite">
              {cartQty}
            </span>
          </NavLink>
        </nav>
      </div>
      {categories.length > 0 && (
        <nav className="category-nav" aria-label="Categories">
          <ul className="container">
            <li>
              <NavLink to="/sale">Sale</NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <NavLink to={`/${category.slug}`}>{category.name}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
