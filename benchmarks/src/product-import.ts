import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PRODUCT_CSV_COLUMNS, type ProductImport } from "@maidan/contracts/product-imports";
import cliProgress from "cli-progress";
import pg from "pg";
import { peakRssMb } from "./plain-floor.ts";
import { stamp, writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:import [-- --rows 10000 --variants 4 --engine embedded|external]`
 * Seeds a small shop, starts the production server, and imports a generated CSV of `rows`
 * variant rows (`variants` per product) through the API as the admin: the check (a dry run of
 * every save), then the run on the job queue, followed to the end with a progress bar. Writes
 * the "product import" section of RESULTS.md: the time of each step, rows per second, and the
 * server's peak resident memory.
 */
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    variants: { type: "string", default: "4" },
    engine: { type: "string", default: "embedded" },
    "external-base": { type: "string", default: "postgres://root@127.0.0.1:5432" },
  },
});
const ROWS = Number(values.rows);
const PER = Number(values.variants);
const OUT = fileURLToPath(new URL("../out/", import.meta.url));
const SEED = fileURLToPath(new URL("../../apps/server/src/cli/seed.ts", import.meta.url));
const PASSWORD = "bench-admin-password";
mkdirSync(OUT, { recursive: true });

const env: Record<string, string> = {
  DATA_DIR: `${OUT}product-import-${values.engine}`,
  ADMIN_PASSWORD: PASSWORD,
};
if (values.engine === "external") {
  const base = values["external-base"] as string;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const found = await client.query(
    "select 1 from pg_database where datname = 'maidan_bench_import'",
  );
  if (found.rowCount === 0) await client.query('create database "maidan_bench_import"');
  await client.end();
  env.DATABASE_URL = `${base}/maidan_bench_import`;
}
process.stdout.write(`seeding the shop (${values.engine})\n`);
execFileSync(process.execPath, [SEED, "--products", "100", "--reset"], {
  env: { ...process.env, ...env, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

const server = await startServer(env, 3961);
const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;
let figures: { check: number; run: number; products: number; rows: number; errors: number };
let rss: number | null = null;
try {
  const login = await fetch(`${server.base}/api/auth/local`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email: "admin@maidan.pk", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin sign-in: ${login.status} ${await login.text()}`);
  const headers = {
    authorization: `Bearer ${(await login.json()).token}`,
    origin: server.base,
  };
  // The names the file uses: the seeded shop's own.
  const names = await fetch(`${server.base}/api/admin/products/export.csv`, { headers }).then((r) =>
    r.text(),
  );
  const first = names.split("\n")[1]?.split(",") ?? [];
  const [category, brand, store] = [first[2], first[3], first[4]];
  const sizes = ["S", "M", "L", "XL", "XXL", "3XL"];
  const lines = [PRODUCT_CSV_COLUMNS.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const p = Math.floor(i / PER);
    const cells: Record<string, string | number> = {
      slug: `bench-import-${p}`,
      name: `Bench import ${p}`,
      category: category ?? "",
      brand: brand ?? "",
      store: store ?? "",
      status: "active",
      description: "Made by the import benchmark",
      keywords: "bench import",
      synonyms: "",
      sku: `BI-${p}-${i % PER}`,
      size: sizes[i % PER] ?? `S${i % PER}`,
      color: "Black",
      price: 1000 + (p % 50) * 100,
      sale_price: p % 3 === 0 ? 900 + (p % 50) * 100 : "",
      stock: 10 + (i % 7),
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? "").join(","));
  }
  const body = `${lines.join("\n")}\n`;

  process.stdout.write(`checking ${ROWS.toLocaleString("en-US")} rows\n`);
  let t0 = performance.now();
  const checked = await fetch(`${server.base}/api/admin/product-imports?fileName=bench.csv`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body,
  });
  if (!checked.ok) throw new Error(`check: ${checked.status} ${await checked.text()}`);
  const preview = (await checked.json()) as ProductImport;
  const check = seconds(t0);
  if (preview.errorCount > 0)
    throw new Error(`check: ${JSON.stringify(preview.errors.slice(0, 3))}`);

  t0 = performance.now();
  const started = await fetch(`${server.base}/api/admin/product-imports/${preview._id}/start`, {
    method: "POST",
    headers,
  });
  if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
  const bar = new cliProgress.SingleBar(
    { format: "importing [{bar}] {value}/{total} products" },
    cliProgress.Presets.shades_classic,
  );
  bar.start(preview.products, 0);
  let now = preview;
  while (now.status !== "done" && now.status !== "failed") {
    await new Promise((r) => setTimeout(r, 250));
    now = (await fetch(`${server.base}/api/admin/product-imports/${preview._id}`, { headers }).then(
      (r) => r.json(),
    )) as ProductImport;
    bar.update(now.done);
  }
  bar.stop();
  if (now.status !== "done") throw new Error(`import ${now.status}`);
  figures = {
    check,
    run: seconds(t0),
    products: preview.products,
    rows: preview.rows,
    errors: now.errorCount,
  };
} finally {
  rss = peakRssMb(server.pid);
  await server.stop();
}

writeSection("product import", [
  `Run ${stamp()} on ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${Math.round(totalmem() / 2 ** 30)} GB; engine ${values.engine}; load average ${loadavg()[0]?.toFixed(1)} at the end (the machine may be shared).`,
  `A generated file of ${figures.rows.toLocaleString("en-US")} rows (${figures.products.toLocaleString("en-US")} new products × ${PER} variants) through the API as the admin: the check (every save made and rolled back) and the run on the job queue (batches of 200 products), followed to the end.`,
  "",
  "| step | seconds | rows per second |",
  "|---|---:|---:|",
  `| check (preview) | ${figures.check} | ${Math.round(figures.rows / figures.check)} |`,
  `| import (start to done) | ${figures.run} | ${Math.round(figures.rows / figures.run)} |`,
  `| both | ${Math.round((figures.check + figures.run) * 10) / 10} | ${Math.round(figures.rows / (figures.check + figures.run))} |`,
  "",
  `Errors: ${figures.errors}. Server peak RSS: ${rss ?? "?"} MB (the embedded PostgreSQL not counted). Bar: 10,000 rows in under a minute.`,
]);
