import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * The storefront's Vite setup for API tests that render real pages from source
 * (storefront-source.ts). Vitest sets VITEST, which makes the storefront's own vite.config.ts
 * leave React Router's plugin out for its unit tests; this one always has it.
 */
export default defineConfig({ plugins: [reactRouter()] });
