import { join } from "node:path";
import { buildApp } from "./app.ts";
import { bootRuntime, exitOnBootError } from "./boot.ts";
import { mountStorefront, productionBuild } from "./storefront.ts";

/** Production entry: `npm start` (after `npm run build`). */
const runtime = await bootRuntime({ NODE_ENV: "production", ...process.env }).catch(
  exitOnBootError,
);
const { config } = runtime;
// A payment gateway left on its sandbox in production stops the start here (issue #6).
const app = await buildApp(runtime).catch(async (e) => {
  await runtime.close();
  return exitOnBootError(e);
});
await mountStorefront(app, {
  services: app.services,
  mediaDir: join(config.dataDir, "media"),
  build: productionBuild(),
  mode: "production",
  serveAssets: true,
  pageCacheMs: config.CACHE_TTL_MS,
});

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close().catch(() => {});
  await runtime.close().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.PORT, host: config.HOST }).catch(async (e) => {
  await runtime.close();
  exitOnBootError(e);
});
process.stdout.write(`Maidan is open at http://localhost:${config.PORT}\n`);
