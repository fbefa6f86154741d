import { rupees } from "@maidan/contracts/money";
import { Link } from "react-router";
import { useRootData } from "../lib/root-data";

export function SiteFooter() {
  const { settings, shipping } = useRootData();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <h2>{settings.shopName}</h2>
          <p>{settings.description}</p>
          {shipping && (
            <p>
              {`Delivery by ${shipping.carrier} in ${shipping.etaDays} days`}
              {shipping.freeAbove !== null &&
                `, free on orders over ${rupees(shipping.freeAbove, settings.currency.symbol)}`}
              .
            </p>
          )}
        </section>
        <nav aria-label="Help">
          <h2>Help</h2>
          <ul>
            <li>
              <Link to="/help-center">Help center</Link>
            </li>
            <li>
              <Link to="/request-call-back">Request a call back</Link>
            </li>
            {settings.supportPhone && (
              <li>
                <a href={`tel:${settings.supportPhone}`}>{settings.supportPhone}</a>
              </li>
            )}
            {settings.supportEmail && (
              <li>
                <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label="Shop">
          <h2>Shop</h2>
          <ul>
            <li>
              <Link to="/new-arrivals">New arrivals</Link>
            </li>
            <li>
              <Link to="/sale">Sale</Link>
            </li>
            <li>
              <Link to="/apply-for-vendor">Sell on {settings.shopName}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container site-footer__legal">
        © {settings.shopName}. Prices in Pakistani rupees.
      </p>
    </footer>
  );
}
