import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type EmbeddedServer, startEmbeddedPostgres } from "../embedded.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgEngine: "embedded" | "external";
  }
}

/**
 * Starts one embedded PostgreSQL for the whole run unless TEST_PG_SERVER_URL names a server.
 * Test files then create their own databases on it (see test-database.ts).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_PG_SERVER_URL;
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  if (external) {
    project.provide("pgServerUrl", external);
    project.provide("pgEngine", "external");
  } else {
    dir = mkdtempSync(join(tmpdir(), "maidan-pg-"));
    server = await startEmbeddedPostgres(join(dir, "pg"));
    project.provide("pgServerUrl", server.url);
    project.provide("pgEngine", "embedded");
  }
  return async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
