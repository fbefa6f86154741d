import { loadConfig } from "@maidan/config/config";
import { migrateDatabase, openDatabase } from "@maidan/db/database";
import { exitOnBootError } from "../runtime.ts";

/** `npm run db:migrate`: applies the checked-in migrations and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database.pool);
  await database.close();
  process.stdout.write("migrations applied\n");
} catch (e) {
  exitOnBootError(e);
}
