import middie from "@fastify/middie";
import { messagingBanner } from "@maidan/config/messaging";
import type { ServerBuild } from "react-router";
import { buildApp } from "./app.ts";
import { bootRuntime, closeOnSignals, exitOnBootError } from "./runtime.ts";
import { mountStorefront, STOREFRONT_DIR } from "./storefront/mount.ts";

/** Development entry: Vite renders the storefront from source with hot reload. */
const runtime = await bootRuntime({ NODE_ENV: "development", ...process.env }).catch(
  exitOnBootError,
);
const app = await buildApp(runtime);
const { createServer } = await import("vite");
const vite = await createServer({
  root: STOREFRONT_DIR,
  server: { middlewareMode: true },
  appType: "custom",
});
await app.register(middie);
app.use(vite.middlewares);
await mountStorefront(app, {
  services: app.domains.services,
  onCatalogChange: app.domains.onPagesChange,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
  serveAssets: false,
  publicUrl: runtime.config.publicUrl,
});
app.addHook("onClose", () => vite.close());
closeOnSignals(app, runtime);
await app.listen({ port: runtime.config.PORT, host: runtime.config.HOST });
process.stdout.write(
  `${messagingBanner(runtime.config)}\nMaidan (dev) at http://localhost:${runtime.config.PORT}\n`,
);
