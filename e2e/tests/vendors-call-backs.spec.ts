import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import { signUp } from "./checkout-helpers.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Vendor applications and call-back requests (decisions 053, 058) in a real browser, on a phone
 * and a desktop: a shopper applies (an empty form first: the messages beside the fields; a file
 * that is not a PDF or picture: its message beside the documents), lands on /success, staff open
 * the documents and approve in /admin/vendor-applications, the store page is live and the new
 * vendor signs in and reaches the back-office; a visitor asks for a call-back, lands on /success,
 * and staff mark it called with a note. /success shows nothing to another browser.
 */
// Two browsers, two sign-ins and full-page screenshots on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A number no other run or project used: the project's digit and the time. */
const phoneFor = (info: TestInfo) =>
  `03${info.project.name === "phone" ? 1 : 2}${String(Date.now()).slice(-8)}`;

/** A 1×1 PNG and a PDF: real files, checked by their bytes on the server. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
// Padded past 1 MB, the storefront's body limit for every other page's form.
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n"),
  Buffer.alloc(1_500_000, " "),
  Buffer.from("\ntrailer<<>>\n%%EOF\n"),
]);

async function fits(page: Page) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

test("a shopper applies to sell, staff approve, the store opens and the new vendor reaches /admin", async ({
  page,
  browser,
}, info) => {
  const email = await signUp(page, info, "vendor-journey");
  const business = `Hina Crafts ${info.project.name === "phone" ? "P" : "D"}${String(Date.now()).slice(-5)}`;
  await page.goto("/apply-for-vendor");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Sell on Maidan", level: 1 })).toBeVisible();
  await snapshot(page, info, "apply-for-vendor");
  await fits(page);

  // Empty: the §5 messages beside the fields, nothing sent.
  await page.getByLabel("E-mail").fill("");
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(page.locator("#f-businessName-error")).toHaveText(
    "The business name field is required",
  );
  await expect(page.locator("#f-cnic-error")).toHaveText("The CNIC field is required");
  await expect(page.locator("#f-categories-error")).toHaveText(
    "Choose at least one category you sell",
  );
  await expect(page.getByLabel("Business name")).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, info, "apply-for-vendor-errors");

  await page.getByLabel("Business name").fill(business);
  await page.getByLabel("City").fill("Lahore");
  const boxes = page.locator('input[name="categories"]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByLabel("Owner's full name").fill("Hina Aslam");
  await page.getByLabel("CNIC", { exact: true }).fill("35202-1234567-1");
  await page.getByLabel("Mobile number").fill(phoneFor(info));
  await page.getByLabel("E-mail").fill(email);
  // A text file dressed as a PDF: refused by its bytes, the message beside the field.
  const documents = page.getByLabel("Your CNIC, NTN certificate or business papers");
  await documents.setInputFiles({
    name: "cnic.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not really a PDF"),
  });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.locator("#f-documents-error")).toHaveText(
    "Each document must be a PDF or a JPG, PNG or WebP picture.",
  );
  await expect(documents).toHaveAttribute("aria-invalid", "true");
  await snapshot(page, info, "apply-for-vendor-document-error");
  await documents.setInputFiles([
    { name: "cnic.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "shop-front.png", mimeType: "image/png", buffer: PNG },
  ]);
  await page.getByRole("button", { name: "Send application" }).click();
  // The outcome, from the server, on /success.
  await page.waitForURL(/\/success\?kind=vendor-application&id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
  await expect(page.getByText(/We have your application/)).toBeVisible();
  await expect(page.getByText(/with 2 documents/)).toBeVisible();
  await expect(page.getByText("Waiting for review")).toBeVisible();
  await snapshot(page, info, "success-vendor-application");
  await fits(page);
  const successUrl = page.url();

  // Signed in, the applicant follows it here.
  await page.goto("/apply-for-vendor");
  const mine = page.getByRole("region", { name: "Your applications" });
  await expect(mine.getByRole("listitem").filter({ hasText: business })).toContainText(
    "Waiting for review",
  );

  // Staff approve it from the queue.
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/vendor-applications");
  await admin.waitForLoadState("networkidle");
  const item = admin.getByRole("listitem", { name: business });
  await expect(item).toContainText("CNIC 35202-1234567-1");
  await expect(item).toContainText("signed-in applicant");
  // Staff open the documents; the applicant and a visitor cannot.
  const pdfLink = item.getByRole("link", { name: "cnic.pdf" });
  await expect(item.getByRole("link", { name: "shop-front.png" })).toBeVisible();
  const docUrl = await pdfLink.getAttribute("href");
  expect(docUrl).toMatch(/^\/api\/admin\/vendor-applications\/[0-9a-f-]{36}\/documents\/1$/);
  const opened = await admin.request.get(docUrl ?? "");
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  expect((await opened.body()).equals(PDF)).toBe(true);
  expect((await page.request.get(docUrl ?? "")).status()).toBe(403);
  const visitor = await browser.newContext({ baseURL: info.project.use.baseURL });
  expect((await visitor.request.get(docUrl ?? "")).status()).toBe(401);
  // Another browser sees nothing of the applicant's /success.
  const elsewhere = await visitor.newPage();
  const answer = await elsewhere.goto(successUrl);
  expect(answer?.status()).toBe(404);
  await expect(elsewhere.getByRole("heading", { name: "Nothing to show" })).toBeVisible();
  await visitor.close();
  await snapshot(admin, info, "admin-vendor-applications");
  await fits(admin);
  await item.getByRole("button", { name: `Approve ${business}` }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `${business} is approved: its store page is open.`,
  );
  await expect(admin.getByRole("listitem", { name: business })).toHaveCount(0);

  // The applicant sees it approved, and the store page is live.
  await page.goto("/apply-for-vendor");
  const approved = mine.getByRole("listitem").filter({ hasText: business });
  await expect(approved).toContainText("Approved");
  await snapshot(page, info, "apply-for-vendor-approved");
  await approved.getByRole("link", { name: "Your store page" }).click();
  await expect(page).toHaveURL(/\/stores\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: business })).toBeVisible();

  // The new vendor signs in again and reaches the back-office as a vendor.
  await page.context().clearCookies();
  await page.goto("/account/login?redirectTo=/admin");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/admin"));
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.locator(".admin__who")).toContainText("vendor");
  await admin.context().close();
});

test("a visitor asks for a call-back, staff mark it called with a note", async ({
  page,
  browser,
}, info) => {
  const name = `Bilal ${info.project.name === "phone" ? "Phone" : "Desk"} ${String(Date.now()).slice(-5)}`;
  await page.goto("/request-call-back");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Request a call back", level: 1 })).toBeVisible();
  await snapshot(page, info, "request-call-back");
  await fits(page);

  await page.getByRole("button", { name: "Request a call back" }).click();
  await expect(page.locator("#f-name-error")).toHaveText("The name field is required");
  await expect(page.locator("#f-phone-error")).toHaveText("The mobile number field is required");
  await expect(page.locator("#f-topic-error")).toHaveText("The topic field is required");
  await snapshot(page, info, "request-call-back-errors");

  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Mobile number").fill(phoneFor(info));
  await page.getByLabel("What is it about?").selectOption("delivery");
  await page.getByLabel("Order number (optional)").fill("MDN-20001");
  await page.getByLabel("Evening (5 pm – 9 pm)").check();
  await page.getByRole("button", { name: "Request a call back" }).click();
  await page.waitForURL(/\/success\?kind=call-back&id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "We will call you" })).toBeVisible();
  await expect(page.getByText("Delivery · order MDN-20001 · Evening (5 pm – 9 pm)")).toBeVisible();
  await snapshot(page, info, "success-call-back");
  await fits(page);
  // A made-up id: a plain page, not an error.
  const unknown = await page.goto(
    "/success?kind=call-back&id=00000000-0000-4000-8000-000000000000",
  );
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing to show" })).toBeVisible();
  await snapshot(page, info, "success-nothing");

  const admin = await adminPage(browser, info);
  await admin.goto("/admin/call-backs");
  await admin.waitForLoadState("networkidle");
  const item = admin.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Delivery · order MDN-20001 · Evening (5 pm – 9 pm)");
  await snapshot(admin, info, "admin-call-backs");
  await fits(admin);
  await item.getByLabel(`Status of ${name}'s call-back`).selectOption("called");
  await item.getByLabel(`Note on ${name}'s call-back`).fill("Parcel arrives tomorrow; told her.");
  await item.getByRole("button", { name: `Save ${name}'s call-back` }).click();
  await expect(admin.getByRole("status")).toHaveText(`${name}'s call-back is called.`);
  await admin.goto("/admin/call-backs?status=called");
  await expect(admin.getByRole("listitem").filter({ hasText: name })).toContainText(
    "Note: Parcel arrives tomorrow; told her.",
  );
  await admin.context().close();
});
