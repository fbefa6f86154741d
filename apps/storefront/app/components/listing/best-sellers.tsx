import type { ProductList } from "@maidan/contracts/catalog";
import { useEffect, useState } from "react";
import { ProductGrid } from "../product-tile";

export const BEST_SELLERS_PATH = "/api/products/best-sellers?limit=8";

/**
 * Spec §7: "GET a best-seller path supplied by the caller". Fetched in the browser after the
 * page is interactive, so it never delays the server render.
 */
export function BestSellers({
  path = BEST_SELLERS_PATH,
  title = "Best sellers",
}: {
  path?: string;
  title?: string;
}) {
  const [list, setList] = useState<ProductList | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetch(path, { signal: abort.signal, headers: { accept: "application/json" } })
      .then((r) =>
        r.ok ? (r.json() as Promise<ProductList>) : Promise.reject(new Error(String(r.status))),
      )
      .then(setList)
      .catch((e: unknown) => {
        if ((e as Error).name !== "AbortError") setFailed(true);
      });
    return () => abort.abort();
  }, [path]);
  if (failed) return null;
  return (
    <section className="best-sellers" aria-busy={!list}>
      <h2>{title}</h2>
      {list ? (
        <ProductGrid products={list.items} empty="No best sellers yet." />
      ) : (
        <p className="empty-note">Loading…</p>
      )}
    </section>
  );
}
