import { ConfigError } from "@maidan/config/config";
import { messagingBanner, messagingProblems } from "@maidan/config/messaging";
import { buildApp } from "./app.ts";
import { releaseStartupGarbage } from "./lib/startup-garbage.ts";
import { bootRuntime, closeOnSignals, exitOnBootError } from "./runtime.ts";
import { mountStorefront, productionBuild } from "./storefront/mount.ts";

/** The production server (started by server.ts, after its module resolve hook). */
const runtime = await bootRuntime({ NODE_ENV: "production", ...process.env }).catch(
  exitOnBootError,
);
const { config } = runtime;
// A payment gateway left on its sandbox in production stops the start here (issue #6), and
// so do COD confirmation codes with nowhere to go (decision 042).
const app = await buildApp(runtime)
  .then((a) => {
    const problems = messagingProblems(config);
    if (problems.length > 0) throw new ConfigError(problems);
    return a;
  })
  .catch(async (e) => {
    await runtime.close();
    return exitOnBootError(e);
  });
const build = productionBuild();
await mountStorefront(app, {
  services: app.domains.services,
  onCatalogChange: app.domains.onPagesChange,
  build,
  mode: "production",
  serveAssets: true,
  publicUrl: config.publicUrl,
  pageCacheMs: config.CACHE_TTL_MS,
  pageCacheBytes: config.PAGE_CACHE_MB * 2 ** 20,
  renderConcurrency: config.RENDER_CONCURRENCY,
});

closeOnSignals(app, runtime);
// Everything is loaded (the routes, the storefront build): the start-up garbage can go.
await app.ready();
await build().catch(async (e) => {
  await runtime.close();
  exitOnBootError(e);
});
releaseStartupGarbage();

await app.listen({ port: config.PORT, host: config.HOST }).catch(async (e) => {
  await runtime.close();
  exitOnBootError(e);
});
process.stdout.write(
  `${messagingBanner(config)}\nMaidan is open at http://localhost:${config.PORT}\n`,
);
