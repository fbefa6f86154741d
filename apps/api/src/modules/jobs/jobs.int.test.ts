import { users } from "@maidan/db/schema-auth";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, get, post, signUp, uniquePhone } from "../../testing/auth-helpers.ts";
import { type HttpCall, startHttpServer } from "../../testing/message-servers.ts";
import { SMS_QUEUE } from "../messages/messages.ts";

/**
 * The job queue on a shop whose SMS gateway is down: a login code's job backs off, runs out of
 * retries and waits, failed, for staff; sent back to its queue once the gateway is up, it
 * delivers. And a job run again after its send committed sends nothing more.
 */
let t: TestApp;
let gateway: Awaited<ReturnType<typeof startHttpServer>>;
let admin: Record<string, string>;
let manager: Record<string, string>;
let shopper: Record<string, string>;

const login = async (email: string, password: string) =>
  bearer((await post(t, "/api/auth/local", { email, password })).json().token);

beforeAll(async () => {
  gateway = await startHttpServer(500);
  t = await createTestApp({
    products: 1,
    env: { SMS_GATEWAY_URL: `${gateway.url}/sms`, SMS_SENDER: "MAIDAN" },
  });
  admin = await login("admin@test.pk", "admin-pass-123");
  const m = await signUp(t);
  await t.database.db.update(users).set({ role: "manager" }).where(eq(users.id, m.id));
  manager = await login(m.email, m.password);
  shopper = bearer((await signUp(t)).token);
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

const smsJobs = async () =>
  (
    await t.database.pool.query<{ id: string; state: string; retry_count: number }>(
      "select id, state, retry_count from pgboss.job where name = $1 order by created_on",
      [SMS_QUEUE],
    )
  ).rows;
/** As if each retry's wait (10 s, doubling) had passed. */
const retryNow = () =>
  t.database.pool.query(
    "update pgboss.job set start_after = now() where name = $1 and state = 'retry'",
    [SMS_QUEUE],
  );
const textOf = (c: HttpCall | undefined) => (JSON.parse(c?.body ?? "{}") as { text: string }).text;

describe("a job that keeps failing", () => {
  let jobId = "";

  it("backs off through its five retries, then is failed, with the gateway's error", async () => {
    const phone = uniquePhone();
    expect((await post(t, "/api/auth/otp/generate", { phone })).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    for (let i = 0; i < 5; i++) {
      const [job] = await smsJobs();
      expect(job).toMatchObject({ state: "retry", retry_count: i });
      await retryNow();
      await t.app.domains.jobs.drain();
    }
    const [job] = await smsJobs();
    expect(job).toMatchObject({ state: "failed", retry_count: 5 });
    expect(gateway.calls).toHaveLength(6);
    jobId = job?.id ?? "";
  });

  it("GET /api/admin/jobs?state=failed lists it for an admin and a manager", async () => {
    for (const who of [admin, manager]) {
      const res = await get(t, "/api/admin/jobs?state=failed", who);
      expect(res.statusCode).toBe(200);
      expect(res.json().jobs).toEqual([
        {
          id: jobId,
          queue: SMS_QUEUE,
          retryCount: 5,
          createdOn: expect.any(String),
          failedOn: expect.any(String),
          error: "sms gateway answered 500",
        },
      ]);
    }
  });

  it("/metrics shows the queue's depth by state and the failed runs", async () => {
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(text).toContain('maidan_job_queue_depth{queue="messages.sms",state="failed"} 1');
    expect(text).toContain('maidan_job_queue_depth{queue="messages.sms",state="retry"} 0');
    expect(text).toMatch(/maidan_job_runs_total\{queue="messages\.sms",outcome="failed"\} [1-9]/);
  });

  it("GET /api/admin/jobs: a shopper gets 403, nobody signed in 401, an unknown state 400", async () => {
    expect((await get(t, "/api/admin/jobs?state=failed", shopper)).statusCode).toBe(403);
    const anonymous = await get(t, "/api/admin/jobs?state=failed");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401 });
    expect((await get(t, "/api/admin/jobs?state=done", admin)).statusCode).toBe(400);
  });

  it("POST /api/admin/jobs/{id}/retry: a shopper gets 403, nobody signed in 401, an unknown id 404", async () => {
    const url = `/api/admin/jobs/${jobId}/retry`;
    expect((await post(t, url, {}, shopper)).statusCode).toBe(403);
    expect((await post(t, url)).statusCode).toBe(401);
    const unknown = await post(t, `/api/admin/jobs/${crypto.randomUUID()}/retry`, {}, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, message: "No failed job with this id" });
    expect((await smsJobs())[0]?.state).toBe("failed");
  });

  it("POST /api/admin/jobs/{id}/retry by a manager: back in its queue, it sends once the gateway is up", async () => {
    gateway.state.status = 200;
    const res = await post(t, `/api/admin/jobs/${jobId}/retry`, {}, manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: "The job is back in its queue." });
    await t.app.domains.jobs.drain();
    expect(gateway.calls).toHaveLength(7);
    expect(textOf(gateway.calls.at(-1))).toMatch(/^Your Maidan code is \d+/);
    expect((await smsJobs())[0]?.state).toBe("completed");
    expect((await get(t, "/api/admin/jobs?state=failed", admin)).json().jobs).toEqual([]);
    // Only a failed job goes back: a second retry finds none (an admin may retry too).
    expect((await post(t, `/api/admin/jobs/${jobId}/retry`, {}, admin)).statusCode).toBe(404);
  });

  it("a job run again after its send committed (a crash before pg-boss recorded it done) sends nothing", async () => {
    await t.database.pool.query(
      "update pgboss.job set state = 'created', completed_on = null, start_after = now() where id = $1",
      [jobId],
    );
    await t.app.domains.jobs.drain();
    expect((await smsJobs())[0]?.state).toBe("completed");
    expect(gateway.calls).toHaveLength(7);
  });
});

describe("enqueue", () => {
  it("writes the job in the caller's transaction: rolled back, there is no job", async () => {
    const before = (await smsJobs()).length;
    const { jobs, messages } = t.app.domains;
    await t.database.db
      .transaction(async (tx) => {
        await messages.sms(tx, "923001112223", { template: "login-code", code: "1234" });
        throw new Error("the business write failed");
      })
      .catch(() => {});
    await jobs.drain();
    expect(await smsJobs()).toHaveLength(before);
    await t.database.db.transaction((tx) =>
      messages.sms(tx, "923001112223", { template: "login-code", code: "1234" }),
    );
    expect(await smsJobs()).toHaveLength(before + 1);
  });
});

describe("the OpenAPI document", () => {
  it("has the staff's job routes", async () => {
    const doc = (await get(t, "/api/docs/json")).json();
    expect(doc.paths["/api/admin/jobs"]?.get).toBeDefined();
    expect(doc.paths["/api/admin/jobs/{id}/retry"]?.post).toBeDefined();
  });
});

describe("the dev outbox's send", () => {
  let o: TestApp;
  beforeAll(async () => {
    o = await createTestApp({ products: 1 });
  });
  afterAll(async () => {
    await o?.close();
  });

  it("sends the jobs of one fetch in the order they were enqueued", async () => {
    const to = `92300${String(Date.now()).slice(-7)}`;
    const { messages } = o.app.domains;
    for (const code of ["1001", "1002", "1003", "1004", "1005", "1006"])
      await o.database.db.transaction((tx) =>
        messages.sms(tx, to, { template: "login-code", code }),
      );
    await o.app.domains.jobs.drain();
    const { rows } = await o.database.pool.query<{ body: string }>(
      "select body from dev_outbox where recipient = $1 order by created_at",
      [to],
    );
    expect(rows.map((r) => r.body.match(/\d{4}/)?.[0])).toEqual([
      "1001",
      "1002",
      "1003",
      "1004",
      "1005",
      "1006",
    ]);
  });

  it("is written with its record in one statement: a job run again after it committed writes nothing more", async () => {
    await post(o, "/api/auth/otp/generate", { phone: uniquePhone() });
    await o.app.domains.jobs.drain();
    const { rows } = await o.database.pool.query<{ id: string; to: string }>(
      "select id, data->>'to' as to from pgboss.job where name = $1 order by created_on desc limit 1",
      [SMS_QUEUE],
    );
    const job = rows[0]!;
    const count = async (table: "dev_outbox" | "message_sends") =>
      (await o.database.pool.query(`select 1 from ${table} where recipient = $1`, [job.to]))
        .rowCount;
    expect(await count("dev_outbox")).toBe(1);
    await o.database.pool.query(
      "update pgboss.job set state = 'created', completed_on = null, start_after = now() where id = $1",
      [job.id],
    );
    await o.app.domains.jobs.drain();
    expect(await count("dev_outbox")).toBe(1);
    expect(await count("message_sends")).toBe(1);
  });
});
