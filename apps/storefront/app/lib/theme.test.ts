import { describe, expect, it } from "vitest";
import {
  defaultPrimaryColor,
  fontStackFor,
  normalizeColor,
  roundedFontStack,
  systemFontStack,
  themeCss,
} from "./theme";

describe("normalizeColor", () => {
  it("accepts hex colours with or without #", () => {
    expect(normalizeColor("f46b22")).toBe("#f46b22");
    expect(normalizeColor("#F46B22")).toBe("#f46b22");
    expect(normalizeColor("#abc")).toBe("#abc");
  });

  it("falls back to the shop orange for anything else", () => {
    expect(normalizeColor(undefined)).toBe(defaultPrimaryColor);
    expect(normalizeColor("red;}body{display:none")).toBe(defaultPrimaryColor);
    expect(normalizeColor("#12345")).toBe(defaultPrimaryColor);
  });
});

describe("fontStackFor", () => {
  it("gives theme 2 one family and every other theme another", () => {
    expect(fontStackFor(2)).toBe(roundedFontStack);
    expect(fontStackFor(3)).toBe(systemFontStack);
    expect(fontStackFor(1)).toBe(systemFontStack);
    expect(fontStackFor(undefined)).toBe(systemFontStack);
    expect(roundedFontStack).not.toBe(systemFontStack);
  });
});

describe("themeCss", () => {
  it("defaults to orange and theme 3", () => {
    expect(themeCss(null)).toBe(`:root{--color-primary:#f46b22;--font-body:${systemFontStack};}`);
  });

  it("follows the settings", () => {
    expect(themeCss({ primaryColor: "0a7", mainTheme: 2 })).toBe(
      `:root{--color-primary:#0a7;--font-body:${roundedFontStack};}`,
    );
  });
});
