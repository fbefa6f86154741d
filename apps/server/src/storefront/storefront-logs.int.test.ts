import { captureLogs } from "@maidan/observability/testing/capture-logs";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStorefrontTestApp } from "../testing/storefront-source.ts";
import type { TestApp } from "../testing/test-app.ts";

/**
 * The storefront's loaders log through the server's logger (decision 038): their lines carry
 * the id of the page request they serve, as React Router's own failure lines do, and a page
 * that answers well writes nothing at info (its `request` line is at debug, decision 038).
 */
let t: TestApp;
let slug: string;
const logs = captureLogs();
beforeAll(async () => {
  t = await createStorefrontTestApp({ env: { LOG_LEVEL: "info" }, logTo: logs.destination });
  const { rows } = await t.database.db.execute(
    sql`select slug from products where active order by slug limit 1`,
  );
  slug = (rows[0] as { slug: string }).slug;
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

async function page(path: string) {
  const from = logs.lines.length;
  const res = await t.app.inject({ method: "GET", url: path, headers: { accept: "text/html" } });
  return { res, lines: logs.lines.slice(from), id: res.headers["x-request-id"] };
}

describe("a page request's log", () => {
  it("is nothing at info, and a loader's warning carries the request's id", async () => {
    vi.spyOn(t.app.domains.services.site, "pagesRouter").mockRejectedValue(new Error("db down"));
    const { res, lines, id } = await page(`/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(lines.filter((l) => l.level === "info")).toEqual([]);
    expect(lines.find((l) => l.level === "warn")).toMatchObject({
      msg: "storefront: pages router could not be loaded; probing instead",
      reqId: id,
      err: { message: "db down" },
    });
  });

  it("a loader's unexpected failure is logged once, with the request's id", async () => {
    vi.spyOn(t.app.domains.services.catalog, "detail").mockRejectedValue(
      new TypeError("cannot read properties of undefined"),
    );
    const { res, lines, id } = await page(`/${slug}`);
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => l.level === "error");
    expect(errors).toEqual([
      expect.objectContaining({
        msg: "storefront: request failed",
        reqId: id,
        err: expect.objectContaining({ message: "cannot read properties of undefined" }),
      }),
    ]);
  });
});
