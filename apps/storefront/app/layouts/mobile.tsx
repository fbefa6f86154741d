import { Outlet } from "react-router";
import { BottomNav } from "../components/bottom-nav";
import { CompactHeader } from "../components/compact-header";

/** Mobile: a phone-width column even on desktop, for app-style promotions. */
export default function MobileLayout() {
  return (
    <div className="layout layout--mobile has-bottom-nav">
      <CompactHeader />
      <main id="main" className="layout__main layout__column">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
