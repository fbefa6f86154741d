import { type Browser, type BrowserContext, expect, request, test } from "@playwright/test";

/**
 * Logging out on one device leaves the others signed in; "Log out of all devices" ends them all
 * (issue #18, decision 043). Two browser contexts are two devices of one shopper; the second
 * runs without JavaScript, so the buttons are plain form posts.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A device signed in as the shopper: the login's session cookie in a fresh context. */
async function device(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  javaScriptEnabled: boolean,
): Promise<BrowserContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: account });
  expect(res.ok(), await res.text()).toBe(true);
  const token = (await res.json()).token as string;
  await api.dispose();
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addCookies([{ name: "Authorization", value: token, url: baseURL }]);
  return context;
}

async function signedIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto("/my");
  const yes = /\/my$/.test(page.url());
  await page.close();
  return yes;
}

test("log out ends only this device; 'Log out of all devices' ends every one", async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error("no baseURL");
  const account = { email: `sessions-${unique()}@example.com`, password: "sessions-pass-1" };
  const api = await request.newContext({ baseURL });
  const signup = await api.post("/api/auth/signup", { data: { firstName: "Sana", ...account } });
  expect(signup.ok(), await signup.text()).toBe(true);
  await api.dispose();

  const phoneA = await device(browser, baseURL, account, true);
  const laptopB = await device(browser, baseURL, account, false);
  expect(await signedIn(phoneA)).toBe(true);
  expect(await signedIn(laptopB)).toBe(true);

  // Log out on A: A is signed out, B stays signed in.
  const a = await phoneA.newPage();
  await a.goto("/my");
  await a.getByRole("main").getByRole("button", { name: "Log out", exact: true }).click();
  await expect(a).toHaveURL(/\/$/);
  expect(await signedIn(phoneA)).toBe(false);
  expect(await signedIn(laptopB)).toBe(true);

  // A signs in again; B, without JavaScript, logs out of all devices: both are signed out.
  const phoneA2 = await device(browser, baseURL, account, true);
  expect(await signedIn(phoneA2)).toBe(true);
  const b = await laptopB.newPage();
  await b.goto("/my");
  await b.getByRole("button", { name: "Log out of all devices" }).click();
  await expect(b).toHaveURL(/\/$/);
  expect(await signedIn(laptopB)).toBe(false);
  expect(await signedIn(phoneA2)).toBe(false);

  for (const c of [phoneA, phoneA2, laptopB]) await c.close();
});
