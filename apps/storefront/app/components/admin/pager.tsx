import { Link } from "react-router";

/** A back-office list's pages: the count, and links that keep the list's filters. */
export function Pager({
  total,
  page,
  pageSize,
  query,
  noun,
}: {
  total: number;
  page: number;
  pageSize: number;
  query: Record<string, string | undefined>;
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const link = (to: number) => {
    const p = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
    );
    p.set("page", String(to));
    return `?${p}`;
  };
  return (
    <nav aria-label="Pages" className="admin-pages">
      <span>
        {total} {noun} · page {page} of {pages}
      </span>
      {page > 1 && <Link to={link(page - 1)}>← Previous</Link>}
      {page < pages && <Link to={link(page + 1)}>Next →</Link>}
    </nav>
  );
}
