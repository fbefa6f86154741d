import { Outlet } from "react-router";
import { SiteHeader } from "../components/site-header";

/** Only header: nothing below the page to distract (checkout). */
export default function OnlyHeaderLayout() {
  return (
    <div className="layout layout--only-header">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
    </div>
  );
}
