import { Link, Outlet } from "react-router";

/** Blank: a centred card with only the logo (confirmations, sign-in handoffs). */
export default function BlankLayout() {
  return (
    <div className="layout layout--blank">
      <main id="main" className="layout__column">
        <Link to="/" className="logo" aria-label="Maidan home">
          Maidan
        </Link>
        <Outlet />
      </main>
    </div>
  );
}
