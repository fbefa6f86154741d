import { Outlet } from "react-router";
import { CompactHeader } from "../components/compact-header";
import { SiteFooter } from "../components/site-footer";

/** Header layout: the slim header and the footer, for single-task forms. */
export default function HeaderLayout() {
  return (
    <div className="layout layout--header">
      <CompactHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
