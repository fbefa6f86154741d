import { describe, expect, it } from "vitest";
import { safeHtml } from "./safe-html.ts";

describe("safeHtml", () => {
  it("keeps headings, paragraphs, lists and links", () => {
    const html =
      '<h2>Made for the maidan</h2><p>Hi <strong>all</strong></p><ul><li>One</li></ul><a href="/sale">Sale</a>';
    expect(safeHtml(html)).toBe(html);
  });

  it("drops scripts, handlers, styles and javascript: links", () => {
    const out = safeHtml(
      '<p onclick="x()" style="color:red">A</p><script>alert(1)</script><iframe src="//x"></iframe><a href="javascript:alert(1)">B</a><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|style|iframe|javascript|onerror/);
    expect(out).toContain("<p>A</p>");
  });

  it("opens external links safely and demotes h1", () => {
    expect(safeHtml('<h1>T</h1><a href="https://x.pk">x</a>')).toBe(
      '<h2>T</h2><a href="https://x.pk" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
