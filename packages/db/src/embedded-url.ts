import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const EMBEDDED_USER = "maidan";
/** What every data folder made before generated passwords used; moved off at the next start. */
export const LEGACY_PASSWORD = "maidan";

/** DATA_DIR/pg-password, the embedded server's generated password (decision 031). */
export const embeddedPasswordFile = (dataDir: string) => join(dataDir, "pg-password");

export function embeddedServerUrl(port: number, password: string, database = "postgres") {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The address of the embedded server a running shop started from `dataDir` (its DATA_DIR), for
 * tools and tests that look into the database beside it: the port from postmaster.pid (its
 * fourth line), the password from pg-password.
 */
export function embeddedUrl(dataDir: string, database = "maidan"): string {
  const port = Number(readFileSync(join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const file = embeddedPasswordFile(dataDir);
  const password = existsSync(file) ? readFileSync(file, "utf8").trim() : LEGACY_PASSWORD;
  return embeddedServerUrl(port, password, database);
}
