import { defineConfig } from "vitest/config";

/**
 * unit: pure code, no database. integration: *.int.test.ts against PostgreSQL — the embedded
 * server by default, or the server in TEST_PG_SERVER_URL — with a fresh database per test file.
 */
/**
 * Test files that render the storefront from source each start Vite with React Router's plugin,
 * whose type generation first deletes and then rewrites apps/storefront/.react-router/types. Two
 * such files starting at once race on that folder (ENOTEMPTY, ENOENT). The generated types serve
 * the editor and `npm run typecheck`, never a test, so only those failures are let pass; any other
 * unhandled error still fails the run.
 */
const TYPEGEN_RACE_CODES = new Set(["ENOTEMPTY", "ENOENT", "EEXIST"]);
const isTypegenRace = (error: Error & { code?: unknown; path?: unknown }) =>
  typeof error.code === "string" &&
  TYPEGEN_RACE_CODES.has(error.code) &&
  typeof error.path === "string" &&
  error.path.includes("/.react-router/types");

export default defineConfig({
  test: {
    onUnhandledError: (error) =>
      !isTypegenRace(error as Error & { code?: unknown; path?: unknown }),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/src/**/*.test.ts",
            "apps/storefront/app/**/*.test.{ts,tsx}",
          ],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "packages/db/src/seed/seed.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "packages/*/src/**/*.int.test.ts",
            "apps/*/src/**/*.int.test.ts",
            "packages/db/src/seed/seed.test.ts",
          ],
          globalSetup: ["packages/db/src/testing/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
        },
      },
    ],
  },
});
