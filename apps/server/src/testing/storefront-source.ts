import { fileURLToPath } from "node:url";
import type { DestinationStream } from "@maidan/observability/log";
import type { ServerBuild } from "react-router";
import { type MountOptions, mountStorefront, STOREFRONT_DIR } from "../storefront/mount.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export type StorefrontTestApp = TestApp & {
  /** Every route of the storefront as a path pattern (`/account/login`, `/:slug/:c?`, `/*`). */
  routePaths: string[];
};

/**
 * The API with the real storefront mounted, rendered from source by Vite as `npm run dev` does
 * (no `npm run build` needed; loading the server build takes a few seconds). For tests of what
 * whole pages carry: absolute URLs, the content security policy, malformed requests.
 */
export async function createStorefrontTestApp(
  opts: {
    products?: number;
    env?: Record<string, string>;
    mount?: Partial<Pick<MountOptions, "pageCacheMs">>;
    logTo?: DestinationStream;
  } = {},
): Promise<StorefrontTestApp> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: fileURLToPath(new URL("./storefront-vite.config.ts", import.meta.url)),
    root: STOREFRONT_DIR,
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  let t: TestApp;
  try {
    t = await createTestApp({
      products: opts.products ?? 12,
      env: opts.env,
      logTo: opts.logTo,
      extend: (app, config) => {
        app.register(async (scope) => {
          await mountStorefront(scope as never, {
            services: app.domains.services,
            onCatalogChange: app.domains.catalog.onChange,
            build: async () => build,
            mode: "production",
            serveAssets: false,
            publicUrl: config.publicUrl,
            ...opts.mount,
          });
        });
      },
    });
  } catch (e) {
    await vite.close();
    throw e;
  }
  const close = t.close;
  return {
    ...t,
    routePaths: routePaths(build),
    close: async () => {
      await close();
      await vite.close();
    },
  };
}

function routePaths(build: ServerBuild): string[] {
  const full = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = full(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = Object.keys(build.routes).map((id) => full(id).replace(/\/+/g, "/") || "/");
  return [...new Set(paths)].sort();
}
