import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t.close());

describe("help center", () => {
  it("lists the seeded articles by topic, topics in order", async () => {
    const res = await t.app.inject("/api/help-center");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.q).toBe("");
    expect(body.topics.map((x: { topic: string }) => x.topic)).toEqual([
      "Orders",
      "Payments",
      "Shipping",
      "Returns & Refunds",
      "Account",
      "Wallet & Referral",
    ]);
    expect(body.topics[0].articles[0]).toMatchObject({
      slug: "how-to-place-an-order",
      title: "How do I place an order?",
    });
  });

  it("searches titles and bodies for every word, case-insensitively", async () => {
    const res = await t.app.inject("/api/help-center?q=EASYPAISA%20wallet");
    const slugs = res
      .json()
      .topics.flatMap((x: { articles: { slug: string }[] }) => x.articles.map((a) => a.slug));
    expect(slugs).toContain("top-up-wallet");
    expect(slugs).not.toContain("cash-on-delivery");
  });

  it("treats % and quotes as text and cuts an overlong query", async () => {
    for (const q of ["%", "_", "' or 1=1 --", "<script>", "x".repeat(5000)]) {
      const res = await t.app.inject(`/api/help-center?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().q.length).toBeLessThanOrEqual(100);
    }
    expect((await t.app.inject("/api/help-center?q=%25")).json().topics).toEqual([]);
  });

  it("serves one article by slug or id, with its topic's other articles", async () => {
    const bySlug = await t.app.inject("/api/help-center/cash-on-delivery");
    expect(bySlug.statusCode).toBe(200);
    const article = bySlug.json();
    expect(article).toMatchObject({ topic: "Payments", title: "How does cash on delivery work?" });
    expect(article.body).toContain("<p>");
    expect(article.related.map((a: { topic: string }) => a.topic)).toEqual(
      Array(article.related.length).fill("Payments"),
    );
    expect(article.related.some((a: { _id: string }) => a._id === article._id)).toBe(false);
    const byId = await t.app.inject(`/api/help-center/${article._id}`);
    expect(byId.json().slug).toBe("cash-on-delivery");
  });

  it("answers 404 with the message body for an unknown article", async () => {
    const res = await t.app.inject("/api/help-center/no-such-article");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      status: 404,
      message: "This help article could not be found",
    });
  });
});
