import pg from "pg";

/** Where a generated secret is kept: looked up by name, made once by whoever needs it first. */
export type SecretStore = {
  get(name: string, make: () => string | Promise<string>): Promise<string>;
};

/**
 * Secrets in the `shared_secrets` table, for instances sharing an external database: the first
 * to need one inserts what `make` gives, and every instance (that one too) reads back the row
 * that won, so two starting at once still agree. `db` is a pool or a connection string (one
 * short-lived connection per call).
 */
export function databaseSecrets(db: pg.Pool | string): SecretStore {
  const run = async <T>(f: (c: pg.ClientBase | pg.Pool) => Promise<T>) => {
    if (typeof db !== "string") return f(db);
    const client = new pg.Client({ connectionString: db, application_name: "maidan" });
    client.on("error", () => {});
    await client.connect();
    try {
      return await f(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  const read = async (c: pg.ClientBase | pg.Pool, name: string) =>
    (await c.query<{ value: string }>("select value from shared_secrets where name = $1", [name]))
      .rows[0]?.value;
  return {
    get: (name, make) =>
      run(async (c) => {
        const known = await read(c, name);
        if (known !== undefined) return known;
        await c.query(
          "insert into shared_secrets (name, value) values ($1, $2) on conflict (name) do nothing",
          [name, await make()],
        );
        const stored = await read(c, name);
        if (stored === undefined) throw new Error(`shared secret ${name}: not stored`);
        return stored;
      }),
  };
}
