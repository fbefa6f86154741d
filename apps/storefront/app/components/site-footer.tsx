import { rupees } from "@maidan/contracts/money";
import { Link } from "react-router";
import { useRootData } from "../lib/root-data";

/**
 * The shop's foot: who we are, how delivery, payment and returns work, and every page a shopper
 * looks for (the columns come with the root's data: lib/footer-links.server.ts).
 */
export function SiteFooter() {
  const { settings, shipping, footer = [] } = useRootData();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about">
          <h2>{settings.shopName}</h2>
          <p>{settings.description}</p>
          <ul className="site-footer__promises">
            {shipping && (
              <li>
                {`Delivery by ${shipping.carrier} in ${shipping.etaDays} days`}
                {shipping.freeAbove !== null &&
                  `, free on orders over ${rupees(shipping.freeAbove, settings.currency.symbol)}`}
              </li>
            )}
            <li>Cash on delivery all over Pakistan</li>
            <li>7-day easy returns</li>
          </ul>
          {(settings.supportPhone || settings.supportEmail) && (
            <p className="site-footer__contact">
              {settings.supportPhone && (
                <a href={`tel:${settings.supportPhone}`}>{settings.supportPhone}</a>
              )}
              {settings.supportEmail && (
                <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
              )}
            </p>
          )}
        </section>
        {footer.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul className="site-footer__links">
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label.replace("Maidan", settings.shopName)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="container site-footer__legal">
        © {settings.shopName}. Prices in Pakistani rupees.
      </p>
    </footer>
  );
}
