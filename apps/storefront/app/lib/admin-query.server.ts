import { redirect } from "react-router";

/**
 * The back-office lists' filters, as the URL has them (decisions 044, 047). A filter form sends
 * its empty fields too: the address keeps only those that filter (a redirect), so a link to a
 * list is short and the same filter has one address. Returns the named parameters that are set.
 */
export function filtersOf<K extends string>(request: Request, keys: readonly K[]) {
  const url = new URL(request.url);
  const params = url.searchParams;
  if ([...params.values()].some((v) => v === "")) {
    const kept = [...params].filter(([k, v]) => v !== "" && k !== "_routes");
    throw redirect(`${url.pathname.replace(/\.data$/, "")}?${new URLSearchParams(kept)}`);
  }
  const query: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v) query[k] = v;
  }
  return query;
}
