import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each domain's tables are in schema-<domain>.ts (columns.ts holds the shared column helpers).
  schema: "./src/schema*.ts",
  out: "./migrations",
});
