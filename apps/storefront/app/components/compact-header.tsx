import { Link } from "react-router";

/** A slim bar with the logo and a way home, for focused screens. */
export function CompactHeader() {
  return (
    <header className="compact-header">
      <div className="container compact-header__bar">
        <Link to="/" className="logo" aria-label="Maidan home">
          Maidan
        </Link>
        <Link to="/" className="compact-header__home">
          Continue shopping
        </Link>
      </div>
    </header>
  );
}
