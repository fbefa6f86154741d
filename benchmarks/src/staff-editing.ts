import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { AdminProduct, AdminProductList } from "@maidan/contracts/admin-products";
import { LISTS, SEARCHES } from "./catalog-targets.ts";
import { type LoadResult, load } from "./load.ts";
import { productSlugs } from "./product-slugs.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:editing [-- --seconds 5 --rounds 3 --every 500]`
 * The storefront's catalogue reads (list, detail, search) on their own and while staff edit
 * products in the back-office at the same time (a price change every `every` ms through
 * PUT /api/admin/products/{id}, each one dropping the caches it should on every instance).
 * Rounds alternate quiet and editing; medians of the rounds. Writes the "staff editing" section
 * of RESULTS.md (issue #15: the storefront's figures unchanged with staff editing in parallel).
 */
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    every: { type: "string", default: "500" },
    connections: { type: "string", default: "50" },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const every = Number(values.every);
const connections = Number(values.connections);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const SEED = fileURLToPath(new URL("../../apps/server/src/cli/seed.ts", import.meta.url));
const PASSWORD = "bench-admin-password";
mkdirSync(OUT, { recursive: true });
const env = { DATA_DIR: `${OUT}staff-editing`, ADMIN_PASSWORD: PASSWORD };
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

process.stdout.write("seeding 2,000 products\n");
execFileSync(process.execPath, [SEED, "--products", "2000", "--reset"], {
  env: { ...process.env, ...env, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const server = await startServer(env, 3962);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const results = new Map<string, { quiet: LoadResult[]; editing: LoadResult[]; edits: number[] }>();
try {
  const login = await fetch(`${server.base}/api/auth/local`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email: "admin@maidan.pk", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin sign-in: ${login.status}`);
  const headers = {
    authorization: `Bearer ${(await login.json()).token}`,
    origin: server.base,
    "content-type": "application/json",
  };
  // The products staff edit: the first page of the back-office's list, each as its editor has it.
  const list = (await fetch(`${server.base}/api/admin/products`, { headers }).then((r) =>
    r.json(),
  )) as AdminProductList;
  const edited: AdminProduct[] = [];
  for (const row of list.products.slice(0, 20))
    edited.push(
      (await fetch(`${server.base}/api/admin/products/${row._id}`, { headers }).then((r) =>
        r.json(),
      )) as AdminProduct,
    );
  const bodyOf = (p: AdminProduct, n: number) => ({
    name: p.name,
    slug: p.slug,
    description: p.description,
    categoryId: p.categoryId,
    brandId: p.brandId ?? undefined,
    vendorId: p.vendorId,
    status: p.status,
    keywords: p.keywords,
    synonyms: p.synonyms,
    seoTitle: p.seoTitle ?? undefined,
    seoDescription: p.seoDescription ?? undefined,
    // The regular price moves by Rs. 10 up and down; the sale price stays below it.
    variants: p.variants.map((v) => ({
      id: v._id,
      sku: v.sku,
      size: v.size ?? undefined,
      color: v.color ?? undefined,
      price: v.price + (n % 2) * 10,
      salePrice: v.salePrice ?? undefined,
    })),
  });
  /** Staff at work: one save every `every` ms until stopped; the number of saves made. */
  const editing = () => {
    let n = 0;
    let stop = false;
    const done = (async () => {
      while (!stop) {
        const p = edited[n % edited.length] as AdminProduct;
        const res = await fetch(`${server.base}/api/admin/products/${p._id}`, {
          method: "PUT",
          headers,
          body: JSON.stringify(bodyOf(p, n)),
        });
        if (!res.ok) throw new Error(`edit: ${res.status} ${await res.text()}`);
        n++;
        await new Promise((r) => setTimeout(r, every));
      }
      return n;
    })();
    return async () => {
      stop = true;
      return done;
    };
  };

  const slugs = await productSlugs(server.base, 200);
  const targets = [
    { name: "product list", path: LISTS[0] as string, paths: LISTS },
    {
      name: "product detail",
      path: `/api/products/${slugs[0]}`,
      paths: slugs.map((s) => `/api/products/${s}`),
    },
    { name: "search", path: SEARCHES[0] as string, paths: SEARCHES },
  ];
  for (let round = 0; round < rounds; round++)
    for (const t of targets) {
      const opts = { connections, seconds, paths: t.paths, headers: BROWSER };
      await load(server.base, t.name, t.path, { ...opts, seconds: 2 }); // warm-up
      const r = results.get(t.name) ?? { quiet: [], editing: [], edits: [] };
      results.set(t.name, r);
      // Alternate which goes first, so a drift of the machine falls on both.
      const quiet = () => load(server.base, t.name, t.path, opts).then((x) => r.quiet.push(x));
      const busy = async () => {
        const stop = editing();
        const x = await load(server.base, t.name, t.path, opts);
        r.editing.push(x);
        r.edits.push(await stop());
      };
      if (round % 2 === 0) {
        await quiet();
        await busy();
      } else {
        await busy();
        await quiet();
      }
    }
} finally {
  await server.stop();
}

const rate = (xs: LoadResult[]) => median(xs.map((x) => x.okPerSecond));
const p50 = (xs: LoadResult[]) => median(xs.map((x) => x.p50));
writeSection("staff editing", [
  `Run ${stamp()} on ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${Math.round(totalmem() / 2 ** 30)} GB; load average ${loadavg()[0]?.toFixed(1)} at the end (the machine may be shared). 2,000 products, embedded PostgreSQL, the built server with its caches; ${connections} connections, ${seconds} s per run, ${rounds} rounds alternating quiet and editing runs; medians.`,
  `Editing: the admin saves one of 20 products every ${every} ms (PUT /api/admin/products/{id}, a price change), each save dropping, on every instance, that product's detail and every cached listing, search, page and the sitemap (cache news "products"), as a product change does.`,
  "",
  "| target | quiet req/s | editing req/s | ratio | quiet p50 ms | editing p50 ms | saves per run |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...[...results].map(
    ([name, r]) =>
      `| ${name} | ${rate(r.quiet)} | ${rate(r.editing)} | ${(rate(r.editing) / rate(r.quiet)).toFixed(2)} | ${p50(r.quiet)} | ${p50(r.editing)} | ${median(r.edits)} |`,
  ),
]);
