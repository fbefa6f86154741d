import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompress } from "./precompress";

export default {
  appDirectory: "app",
  // STOREFRONT_BUILD_DIR: a build elsewhere (benchmark experiments) without replacing the one in use.
  buildDirectory: process.env.STOREFRONT_BUILD_DIR ?? "build",
  // Every page is rendered on the server; the browser then hydrates and routes client-side.
  ssr: true,
  // v8 already enables middleware and the other former v7 future flags; none are left to opt into.
  future: {},
  // Brotli and gzip copies of the client assets, served as they are (apps/server/src/storefront/mount.ts).
  buildEnd({ reactRouterConfig }) {
    precompress(join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
