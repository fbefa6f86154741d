import { Link, Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { useRootData } from "../lib/root-data";

/** Support (help center): the page with the ways to reach the shop beside it. */
export default function SupportLayout() {
  const { supportPhone, supportEmail } = useRootData().settings;
  return (
    <div className="layout layout--support">
      <SiteHeader />
      <div className="layout__main container with-aside">
        <aside className="side-menu" aria-label="Contact us">
          <h2>Need a hand?</h2>
          <ul>
            <li>
              <Link to="/request-call-back">Request a call back</Link>
            </li>
            {supportPhone && (
              <li>
                <a href={`tel:${supportPhone}`}>{supportPhone}</a>
              </li>
            )}
            {supportEmail && (
              <li>
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </li>
            )}
          </ul>
        </aside>
        <main id="main">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
