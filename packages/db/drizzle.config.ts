import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The foundation tables are in schema.ts; each later domain adds its own schema-<domain>.ts.
  schema: "./src/schema*.ts",
  out: "./migrations",
});
