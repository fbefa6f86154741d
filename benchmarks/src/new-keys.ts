/**
 * Request paths that never repeat a cache key, as shoppers combining filters over a large
 * catalogue produce (issue #19's "every request a new key"): each call returns the next of a
 * long sequence of distinct filter combinations, read off the running shop's own facets.
 */
type Facets = {
  subcategories: { value: string }[];
  brands: { value: string }[];
  vendors: { value: string }[];
  sizes: { value: string }[];
  colors: { value: string }[];
};
const SORTS = ["relevance", "newest", "price-asc", "price-desc", "best-selling", "rating"];
const WORDS = ["shoes", "shirt", "kurta", "joggers", "bat", "bag", "polo", "cotton", "kids"];

export async function newKeyPaths(base: string) {
  const facets = async (q: string) =>
    ((await (await fetch(`${base}/api/products?limit=1${q}`)).json()) as { facets: Facets }).facets;
  const top = await facets("");
  const categories = [...top.subcategories.map((c) => c.value)];
  for (const c of top.subcategories)
    categories.push(...(await facets(`&category=${c.value}`)).subcategories.map((s) => s.value));
  const brands = ["", ...top.brands.map((b) => `&brand=${b.value}`)];
  const vendors = ["", ...top.vendors.map((v) => `&vendor=${v.value}`)];
  const flags = ["", "&inStock=true", "&onSale=true", "&inStock=true&onSale=true"];
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length] as T;
  // Mixed radix over the lists, so consecutive requests differ in every part.
  const combo = (i: number) =>
    `category=${pick(categories, i)}${pick(brands, i * 7 + 3)}${pick(vendors, i * 13 + 5)}` +
    `${pick(flags, Math.floor(i / 3))}&sort=${pick(SORTS, Math.floor(i / 5))}`;
  /**
   * Searches each word once without filters, so the frequent ones ask for facet cells of their
   * own (decision 073), and waits until the shop's job queue has built them: the load then
   * measures the catalogue as a shop that has seen these words before holds it.
   */
  const warmSearch = async () => {
    for (const w of WORDS) await (await fetch(`${base}/api/search?q=${w}`)).arrayBuffer();
    const pending = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return text
        .split("\n")
        .filter((l) => l.startsWith('maidan_job_queue_depth{queue="catalog.build-search-cells"'))
        .filter((l) => /state="(created|retry|active)"/.test(l))
        .reduce((n, l) => n + Number(l.split(" ").at(-1)), 0);
    };
    const started = Date.now();
    do await new Promise((r) => setTimeout(r, 1_000));
    while ((await pending()) > 0 && Date.now() - started < 20 * 60_000);
    return Date.now() - started;
  };
  let list = 0;
  let filtered = 0;
  let search = 0;
  return {
    warmSearch,
    /** Category, brand, vendor, stock and sale filters with a sort. */
    list: () => `/api/products?${combo(list++)}`,
    /** The same with a size or a colour, and every third time a price range. */
    filtered: () => {
      const i = filtered++;
      const v =
        i % 2
          ? `&size=${encodeURIComponent(pick(top.sizes, i).value)}`
          : `&color=${encodeURIComponent(pick(top.colors, i).value)}`;
      const price = i % 3 ? "" : `&minPrice=${500 + (i % 997)}&maxPrice=${9000 + i}`;
      return `/api/products?${combo(i)}${v}${price}`;
    },
    /**
     * A word within a category, with a price ceiling. Every word meets every category in turn
     * (until 2026-11-27 the two turned together, so only 18 pairs were ever asked, most of them
     * finding nothing).
     */
    search: () => {
      const i = search++;
      const category = pick(categories, Math.floor(i / WORDS.length) + 1);
      return `/api/search?q=${pick(WORDS, i)}&category=${category}&maxPrice=${20000 + i}`;
    },
  };
}
