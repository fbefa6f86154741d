import { createHash } from "node:crypto";
import { addToCart, guest, pickVariants, setStock } from "@maidan/api/testing/cart-helpers";
import { postForm, startPayment } from "@maidan/api/testing/payment-helpers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorefrontTestApp } from "../testing/storefront-source.ts";
import type { TestApp } from "../testing/test-app.ts";

/**
 * The content security policy of real storefront pages (decision 026): no 'unsafe-inline' for
 * scripts; every inline script a page carries (React Router's hand-off and module loader,
 * scroll restoration, streamed data, the analytics snippets) runs by the response's nonce, a
 * new one per render; a page from the page cache runs by hashes taken when it was stored.
 */
let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createStorefrontTestApp({ mount: { pageCacheMs: 600_000 } });
  // Every analytics snippet on every page (the ids are the vendors' formats).
  await t.database.db.execute(
    sql`update settings set analytics = ${JSON.stringify({
      google_status: "enabled",
      gtm_id: "GTM-TEST1",
      ga4_id: "G-TEST2",
      pixel_id: "1234567890",
    })}::jsonb where id = 1`,
  );
  const { rows } = await t.database.db.execute(
    sql`select slug from products where active order by slug limit 1`,
  );
  slug = (rows[0] as { slug: string }).slug;
});
afterAll(() => t?.close());

/** script-src of a policy, as its list of sources. */
function scriptSources(csp: unknown) {
  const directive = String(csp)
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  return directive?.split(/\s+/).slice(1) ?? [];
}

type InlineScript = { attrs: string; text: string };

/** The scripts a browser would run from the page's own text (not data blocks, not src=). */
function inlineScripts(html: string): InlineScript[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ attrs: m[1] ?? "", text: m[2] ?? "" }))
    .filter(({ attrs }) => !/\bsrc=/.test(attrs))
    .filter(({ attrs }) => {
      const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
      return type === undefined || type === "" || type === "module" || type === "text/javascript";
    });
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;

/** Asks as a returning visitor (a cookie), so the page is rendered for this request. */
const fresh = (url: string) =>
  t.app.inject({ url, headers: { cookie: "guest=csp-test-guest-01" } });

describe("inline scripts run by nonce or hash only", () => {
  it("a rendered page: no 'unsafe-inline', and every inline script carries the header's nonce", async () => {
    for (const path of ["/", `/${slug}`, "/men", "/account/login", "/sale"]) {
      const res = await fresh(path);
      expect(res.statusCode, path).toBe(200);
      const sources = scriptSources(res.headers["content-security-policy"]);
      expect(sources, path).not.toContain("'unsafe-inline'");
      const nonces = sources.filter((s) => s.startsWith("'nonce-"));
      expect(nonces, path).toHaveLength(1);
      const nonce = nonces[0]?.slice("'nonce-".length, -1);
      const scripts = inlineScripts(res.body);
      expect(scripts.length, path).toBeGreaterThan(2);
      for (const s of scripts)
        expect(s.attrs, `${path}: <script${s.attrs}>${s.text.slice(0, 60)}`).toContain(
          `nonce="${nonce}"`,
        );
      // The analytics snippets are among them.
      expect(res.body, path).toContain("GTM-TEST1");
      // No inline event handlers: a nonce cannot cover them.
      expect(res.body, path).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
  });

  it("two renders of one page have different nonces", async () => {
    // An address of its own: the product page asked before is now the shared one (decision 069).
    const path = `/${slug}?csp=nonces`;
    const [a, b] = await Promise.all([fresh(path), fresh(path)]);
    const nonceOf = (csp: unknown) => scriptSources(csp).find((s) => s.startsWith("'nonce-"));
    expect(nonceOf(a.headers["content-security-policy"])).toBeDefined();
    expect(nonceOf(a.headers["content-security-policy"])).not.toBe(
      nonceOf(b.headers["content-security-policy"]),
    );
  });

  it("a page from the page cache runs by hashes of exactly its inline scripts, and leaks no nonce", async () => {
    const path = `/${slug}?csp=cached`;
    const first = await t.app.inject({ url: path });
    const second = await t.app.inject({ url: path });
    expect(second.body).toBe(first.body);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      const sources = scriptSources(res.headers["content-security-policy"]);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
      const scripts = inlineScripts(res.body);
      expect(scripts.length).toBeGreaterThan(2);
      const hashes = sources.filter((s) => s.startsWith("'sha256-"));
      expect(new Set(hashes)).toEqual(new Set(scripts.map((s) => sha256(s.text))));
      expect(res.body).not.toMatch(/\snonce="/);
    }
  });
});

describe("pages outside the storefront", () => {
  /** Every inline script of the page carries the nonce its policy names. */
  function runsByNonce(res: { headers: Record<string, unknown>; body: string }, what: string) {
    const sources = scriptSources(res.headers["content-security-policy"]);
    expect(sources, what).not.toContain("'unsafe-inline'");
    const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
    expect(nonce, what).toBeDefined();
    const scripts = inlineScripts(res.body);
    expect(scripts.length, what).toBeGreaterThan(0);
    for (const s of scripts) expect(s.attrs, what).toContain(`nonce="${nonce}"`);
  }

  it("the sandbox pages that post the shopper back, and HBL's loading page, run by a nonce", async () => {
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    for (const gateway of ["keenu", "nift"] as const) {
      await setStock(t, v.vid, 5);
      const who = guest();
      expect((await addToCart(t, who, v)).statusCode).toBe(200);
      const s = await startPayment(t, who, gateway);
      expect((await postForm(t, new URL(s.action, "http://x").pathname, s.fields)).statusCode).toBe(
        200,
      );
      const page = await postForm(t, `/sandbox/${gateway}/choose`, {
        ...(gateway === "keenu" ? { orderNo: s.reference } : { ref: s.reference }),
        outcome: "cancel",
        notify: "0",
      });
      expect(page.statusCode, gateway).toBe(200);
      runsByNonce(page, gateway);
    }
    runsByNonce(await t.app.inject({ url: "/sandbox/hbl/HBLPay/Site/index.html" }), "HBL");
  });

  it("JSON and pages without inline scripts get a policy that allows none", async () => {
    for (const url of ["/api/health", "/sandbox/facebook", "/api/docs/"]) {
      const res = await t.app.inject({ url });
      const sources = scriptSources(res.headers["content-security-policy"]);
      expect(sources[0], url).toBe("'self'");
      expect(sources, url).not.toContain("'unsafe-inline'");
      expect(inlineScripts(res.body), url).toEqual([]);
    }
  });
});
