import { parseArgs } from "node:util";
import { loadConfig } from "@maidan/config/config";
import { migrateDatabase, openDatabase } from "@maidan/db/database";
import { exitOnBootError, seed } from "../runtime.ts";

/**
 * `npm run db:seed [-- --products N]`: seeds an empty database. With --reset it first empties
 * the catalogue schema, for benchmarks at a chosen size.
 */
try {
  const { values } = parseArgs({
    options: { products: { type: "string" }, reset: { type: "boolean", default: false } },
  });
  const config = loadConfig();
  const products = values.products ? Number(values.products) : config.SEED_PRODUCTS;
  if (!Number.isInteger(products) || products < 10 || products > 1_000_000) {
    throw new Error("--products must be a whole number from 10 to 1000000");
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  if (values.reset) {
    await database.pool.query(
      "drop schema public cascade; drop schema if exists drizzle cascade; create schema public",
    );
  }
  await migrateDatabase(database.pool);
  const result = await seed(config, database, products);
  // Fresh bulk rows: give the planner real statistics before the first request, and mark the
  // pages all-visible so the catalogue's facet counts are index-only scans from the start.
  if (result.seeded) await database.pool.query("vacuum (analyze)");
  if (!result.seeded) process.stdout.write("already seeded; use --reset to start over\n");
  await database.close();
} catch (e) {
  exitOnBootError(e);
}
