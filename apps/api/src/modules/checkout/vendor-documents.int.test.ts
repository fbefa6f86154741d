import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { vendorDocumentMessages } from "@maidan/contracts/vendor-applications";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, uniquePhone } from "../../testing/auth-helpers.ts";
import { staffAccount } from "../../testing/staff-helpers.ts";

/**
 * A vendor applicant's documents (decision 058): PDFs and pictures recognised by their bytes,
 * size- and count-limited, kept under private/ in the media storage, opened by staff only.
 */
let t: TestApp;
let manager: Record<string, string>;
let vendor: Record<string, string>;
let shopper: Record<string, string>;
let png: Buffer;
let ipN = 0;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  t = await createTestApp({ products: 2 });
  manager = (await staffAccount(t, "manager")).headers;
  vendor = (await staffAccount(t, "vendor")).headers;
  shopper = bearer((await signUp(t)).token);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a6" } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

const form = (documents: { name?: string; data: string }[]) => ({
  businessName: "Multan Pottery",
  ownerName: "Bilal Ahmed",
  cnic: "36302-1234567-3",
  phone: uniquePhone(),
  email: `pottery-${Date.now()}-${++ipN}@example.com`,
  city: "Multan",
  categories: ["Home"],
  documents,
});

const inject = (
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: `10.58.${Math.floor(++ipN / 250)}.${ipN % 250}`,
    headers: { host: "localhost", origin: t.config.publicUrl, ...headers },
  });

const privateFiles = async () =>
  readdir(join(t.config.dataDir, "media", "private", "vendor-applications")).catch(() => []);

describe("documents with an application", () => {
  it("keeps a PDF and a picture, shows them to staff and opens each with its real type", async () => {
    const res = await inject(
      "POST",
      "/api/vendor-applications",
      {},
      form([
        { name: "cnic.pdf", data: dataUrl(PDF, "application/pdf") },
        // The claimed type is wrong: the bytes decide.
        { name: "ntn certificate.png", data: dataUrl(png, "application/octet-stream") },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.documentCount).toBe(2);
    expect(a).not.toHaveProperty("documents");

    const seen = (await inject("GET", `/api/admin/vendor-applications/${a._id}`, manager)).json();
    expect(seen.documents).toEqual([
      {
        name: "cnic.pdf",
        type: "application/pdf",
        size: PDF.length,
        url: `/api/admin/vendor-applications/${a._id}/documents/1`,
      },
      {
        name: "ntn certificate.png",
        type: "image/png",
        size: png.length,
        url: `/api/admin/vendor-applications/${a._id}/documents/2`,
      },
    ]);
    const pdf = await inject("GET", seen.documents[0].url, manager);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toBe("private, no-store");
    expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const pic = await inject("GET", seen.documents[1].url, manager);
    expect(pic.headers["content-type"]).toBe("image/png");
    expect(pic.headers["content-security-policy"]).toBe("sandbox");
    expect(pic.rawPayload.equals(png)).toBe(true);

    // Stored under private/, with a name the server drew.
    const row = (
      await t.database.db.execute(
        sql`select documents from vendor_applications where id = ${a._id}`,
      )
    ).rows[0] as { documents: { key: string }[] };
    for (const d of row.documents)
      expect(d.key).toMatch(/^private\/vendor-applications\/[0-9a-f]{32}\.(pdf|png)$/);
    expect(
      (await inject("GET", `/api/admin/vendor-applications/${a._id}/documents/3`, manager))
        .statusCode,
    ).toBe(404);
  });

  it("opens documents to staff only: visitors 401, shoppers and vendors 403, never through /media or /img", async () => {
    const a = (
      await inject(
        "POST",
        "/api/vendor-applications",
        {},
        form([{ name: "scan.png", data: dataUrl(png, "image/png") }]),
      )
    ).json();
    const url = `/api/admin/vendor-applications/${a._id}/documents/1`;
    expect((await inject("GET", url)).statusCode).toBe(401);
    expect((await inject("GET", url, shopper)).statusCode).toBe(403);
    expect((await inject("GET", url, vendor)).statusCode).toBe(403);
    expect((await inject("GET", url, manager)).statusCode).toBe(200);
    const row = (
      await t.database.db.execute(
        sql`select documents->0->>'key' as key from vendor_applications where id = ${a._id}`,
      )
    ).rows[0] as { key: string };
    expect((await inject("GET", `/media/${row.key}`)).statusCode).toBe(404);
    const img = await inject("GET", `/img/800/${row.key.replace(/\.png$/, ".webp")}`);
    expect([400, 404]).toContain(img.statusCode);
  });

  it("refuses what is not a PDF or picture, too many and too large, with the field's message; nothing kept", async () => {
    const before = await privateFiles();
    const rows = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from vendor_applications`))
            .rows[0] as { n: number }
        ).n,
      );
    const count = await rows();
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const cases: [{ name?: string; data: string }[], string][] = [
      // A script named and typed as a PDF.
      [
        [
          {
            name: "cnic.pdf",
            data: dataUrl(Buffer.from("<script>alert(1)</script>"), "application/pdf"),
          },
        ],
        vendorDocumentMessages.notAllowed,
      ],
      // A JPEG's first bytes on junk.
      [
        [{ name: "cnic.jpg", data: dataUrl(fakeJpeg, "image/jpeg") }],
        vendorDocumentMessages.notAllowed,
      ],
      [
        [
          {
            name: "a.svg",
            data: dataUrl(
              Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
              "image/svg+xml",
            ),
          },
        ],
        vendorDocumentMessages.notAllowed,
      ],
      [[{ data: "not a data url" }], vendorDocumentMessages.notAllowed],
      [
        Array.from({ length: 4 }, () => ({ data: dataUrl(PDF, "application/pdf") })),
        vendorDocumentMessages.tooMany,
      ],
      [
        [
          {
            name: "big.pdf",
            data: dataUrl(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), "application/pdf"),
          },
        ],
        vendorDocumentMessages.tooLarge,
      ],
    ];
    for (const [documents, message] of cases) {
      const res = await inject("POST", "/api/vendor-applications", {}, form(documents));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await rows()).toBe(count);
    expect(await privateFiles()).toEqual(before);
  });

  it("removes the stored files when the application itself is refused (a second pending one)", async () => {
    const phone = uniquePhone();
    expect(
      (await inject("POST", "/api/vendor-applications", {}, { ...form([]), phone })).statusCode,
    ).toBe(200);
    const before = await privateFiles();
    const res = await inject(
      "POST",
      "/api/vendor-applications",
      {},
      { ...form([{ name: "x.pdf", data: dataUrl(PDF, "application/pdf") }]), phone },
    );
    expect(res.statusCode).toBe(409);
    expect(await privateFiles()).toEqual(before);
  });
});

describe("/success's outcome", () => {
  it("shows an application or call-back to the account or browser that sent it, to no one else", async () => {
    const s = t.app.domains.services.vendorApplications;
    const me = await signUp(t);
    const guest = { userId: null, guestId: "guest-misc17-a" };
    const signedIn = { userId: me.id, guestId: "guest-misc17-b" };
    const byGuest = await s.apply(form([]), { ...guest, ip: "10.58.200.1" });
    const byUser = await s.apply(form([]), { ...signedIn, ip: "10.58.200.2" });
    const call = await s.requestCallBack(
      { name: "Sana", phone: uniquePhone(), topic: "delivery", preferredTime: "any" },
      { ...guest, ip: "10.58.200.3" },
    );
    expect((await s.applicationOf(guest, byGuest._id))?.businessName).toBe("Multan Pottery");
    expect((await s.callBackOf(guest, call._id))?.topic).toBe("delivery");
    // The account sees its own from another browser.
    expect((await s.applicationOf({ userId: me.id, guestId: null }, byUser._id))?._id).toBe(
      byUser._id,
    );
    // Others', unknown and malformed ids: nothing.
    const stranger = { userId: null, guestId: "guest-misc17-z" };
    expect(await s.applicationOf(stranger, byGuest._id)).toBeNull();
    expect(await s.applicationOf({ userId: null, guestId: null }, byGuest._id)).toBeNull();
    expect(await s.applicationOf(guest, byUser._id)).toBeNull();
    expect(await s.callBackOf(stranger, call._id)).toBeNull();
    expect(await s.callBackOf(guest, byGuest._id)).toBeNull();
    expect(await s.applicationOf(guest, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await s.applicationOf(guest, "not-an-id")).toBeNull();
  });
});

describe("OpenAPI", () => {
  it("describes the documents in the application's body and the staff's document route", async () => {
    const doc = (await inject("GET", "/api/docs/json")).json();
    const body =
      doc.paths["/api/vendor-applications"].post.requestBody.content["application/json"].schema;
    expect(body.properties.documents.maxItems).toBe(3);
    const staff = doc.paths["/api/admin/vendor-applications/{id}/documents/{n}"]?.get;
    expect(Object.keys(staff?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "401", "403", "404"]),
    );
    expect(doc.paths["/api/wallet/user/{userId}"].get.responses["200"]).toBeDefined();
  });
});
