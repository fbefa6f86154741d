import type { Suggestions } from "@maidan/contracts/catalog";
import { useEffect, useState } from "react";
import { Link } from "react-router";

/** How long typing must pause before suggestions are fetched. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** Fetches `/api/search/suggest` for `q`, debounced; stale answers are dropped. */
export function useSuggestions(q: string): Suggestions | null {
  const [data, setData] = useState<Suggestions | null>(null);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setData(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggest?q=${encodeURIComponent(text)}`, { signal: abort.signal })
        .then((r) => (r.ok ? (r.json() as Promise<Suggestions>) : null))
        .then((s) => setData(s))
        .catch(() => {});
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);
  return data;
}

/**
 * The list under the header's search box: completions, products, categories, brands. The search
 * form loads this file when the box is first focused, so pages do not download it up front.
 */
export default function SearchSuggestions({ q, onPick }: { q: string; onPick: () => void }) {
  const data = useSuggestions(q);
  if (!data) return null;
  const empty =
    !data.terms.length && !data.products.length && !data.categories.length && !data.brands.length;
  if (empty) return null;
  return (
    <nav className="search-suggest" aria-label="Search suggestions">
      <ul>
        {data.terms.map((t) => (
          <li key={`t-${t}`}>
            <Link to={`/search/${encodeURIComponent(t)}`} onClick={onPick}>
              {t}
            </Link>
          </li>
        ))}
        {data.categories.map((c) => (
          <li key={`c-${c.slug}`}>
            <Link to={`/${c.slug}`} onClick={onPick}>
              {c.name} <small>in categories</small>
            </Link>
          </li>
        ))}
        {data.brands.map((b) => (
          <li key={`b-${b.slug}`}>
            <Link to={`/brands/${b.slug}`} onClick={onPick}>
              {b.name} <small>brand</small>
            </Link>
          </li>
        ))}
        {data.products.map((p) => (
          <li key={`p-${p._id}`}>
            <Link to={`/${p.slug}`} onClick={onPick}>
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
