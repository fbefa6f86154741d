import { Link } from "react-router";

/** A link to the same list with these parameters changed (undefined drops one). */
export function listLink(
  query: Record<string, string | undefined>,
  change: Record<string, string | undefined>,
) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...change })) if (v !== undefined) p.set(k, v);
  return `?${p}`;
}

/**
 * A keyset-paged list's pages (decision 054): the (bounded) count and links to the pages before
 * and after, each a cursor in the URL beside the list's filters.
 */
export function CursorPager({
  total,
  totalCapped,
  next,
  previous,
  query,
  noun,
}: {
  total: number;
  totalCapped: boolean;
  next: string | null;
  previous: string | null;
  query: Record<string, string | undefined>;
  noun: string;
}) {
  return (
    <nav aria-label="Pages" className="admin-pages">
      <span>
        {total.toLocaleString("en-US")}
        {totalCapped ? "+" : ""} {noun}
      </span>
      {previous && (
        <Link to={listLink(query, { cursor: previous })} rel="prev">
          ← Previous
        </Link>
      )}
      {next && (
        <Link to={listLink(query, { cursor: next })} rel="next">
          Next →
        </Link>
      )}
    </nav>
  );
}
