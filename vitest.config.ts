import { defineConfig } from "vitest/config";

/**
 * unit: pure code, no database. integration: *.int.test.ts against PostgreSQL — the embedded
 * server by default, or the server in TEST_PG_SERVER_URL — with a fresh database per test file.
 */
export default defineConfig({
  test: {
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
