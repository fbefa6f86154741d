import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineHeadStream, stylesheetInliner } from "./inline-css.ts";

const dir = mkdtempSync(join(tmpdir(), "inline-css-"));
mkdirSync(join(dir, "assets"));
writeFileSync(join(dir, "assets", "app-1.css"), "body{margin:0}");
writeFileSync(join(dir, "assets", "big-2.css"), "a{}".repeat(100));

describe("stylesheetInliner", () => {
  it("puts the rules inline before a link that no longer blocks the first paint", () => {
    const html = '<head><link rel="stylesheet" href="/assets/app-1.css"/></head>';
    expect(stylesheetInliner(dir)(html)).toBe(
      `<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/app-1.css" media="print"/></head>`,
    );
  });

  it("finds links that carry the render's CSP nonce, and writes no inline handler", () => {
    const html = '<head><link nonce="abc" rel="stylesheet" href="/assets/app-1.css"/></head>';
    const out = stylesheetInliner(dir)(html);
    expect(out).toBe(
      `<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/app-1.css" media="print"/></head>`,
    );
    expect(out).not.toMatch(/\son[a-z]+=/);
  });

  it("keeps a hash suffix and leaves unknown files linked", () => {
    const html =
      '<link rel="stylesheet" href="/assets/app-1.css#"/><link rel="stylesheet" href="/assets/gone.css"/>';
    const out = stylesheetInliner(dir)(html);
    expect(out).toContain('href="/assets/app-1.css#" media="print"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/gone.css"/>');
  });

  it("leaves the page alone when the stylesheets are too big to inline", () => {
    const html = '<link rel="stylesheet" href="/assets/big-2.css"/>';
    expect(stylesheetInliner(dir, 100)(html)).toBe(html);
  });
});

describe("inlineHeadStream", () => {
  it("rewrites the head once it has passed, whatever the chunking, and streams the rest", async () => {
    const page =
      '<html><head><title>Rs. — ٹیسٹ</title><link rel="stylesheet" href="/assets/app-1.css"/></head><body>x</body>';
    const stream = inlineHeadStream(stylesheetInliner(dir));
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    const bytes = Buffer.from(page);
    for (let i = 0; i < bytes.length; i += 7) stream.write(bytes.subarray(i, i + 7));
    stream.end();
    await new Promise((r) => stream.on("end", r));
    expect(Buffer.concat(out).toString()).toBe(stylesheetInliner(dir)(page));
    expect(Buffer.concat(out).toString()).toContain("<style>body{margin:0}</style>");
  });
});
