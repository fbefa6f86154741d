import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Every page is rendered on the server; the browser then hydrates and routes client-side.
  ssr: true,
  // v8 already enables middleware and the other former v7 future flags; none are left to opt into.
  future: {},
} satisfies Config;
