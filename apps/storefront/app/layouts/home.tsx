import { Outlet } from "react-router";
import { AppPromotion } from "../components/app-promotion";
import { BottomNav } from "../components/bottom-nav";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { appPromotionDismissed } from "../lib/app-promotion.server";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  return { appPromotionDismissed: appPromotionDismissed(request) };
}

/** Home: the app banner (phones), full header, footer, and the tab bar on phones. */
export default function HomeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="layout layout--home has-bottom-nav">
      <AppPromotion dismissed={loaderData.appPromotionDismissed} />
      <SiteHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
      <BottomNav />
    </div>
  );
}
