import { Outlet } from "react-router";

/** None: the page alone (gateway return pages, templates). */
export default function NoLayout() {
  return (
    <main id="main" className="layout layout--none">
      <Outlet />
    </main>
  );
}
