import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineScripts, scriptHash } from "./script-hashes.ts";

const sha = (s: string) => `sha256-${createHash("sha256").update(s).digest("base64")}`;

describe("hashInlineScripts (cached pages run their scripts by hash)", () => {
  const page = [
    '<head><link rel="modulepreload" href="/assets/x.js" nonce="N0N0"/>',
    '<script nonce="N0N0">window.a=1</script>',
    '<script type="module" async="" nonce="N0N0">import "/assets/x.js";</script>',
    '<script type="application/ld+json">{"@type":"Product"}</script>',
    '<script src="/assets/y.js" nonce="N0N0"></script></head>',
    '<body><p>Great</p><script>alert("injected")</script>',
    '<script nonce="other">alert("wrong nonce")</script>',
    '<script nonce="N0N0">window.a=1</script></body>',
  ].join("");

  it("hashes the scripts that carry the render's nonce, once each, and removes the nonce", () => {
    const { html, hashes } = hashInlineScripts(page, "N0N0");
    expect(hashes.sort()).toEqual([sha("window.a=1"), sha('import "/assets/x.js";')].sort());
    expect(html).not.toContain("N0N0");
    expect(html).toContain('<script src="/assets/y.js"></script>');
    expect(html).toContain('<script type="module" async="">import "/assets/x.js";</script>');
  });

  it("gives no hash to a script without the render's nonce", () => {
    const { html, hashes } = hashInlineScripts(page, "N0N0");
    expect(hashes).not.toContain(sha('alert("injected")'));
    expect(hashes).not.toContain(sha('alert("wrong nonce")'));
    expect(html).toContain('<script nonce="other">alert("wrong nonce")</script>');
  });

  it("hashes text as the HTML parser hands it to the browser (CR LF becomes LF)", () => {
    expect(scriptHash("a\r\nb\rc")).toBe(sha("a\nb\nc"));
  });
});
