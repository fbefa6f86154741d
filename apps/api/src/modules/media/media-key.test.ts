import { describe, expect, it } from "vitest";
import { contentTypeOf, isMediaKey, isPublicMediaKey } from "./media-key.ts";

describe("media keys", () => {
  it("stores private files (PDFs too) but serves only public ones", () => {
    const doc = "private/vendor-applications/0123abcd.pdf";
    const pic = "private/vendor-applications/0123abcd.png";
    expect(isMediaKey(doc)).toBe(true);
    expect(isMediaKey(pic)).toBe(true);
    expect(isPublicMediaKey(doc)).toBe(false);
    expect(isPublicMediaKey(pic)).toBe(false);
    expect(isPublicMediaKey("products/shoe-red.webp")).toBe(true);
    expect(contentTypeOf(doc)).toBe("application/pdf");
  });

  it("refuses PDFs outside private/ and paths that climb", () => {
    expect(isMediaKey("products/menu.pdf")).toBe(false);
    expect(isMediaKey("private/../secret.pdf")).toBe(false);
    expect(isMediaKey("private/.hidden.pdf")).toBe(false);
  });
});
