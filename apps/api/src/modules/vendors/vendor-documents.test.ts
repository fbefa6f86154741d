import { describe, expect, it } from "vitest";
import { cleanName, sniffDocument } from "./vendor-documents.ts";

const b = (...x: (number | string)[]) =>
  new Uint8Array(
    x.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe("sniffDocument", () => {
  it("reads the type from the bytes' signature", () => {
    expect(sniffDocument(b("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffDocument(b(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffDocument(b(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffDocument(b("RIFF", 0, 0, 0, 0, "WEBP"))).toBe("image/webp");
  });

  it("knows nothing else, whatever it is called", () => {
    expect(sniffDocument(b("<svg"))).toBeNull();
    expect(sniffDocument(b("GIF89a"))).toBeNull();
    expect(sniffDocument(b("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffDocument(b("%PD"))).toBeNull();
  });
});

describe("cleanName", () => {
  it("keeps the last part of the name, printable, and names a nameless file", () => {
    expect(cleanName("C:\\scans\\cnic front.jpg", "image/jpeg")).toBe("cnic front.jpg");
    expect(cleanName('a"b<c>.pdf', "application/pdf")).toBe("abc.pdf");
    expect(cleanName("", "application/pdf")).toBe("document.pdf");
  });
});
