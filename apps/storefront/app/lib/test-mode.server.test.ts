import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { afterBodyOpens, TEST_MODE_RIBBON, testModeRibbon } from "./test-mode.server";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(afterBodyOpens("<i>R</i>")));

describe("the test-mode ribbon in the streamed page", () => {
  it("goes right after the opening body tag, once, wherever the chunks split", async () => {
    const page =
      '<!DOCTYPE html><html><head><title>x</title></head><body class="a"><p>b</p></body></html>';
    const want = page.replace('<body class="a">', '<body class="a"><i>R</i>');
    for (let i = 1; i < page.length; i++)
      expect(await through([page.slice(0, i), page.slice(i)])).toBe(want);
    expect(await through([page])).toBe(want);
  });

  it("keeps multi-byte characters whole and passes a page without a body as it is", async () => {
    const page = "<html><head><title>Rs. ₨ ’</title></head><body>…</body></html>";
    const bytes = Buffer.from(page);
    const split = await text(
      Readable.from([bytes.subarray(0, 30), bytes.subarray(30)]).pipe(afterBodyOpens("<i>R</i>")),
    );
    expect(split).toBe(page.replace("<body>", "<body><i>R</i>"));
    expect(await through(["<p>no body</p>"])).toBe("<p>no body</p>");
  });

  it("is an accessible note that names test mode", () => {
    expect(TEST_MODE_RIBBON).toMatch(
      /^<aside class="test-mode" role="note" style="[^"]+"><strong>Test mode<\/strong> · /,
    );
  });

  it("points to the outbox when the shop's messages go there", () => {
    expect(testModeRibbon({ outbox: false })).toBe(TEST_MODE_RIBBON);
    const withOutbox = testModeRibbon({ outbox: true });
    expect(withOutbox.startsWith(TEST_MODE_RIBBON.slice(0, TEST_MODE_RIBBON.indexOf(" · ")))).toBe(
      true,
    );
    expect(withOutbox).toMatch(
      /<\/strong> · sandbox payments, no real money moves\. SMS and e-mail go to the <a href="\/dev\/outbox" style="[^"]+">outbox<\/a>\.<\/aside>$/,
    );
  });
});
