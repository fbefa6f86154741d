import { Outlet } from "react-router";
import { BottomNav } from "../components/bottom-nav";
import { SiteHeader } from "../components/site-header";

/** Bottom navigation without footer: app-like screens (notifications, wishlist, explore). */
export default function BottomNavigationLayout() {
  return (
    <div className="layout layout--bottom-navigation has-bottom-nav">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
