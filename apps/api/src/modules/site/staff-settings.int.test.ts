import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  DEMO_REFUSALS,
  profileAndPasswordChanges,
  put,
  signUp,
} from "../../testing/auth-helpers.ts";
import { send } from "../../testing/cart-helpers.ts";
import { everyRole, refusals } from "../../testing/staff-helpers.ts";

/**
 * The shop's settings in the back-office (decision 061): admins only, per-field validation with
 * nothing written, the audit entry, and a saved change seen at once although settings are
 * cached (the cache news drops them), demo mode included.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
beforeAll(async () => {
  t = await createTestApp({ products: 2, env: { CACHE_TTL_MS: "60000" } });
  roles = await everyRole(t);
});
afterAll(() => t?.close());

const current = async () => (await send(t, "GET", "/api/admin/settings", roles.admin)).json();
const save = (body: unknown, who: Record<string, string> = roles.admin) =>
  send(t, "PUT", "/api/admin/settings", who, body);
const publicSettings = async () =>
  (await send(t, "GET", "/api/settings/server-settings", {})).json();

describe("admin settings", () => {
  it("an admin's save shows in the public settings at once, though they are cached, and is audited", async () => {
    const before = await current();
    expect(before).toMatchObject({ primaryColor: "#f46b22", mainTheme: 3, currencySymbol: "Rs." });
    expect((await publicSettings()).primaryColor).toBe("#f46b22"); // now cached for a minute
    const res = await save({
      ...before,
      primaryColor: "#1E88E5",
      title: "Maidan test shop",
      guestLogin: false,
      appPromotion: {
        active: true,
        text: "Get the app",
        link: "https://maidan.pk/app",
        android: "",
        ios: "https://apps.apple.com/app/id1",
      },
      analytics: { google_status: "enabled", gtm_id: "GTM-AB12CD", ga4_id: "", pixel_id: "" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await publicSettings();
    expect(shown).toMatchObject({
      primaryColor: "#1e88e5",
      title: "Maidan test shop",
      guestLogin: false,
      appPromotion: { active: true, text: "Get the app", link: "https://maidan.pk/app" },
      analytics: { google_status: "enabled", gtm_id: "GTM-AB12CD" },
      currency: { symbol: "Rs.", code: "PKR" },
    });
    expect(shown.appPromotion).not.toHaveProperty("android");
    expect(shown.analytics).not.toHaveProperty("ga4_id");
    const audit = await t.database.db.execute(
      sql`select action, before->>'primaryColor' as was, after->>'primaryColor' as now
        from audit_log where record_type = 'settings' and record_id = 'shop'`,
    );
    expect(audit.rows).toEqual([{ action: "settings_saved", was: "#f46b22", now: "#1e88e5" }]);
    expect((await save(before)).statusCode).toBe(200);
    expect((await publicSettings()).primaryColor).toBe("#f46b22");
  });

  it("answers 400 with the field's message for each bad field, and writes nothing", async () => {
    const good = await current();
    const bad: [Record<string, unknown>, string][] = [
      [{ primaryColor: "orange" }, "hex colour"],
      [{ primaryColor: "#f46b2" }, "hex colour"],
      [{ mainTheme: 4 }, "main theme"],
      [{ title: "" }, "site title"],
      [{ description: "short" }, "site description"],
      [{ currencySymbol: "" }, "currency symbol"],
      [{ guestLogin: "yes" }, "guestLogin"],
      [{ demo: 1 }, "demo"],
      [{ appPromotion: { ...good.appPromotion, link: "http://maidan.pk/app" } }, "https://"],
      [{ appPromotion: { ...good.appPromotion, android: "javascript:alert(1)" } }, "https://"],
      [{ appPromotion: { ...good.appPromotion, active: true, text: "" } }, "needs its text"],
      [{ analytics: { ...good.analytics, google_status: "on" } }, "google_status"],
      [{ analytics: { ...good.analytics, gtm_id: "UA-1" } }, "GTM-"],
      [{ analytics: { ...good.analytics, pixel_id: "abc" } }, "pixel"],
    ];
    const audited = async () =>
      (await t.database.db.execute(sql`select 1 from audit_log`)).rows.length;
    expect(await refusals((body) => save(body), good, bad, audited)).toEqual({
      wrong: [],
      written: 0,
    });
    expect(await current()).toEqual(good);
  });

  it("managers, vendors and shoppers are refused", async () => {
    const body = await current();
    for (const who of [roles.manager, roles.vendor, roles.shopper]) {
      expect((await send(t, "GET", "/api/admin/settings", who)).statusCode).toBe(403);
      expect((await save(body, who)).statusCode).toBe(403);
    }
    expect((await save(body, {})).statusCode).toBe(401);
  });

  it("demo mode, switched on here, refuses profile and password changes with the spec's messages", async () => {
    const good = await current();
    const a = await signUp(t);
    expect((await save({ ...good, demo: true })).statusCode).toBe(200);
    try {
      expect(await profileAndPasswordChanges(t, a)).toMatchObject(DEMO_REFUSALS);
    } finally {
      expect((await save(good)).statusCode).toBe(200);
    }
    const p = await put(t, "/api/users/profile", { firstName: "Live" }, bearer(a.token));
    expect(p.statusCode).toBe(200);
  });
});
