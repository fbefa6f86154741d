import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guest, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { buy, lastSms } from "../../testing/order-helpers.ts";
import { MAX_CONFIRM_ATTEMPTS } from "./cod-confirmation.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 8 });
});
afterAll(() => t?.close());

describe("guessing the COD confirmation code", () => {
  it("200 concurrent wrong guesses: exactly 5 are checked, the rest 429; the right code is then refused", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 5);
    const who = guest();
    const r = await buy(t, who, v);
    const id = r.orders[0]._id;
    const code = (await lastSms(t, "923001234567")).match(/code (\d{6})/)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, "0");
    const url = `/api/orders/my/${id}/confirm`;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => send(t, "POST", url, who, { code: wrong(n) })),
    );
    const checked = results.filter((x) => x.statusCode === 400);
    expect(checked).toHaveLength(MAX_CONFIRM_ATTEMPTS);
    for (const x of checked)
      expect(x.json().message).toBe("That code is not right. Please check the SMS and try again.");
    const refused = results.filter((x) => x.statusCode === 429);
    expect(refused).toHaveLength(200 - MAX_CONFIRM_ATTEMPTS);
    expect(refused[0]?.json()).toEqual({
      message: "Too many wrong codes. Use the link in the SMS or call us.",
      status: 429,
      code: "TOO_MANY_ATTEMPTS",
    });
    const right = await send(t, "POST", url, who, { code });
    expect(right.statusCode).toBe(429);
    const row = await t.database.db.execute(
      sql`select status, confirm_attempts from orders where id = ${id}`,
    );
    expect(row.rows[0]).toEqual({
      status: "pending_confirmation",
      confirm_attempts: MAX_CONFIRM_ATTEMPTS,
    });
  });
});
