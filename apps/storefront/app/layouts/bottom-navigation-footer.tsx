import { Outlet } from "react-router";
import { BottomNav } from "../components/bottom-nav";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

/** Bottom navigation with footer: the browsing pages (categories, products, sale, search). */
export default function BottomNavigationFooterLayout() {
  return (
    <div className="layout layout--bottom-navigation-footer has-bottom-nav">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
      <BottomNav />
    </div>
  );
}
