import { spawnSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildApp } from "@maidan/server/app";
import { bootRuntime } from "@maidan/server/runtime";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "@maidan/server/server-flags";
import { mountStorefront, productionBuild } from "@maidan/server/storefront/mount";
import { type LoadResult, load, percentile } from "./load.ts";
import { cpuTimeMs } from "./plain-floor.ts";
import { writeResults } from "./results.ts";
import { writeSection } from "./sections.ts";
import { startServer } from "./server-process.ts";

/**
 * `npm run bench:pages [-- --base http://127.0.0.1:PORT --label after --seconds 5 --connections 20]`
 * Server-rendered page speed against the static floor in the same run: `/api/ping`, the home
 * page, a category listing and a product page (anonymous, as a first visit: no cookies), then
 * the listing and the product page for a signed-in shopper and their own parts. Then
 * the CPU time per render: the app is built in this process (same build, same database via
 * DATABASE_URL / DATA_DIR) and each page is rendered one request at a time through
 * `app.inject`, so the process's CPU delta belongs to that render alone (database work runs in
 * PostgreSQL's processes and is not counted), with the production server's Node flags (the script
 * starts itself again with them). Writes the "SSR pages (<label>)" sections of
 * RESULTS.md. Without --base it starts the built server on the embedded database.
 */
// The renders below run in this process: with the production server's Node flags, or the
// young generation's size (and so the collections counted per render) would differ.
if (!SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) {
  const me = fileURLToPath(import.meta.url);
  const args = [...SERVER_NODE_FLAGS, ...process.execArgv, me, ...process.argv.slice(2)];
  const env = { ...process.env, ...SERVER_ENV };
  process.exit(spawnSync(process.execPath, args, { stdio: "inherit", env }).status ?? 1);
}
const { values } = parseArgs({
  options: {
    base: { type: "string" },
    label: { type: "string", default: "current" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    product: { type: "string", default: "/margalla-fit-mens-training-track-pants-pulse" },
    category: { type: "string", default: "/men" },
    renders: { type: "string", default: "200" },
    /** The server's process id (with --base): its CPU time per request is measured too. */
    pid: { type: "string" },
  },
});
// React picks its build from NODE_ENV when the storefront build is first imported (below).
process.env.NODE_ENV = "production";
const seconds = Number(values.seconds);
const connections = Number(values.connections);
type Target = { name: string; path: string; signedIn?: boolean };
const targets: Target[] = [
  { name: "floor: static string", path: "/api/ping" },
  { name: "SSR home page", path: "/" },
  { name: "SSR category page", path: values.category! },
  { name: "SSR product page", path: values.product! },
  // A signed-in shopper (decision 069): the shared page, then their parts from /account/me.
  { name: "signed in: category page", path: values.category!, signedIn: true },
  { name: "signed in: product page", path: values.product!, signedIn: true },
  { name: "signed in: their parts (/account/me)", path: "/account/me", signedIn: true },
];

const server = values.base ? undefined : await startServer({}, 3960);
const base = values.base ?? server!.base;
const results: LoadResult[] = [];
let closeApp: (() => Promise<void>) | undefined;
let cached: Awaited<ReturnType<typeof buildApp>> | undefined;
const cpu: { name: string; p50: number; p95: number; max: number }[] = [];
const serverCpu: { name: string; msPerRequest: number }[] = [];
const pid = values.pid ?? (server ? String(server.pid) : undefined);
const serverCpuMs = () => cpuTimeMs(pid!);
try {
  const session = await signUp(base);
  for (const t of targets) {
    // As a browser asks: compressed (the page cache keeps brotli and gzip forms).
    const headers = {
      "accept-encoding": "br, gzip",
      ...(t.signedIn ? { cookie: `Authorization=${session}` } : {}),
    };
    await load(base, t.name, t.path, { connections: 10, seconds: 2, headers }); // warm-up
    const before = pid ? serverCpuMs() : 0;
    const r = await load(base, t.name, t.path, { connections, seconds, headers });
    if (pid) {
      const ms = serverCpuMs() - before;
      serverCpu.push({ name: t.name, msPerRequest: Math.round((ms / r.requests) * 1000) / 1000 });
    }
    process.stdout.write(`  ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms\n`);
    results.push(r);
  }
} finally {
  await server?.stop();
}
for (const t of targets.slice(1, 4)) cpu.push({ name: t.name, ...(await renderCpu(t.path)) });
await closeApp?.();

/** A new shopper's session token on the server under test. */
async function signUp(on: string) {
  const res = await fetch(`${on}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: on },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Shopper",
      email: `bench-pages-${Date.now()}@example.com`,
      password: "correct-horse-1",
    }),
  });
  if (!res.ok) throw new Error(`signup on ${on}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function inProcessApp() {
  if (cached) return cached;
  const runtime = await bootRuntime({
    NODE_ENV: "production",
    PAYMENTS_SANDBOX: "true",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "warn",
    ...process.env,
  });
  const app = await buildApp(runtime);
  await mountStorefront(app, {
    services: app.domains.services,
    onCatalogChange: app.domains.catalog.onChange,
    build: productionBuild(),
    mode: "production",
    serveAssets: true,
    publicUrl: runtime.config.publicUrl,
  });
  await app.ready();
  closeApp = async () => {
    await app.close();
    await runtime.close();
  };
  cached = app;
  return app;
}

/** One request at a time through an in-process app; user + system CPU of this process. */
async function renderCpu(path: string) {
  const app = await inProcessApp();
  const samples: number[] = [];
  for (let i = 0; i < Number(values.renders) + 20; i++) {
    const before = process.cpuUsage();
    const res = await app.inject({ method: "GET", url: path });
    // Let the render's setImmediate work (React's and the streams' cleanup) run, and count it.
    // Back-to-back injects never leave the timers phase (each render ends in a setTimeout(0)
    // that takes over 1 ms), so without this every render's state stayed alive until the loop
    // ended: the heap grew ~250 KB a render and major GCs inflated p95 by 3–4 ms. A real server
    // takes each request from the poll phase, so its check phase runs between requests.
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.cpuUsage(before);
    if (res.statusCode !== 200) {
      process.stdout.write(`  ${path} answered ${res.statusCode}: ${res.body.slice(0, 300)}\n`);
      continue;
    }
    if (i >= 20) samples.push((used.user + used.system) / 1000); // the first 20 warm the JIT
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(samples, p) * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const suite = `SSR pages (${values.label})`;
writeResults(suite, { machine, seconds, connections, runs: [{ engine: base, results }] });
writeSection(`${suite} CPU`, [
  "Server CPU per render, the built app in the bench process, one `app.inject` at a time, user + system CPU of the whole process (V8's GC threads included) from the request to the last byte and the render's deferred (setImmediate) work (PostgreSQL's own work not counted), after 20 warm-up renders. Goal: p95 < 10 ms. The machine is shared and noisy: compare ratios within one run.",
  "",
  "| page | p50 ms | p95 ms | max ms |",
  "|---|---:|---:|---:|",
  ...cpu.map((c) => `| ${c.name} | ${c.p50} | ${c.p95} | ${c.max} |`),
]);
if (serverCpu.length) {
  const floorMs = serverCpu[0]?.msPerRequest || 1;
  writeSection(`${suite} server CPU`, [
    "The server process's CPU time per request during each load above (from /proc; the load generator runs on the same 2 cores and is often the bottleneck, so this shows what the server itself could serve). Capacity ratio = the floor's CPU per request / the page's.",
    "",
    "| target | server CPU ms per request | capacity ratio to floor |",
    "|---|---:|---:|",
    ...serverCpu.map(
      (c) => `| ${c.name} | ${c.msPerRequest} | ${(floorMs / (c.msPerRequest || 1)).toFixed(2)} |`,
    ),
  ]);
}
for (const c of serverCpu)
  process.stdout.write(`  server CPU ${c.name}: ${c.msPerRequest} ms/request\n`);
for (const c of cpu) process.stdout.write(`  CPU ${c.name}: p50 ${c.p50} ms, p95 ${c.p95} ms\n`);
