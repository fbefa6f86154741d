import pg from "pg";

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (in the server encoding). */
export const MAX_NOTIFY_BYTES = 7_999;

/**
 * Sends these payloads on `channel` in one round trip (one statement, so one transaction: they
 * are delivered together, in order, once it commits). Every connection LISTENing on the channel
 * in this database receives them, the sender's own included.
 */
export async function notify(
  pool: Pick<pg.Pool, "query">,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  if (payloads.length === 0) return;
  for (const p of payloads) {
    if (Buffer.byteLength(p) > MAX_NOTIFY_BYTES) {
      throw new Error(`notify: a payload of ${Buffer.byteLength(p)} bytes is too long`);
    }
  }
  await pool.query(
    "select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n",
    [channel, payloads],
  );
}

export type ListenEvents = {
  message: (payload: string) => void;
  /** Listening (again). `again`: after a lost connection, when messages may have been missed. */
  connected?: (again: boolean) => void;
  /** The connection failed or was lost; another attempt follows after `retryInMs`. */
  lost?: (err: Error, retryInMs: number) => void;
};

export type Listener = {
  /** Whether the connection is up and listening now. */
  readonly listening: boolean;
  /** Resolves after the first attempt to listen, whether it worked or not (it keeps trying). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;

/**
 * One dedicated connection (not from the pool: a pooled one is handed to other queries and
 * would stop listening) LISTENing on `channel`. When it fails or is lost (a database restart,
 * a cut network) it is opened again, waiting `retryMs.min` at first and doubling up to
 * `retryMs.max`; `connected(true)` then says messages sent meanwhile were missed. A connection
 * that went silent (a network cut that closed nothing) is found by a `select 1` every
 * `heartbeatMs` that must answer within 5 s.
 */
export function listen(
  url: string,
  channel: string,
  events: ListenEvents,
  { retryMs = { min: 250, max: 5_000 }, heartbeatMs = 30_000 } = {},
): Listener {
  let client: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let delay = retryMs.min;
  let timer: NodeJS.Timeout | undefined;
  const heartbeat = setInterval(() => {
    const c = client;
    if (c) c.query("select 1").catch((e: Error) => lose(c, e));
  }, heartbeatMs);
  heartbeat.unref();
  const gone = new WeakSet<pg.Client>();

  const lose = (c: pg.Client, err: Error) => {
    if (gone.has(c)) return;
    gone.add(c);
    if (client === c) client = null;
    c.end().catch(() => {});
    if (closed) return;
    const wait = delay;
    delay = Math.min(delay * 2, retryMs.max);
    events.lost?.(err, wait);
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: "maidan-listen",
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      keepAlive: true,
    });
    c.on("notification", (m) => {
      if (m.channel === channel && m.payload !== undefined) events.message(m.payload);
    });
    c.on("error", (e) => lose(c, e));
    c.on("end", () => lose(c, new Error("connection ended")));
    try {
      await c.connect();
      await c.query(`listen ${quoteIdent(channel)}`);
    } catch (e) {
      lose(c, e as Error);
      return;
    }
    if (closed || gone.has(c)) {
      gone.add(c);
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = retryMs.min;
    const again = everConnected;
    everConnected = true;
    events.connected?.(again);
  };

  const ready = connect();
  return {
    get listening() {
      return client !== null;
    },
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      await ready;
      const c = client;
      client = null;
      if (c && !gone.has(c)) {
        gone.add(c);
        await c.end().catch(() => {});
      }
    },
  };
}
