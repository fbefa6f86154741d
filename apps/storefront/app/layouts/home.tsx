import { Outlet } from "react-router";
import { AppPromotion } from "../components/app-promotion";
import { BottomNav } from "../components/bottom-nav";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

/** Home: full header, the app-promotion strip, footer, and the tab bar on phones. */
export default function HomeLayout() {
  return (
    <div className="layout layout--home has-bottom-nav">
      <AppPromotion />
      <SiteHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
      <BottomNav />
    </div>
  );
}
