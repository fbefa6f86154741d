/** The first `n` product slugs of a running server, newest first: pages to load in rotation. */
export async function productSlugs(base: string, n: number): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; slugs.length < n; page++) {
    const r = (await (
      await fetch(`${base}/api/products?limit=60&sort=newest&page=${page}`)
    ).json()) as {
      items: { slug: string }[];
      pages: number;
    };
    slugs.push(...r.items.map((p) => p.slug));
    if (page >= r.pages) break;
  }
  return slugs.slice(0, n);
}
