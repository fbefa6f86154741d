import {
  type Browser,
  expect as baseExpect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import { adminPage, deliverOrder, origin, shopperOrder } from "./admin-helpers.ts";
import { productWithStock } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext, horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The lucky draw (issue #17, decision 056): staff make a draw (its seed's hash shown at once),
 * three shoppers' delivered orders earn entries, the draw's job runs it at its close, the winner
 * is notified and sees the prize, and the page's "Check it" recomputes the draw in the browser.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const PER_ENTRY = 1000;

/** A shopper in a browser of their own, signed up through the API, with a delivered order. */
async function shopperWithDelivery(browser: Browser, info: TestInfo, admin: Page, offset: number) {
  const context = await freshContext(browser, info);
  const page = await context.newPage();
  const email = `lucky-${offset}-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post("/api/auth/signup", {
    data: { firstName: "Lucky", lastName: `Shopper${offset}`, email, password: "correct-horse-1" },
    headers: { origin: origin(info) },
  });
  expect(signup.status()).toBe(200);
  const userId = (await signup.json()).user._id as string;
  const product = await productWithStock(offset, 30, "p.price between 2000 and 20000");
  const order = await shopperOrder(page, info, product);
  await deliverOrder(admin, info, order._id);
  const spent = await withShopDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      "select (total + wallet_used)::int as n from orders where id = $1",
      [order._id],
    );
    return rows[0]?.n ?? 0;
  });
  return { page, userId, entries: Math.floor(spent / PER_ENTRY) };
}

/** The delivery events' jobs (entries among them) have all run. */
const eventsSettled = () =>
  withShopDb(async (db) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name like 'events.%'
           and state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

test("a draw with three shoppers, run by its job: the winner is told, and the page's check matches", async ({
  browser,
}, info) => {
  // Three shoppers' orders delivered by staff, a job and several pages: slow on a loaded machine.
  test.setTimeout(240_000);
  const admin = await adminPage(browser, info);
  const title = `Lucky draw ${info.project.name} ${Date.now()}`;
  // Staff open the draw on the back-office's screen; its closing time is typed in Pakistan time.
  await admin.goto("/admin/lucky-draws");
  const form = admin.getByRole("form", { name: "New lucky draw" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Prize, in words").fill("Rs. 2,500 in your Maidan wallet");
  await form.getByLabel("Wallet credit to each winner (Rs.)").fill("2500");
  const closes = new Date(Date.now() + 30 * 60_000 + 5 * 3600_000).toISOString().slice(0, 16);
  await form.getByLabel("Closes (Pakistan time)").fill(closes);
  await form.getByRole("button", { name: "Open the draw" }).click();
  await expect(admin.getByText(`“${title}” is open until`)).toBeVisible();
  await expect(admin.getByRole("cell", { name: new RegExp(title) })).toBeVisible();
  await snapshot(admin, info, "lucky-draw-admin");
  const draw = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string; seed_hash: string }>(
      "select id, seed_hash from lucky_draws where title = $1",
      [title],
    );
    return { _id: rows[0]?.id ?? "", seedHash: rows[0]?.seed_hash ?? "" };
  });

  const offsets = info.project.name === "phone" ? [21, 22, 23] : [24, 25, 26];
  const shoppers: Awaited<ReturnType<typeof shopperWithDelivery>>[] = [];
  for (const offset of offsets)
    shoppers.push(await shopperWithDelivery(browser, info, admin, offset));
  await eventsSettled();

  // The open draw, the shopper's entries, the hash.
  const first = shoppers[0];
  if (!first) throw new Error("no shopper");
  await first.page.goto("/lucky-draw");
  await expect(first.page.getByRole("heading", { name: "Lucky draw", level: 1 })).toBeVisible();
  const current = first.page.getByRole("region", { name: /Lucky draw (phone|desktop)/ });
  await expect(current.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(current).toContainText(
    `You have ${first.entries} ${first.entries === 1 ? "entry" : "entries"} in this draw.`,
  );
  expect(await horizontalOverflow(first.page)).toBeLessThanOrEqual(0);
  await snapshot(first.page, info, "lucky-draw-open");

  // This draw is these three's: entries that other tests' deliveries made meanwhile are left out.
  // Then its hour comes, and its job (queued when the draw was made) comes due.
  await withShopDb(async (db) => {
    await db.query(
      "delete from lucky_draw_entries where draw_id = $1 and not (user_id = any($2))",
      [draw._id, shoppers.map((s) => s.userId)],
    );
    await db.query("update lucky_draws set closes_at = now() - interval '1 second' where id = $1", [
      draw._id,
    ]);
    await db.query(
      "update pgboss.job set start_after = now() where name = 'lucky-draw.run' and data->>'drawId' = $1",
      [draw._id],
    );
  });
  const winnerId = await withShopDb(async (db) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query<{ user_id: string }>(
        "select user_id from lucky_draw_winners where draw_id = $1 and place = 1",
        [draw._id],
      );
      if (rows[0] || Date.now() > deadline) return rows[0]?.user_id ?? "";
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  const winner = shoppers.find((s) => s.userId === winnerId);
  if (!winner) throw new Error(`the winner ${winnerId} is not one of the three`);
  await eventsSettled();

  // The winner is told, in the app.
  await winner.page.goto("/notifications");
  await expect(winner.page.getByText(`You won the ${title}!`)).toBeVisible();
  await expect(winner.page.getByText("Rs. 2,500 is in your Maidan wallet.")).toBeVisible();
  await snapshot(winner.page, info, "lucky-draw-notification");

  // The past draw: the winner, the seed, the data, and the check in the browser.
  await winner.page.goto("/lucky-draw");
  const past = winner.page.getByRole("article", { name: title });
  await expect(past.getByRole("list", { name: `Winners of ${title}` })).toContainText("L*** S.");
  await expect(past.getByRole("link", { name: "Download the draw's data (JSON)" })).toBeVisible();
  await past.getByRole("button", { name: "Check it in your browser" }).click();
  await expect(past.getByText("It matches.")).toBeVisible();
  await expect(past).toContainText(`The seed's SHA-256 is ${draw.seedHash}`);
  await expect(past).toContainText("It matches: the rule picks exactly the published winners.");
  expect(await horizontalOverflow(winner.page)).toBeLessThanOrEqual(0);
  await past.scrollIntoViewIfNeeded();
  await snapshot(winner.page, info, "lucky-draw-checked");

  // The prize is in the winner's wallet.
  await winner.page.goto("/my/wallet");
  await expect(winner.page.getByText("Lucky draw prize").first()).toBeVisible();
  for (const s of shoppers) await s.page.context().close();
  await admin.context().close();
});
