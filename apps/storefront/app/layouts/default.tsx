import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

/** Default: full header and footer, no tab bar. */
export default function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
