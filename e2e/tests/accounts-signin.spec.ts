import { expect, type Page, request, test } from "@playwright/test";
import { withShopDb } from "./db.ts";

/**
 * Sign-in paths beyond e-mail and phone (issue #4): token login at /verify/auth, Facebook through
 * the local sandbox provider, and the way back to the page that asked for a login. Each signs in
 * the real way; nothing is mocked.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A new account made through the API in its own request context (not the page's cookies). */
async function newAccount(baseURL: string | undefined, firstName: string) {
  const email = `signin-${unique()}@example.com`;
  const password = "signin-pass-1";
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/auth/signup", { data: { firstName, email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password, api };
}

/** An active variant with stock, for a guest cart. Read only: stock is not changed. */
const someVariant = (offset: number) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ vid: string; pid: string }>(
      `select v.id as vid, v.product_id as pid from variants v join products p on p.id = v.product_id
       where p.active and v.active and v.stock >= 5 order by p.slug desc, v.id offset $1 limit 1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error("no variant in stock");
    return row;
  });

/** As a guest: one item into the cart through the API, with the page's cookies. */
async function guestAddsToCart(page: Page, offset: number) {
  const { vid, pid } = await someVariant(offset);
  const add = await page.request.post("/api/cart/v2/add", { data: { pid, vid, qty: 1 } });
  expect(add.ok(), await add.text()).toBe(true);
  return vid;
}

/** The variant ids in the cart of whoever the page is signed in as. */
const cartVariants = async (page: Page) => {
  const res = await page.request.get("/api/cart");
  const cart = (await res.json()) as { items: { _id: string }[] };
  return cart.items.map((i) => i._id);
};

test("token login: /verify/auth says 'Logged In Redirecting' and signs in; a used token shows the server's message", async ({
  page,
  baseURL,
}) => {
  const { api } = await newAccount(baseURL, "Tariq");
  // The app hands a signed-in shopper to the web with a one-time login link.
  const issued = await api.post("/api/auth/login-token");
  expect(issued.ok()).toBe(true);
  const { url } = (await issued.json()) as { url: string };
  expect(url).toMatch(/^\/verify\/auth\?token=/);
  await api.dispose();

  await page.goto(url);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Logged In Redirecting");
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByRole("heading", { name: "Hello, Tariq" })).toBeVisible();
  const cookie = (await page.context().cookies(baseURL)).find((c) => c.name === "Authorization");
  expect(cookie?.httpOnly).toBe(true);
  // Token, social and Facebook logins keep the cookie for a year.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);

  // Single use: the same link, signed out, is refused with the server's message.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Could not log in" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This link is invalid or has expired.",
  );
  await page.goto("/my");
  await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fmy$/);
});

test("Facebook login through the sandbox provider returns to /oauth/success and signs in", async ({
  page,
}, info) => {
  // One sandbox identity per project, so the two projects never race to create the same account.
  const who = info.project.name === "phone" ? "Bilal Ahmed" : "Sana Malik";
  await page.goto("/");
  const vid = await guestAddsToCart(page, info.project.name === "phone" ? 7 : 8);

  await page.goto("/account/login?redirectTo=/my/address");
  await page.getByRole("link", { name: "Continue with Facebook" }).click();
  await expect(page).toHaveURL(/\/sandbox\/facebook\?/);
  await expect(page.getByRole("heading", { name: "Log in with Facebook (sandbox)" })).toBeVisible();
  const back = page.waitForRequest((r) =>
    /\/oauth\/success\?redirectTo=%2Fmy%2Faddress$/.test(r.url()),
  );
  await page.getByRole("link", { name: `Continue as ${who}` }).click();
  await back;
  // /oauth/success finds the session and goes on to the page that asked for the login.
  await expect(page).toHaveURL(/\/my\/address$/);
  await expect(page.getByRole("heading", { name: "Addresses" })).toBeVisible();
  await page.goto("/my");
  await expect(page.getByRole("heading", { name: `Hello, ${who}` })).toBeVisible();
  // What the guest put in the cart is in the account's cart now.
  expect(await cartVariants(page)).toContain(vid);

  // A forged or stale answer from the provider: /oauth/success says so, signed out.
  await page.context().clearCookies();
  await page.goto("/api/auth/facebook/callback?code=code.forged.0&state=nope");
  await expect(page).toHaveURL(/\/oauth\/success\?error=1$/);
  await expect(page.getByRole("alert")).toHaveText("Facebook login failed. Please try again.");
});

test("anonymous /my/address → log in → back to /my/address with the guest cart kept", async ({
  page,
  baseURL,
}, info) => {
  const { email, password, api } = await newAccount(baseURL, "Nadia");
  await page.goto("/");
  await api.dispose();
  const vid = await guestAddsToCart(page, info.project.name === "phone" ? 9 : 10);

  // The auth guard (route rule 4) covers the /my pages also when the browser navigates on its
  // own without loading a document: the tab bar's Account link from the login page (the tab bar
  // is the phone's; on desktop it is hidden, so the click is dispatched to the link).
  await page.goto("/account/login");
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  await page
    .getByRole("navigation", { name: "Main", includeHidden: true })
    .getByRole("link", { name: "Account", includeHidden: true })
    .dispatchEvent("click");
  await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fmy$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );

  await page.goto("/my/address");
  await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fmy%2Faddress$/);
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/my\/address$/);
  expect(await cartVariants(page)).toContain(vid);
});
