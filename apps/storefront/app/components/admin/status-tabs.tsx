import { Link } from "react-router";

/** A queue's statuses as tabs in the URL (`?status=`), the shown one marked. */
export function StatusTabs<S extends string>({
  statuses,
  current,
  label,
}: {
  statuses: readonly S[];
  current: string;
  label: Record<S, string>;
}) {
  return (
    <nav aria-label="By status" className="admin-tabs">
      {statuses.map((s) => (
        <Link key={s} to={`?status=${s}`} aria-current={s === current ? "page" : undefined}>
          {label[s]}
        </Link>
      ))}
    </nav>
  );
}
