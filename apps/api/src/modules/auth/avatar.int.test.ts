import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, get, put, signUp } from "../../testing/auth-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 1 });
});
afterAll(() => t?.close());

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#e35" } })
    .png()
    .toBuffer();
/** Random pixels compress badly: a PNG of about 600 KB. */
const noisePng = () =>
  sharp(Buffer.from(Array.from({ length: 450 * 450 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 450, height: 450, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
const upload = (token: string, image: string, name?: string) =>
  put(t, "/api/users/avatar", { image, name }, bearer(token));
const mediaFile = (avatar: string) =>
  join(t.config.dataDir, "media", "avatars", avatar.split("/").pop() ?? "");

describe("PUT /api/users/avatar", () => {
  it("stores a PNG as WebP under media/avatars, sets the profile's avatar and serves it through /img", async () => {
    const a = await signUp(t);
    const res = await upload(a.token, dataUrl("image/png", await png(300, 200)), "me.png");
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(/^\/img\/320\/avatars\/[a-z0-9-]+\.webp$/);
    expect(avatar).toContain(a.id);
    expect((await get(t, "/api/users/me", bearer(a.token))).json().avatar).toBe(avatar);
    const stored = readFileSync(mediaFile(avatar));
    expect(stored.subarray(8, 12).toString()).toBe("WEBP");
    expect(await sharp(stored).metadata()).toMatchObject({ width: 200, height: 200 });
    const shown = await get(t, avatar);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/webp");

    // A new picture replaces the old file.
    const next = await upload(
      a.token,
      dataUrl(
        "image/gif",
        await sharp(await png(64, 64))
          .gif()
          .toBuffer(),
      ),
      "me.gif",
    );
    expect(next.statusCode).toBe(200);
    await t.app.domains.jobs.drain(); // the removal is a job (decision 065)
    expect(existsSync(mediaFile(avatar))).toBe(false);
    expect(existsSync(mediaFile(next.json().avatar))).toBe(true);
  });

  it("an SVG is accepted and rasterised: no markup (scripts) is kept", async () => {
    const a = await signUp(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><script>alert(1)</script><circle cx="60" cy="60" r="50" fill="green"/></svg>',
    );
    const res = await upload(a.token, dataUrl("image/svg+xml", svg), "logo.svg");
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(mediaFile(res.json().avatar));
    expect(stored.subarray(8, 12).toString()).toBe("WEBP");
    expect(stored.includes("script")).toBe(false);
  });

  it("refuses oversize, non-image, unreadable, too small and BMP uploads with 4xx {message,status}", async () => {
    const a = await signUp(t);
    const cases: [string, string | undefined, number, string][] = [
      [
        dataUrl("image/png", await noisePng()),
        "big.png",
        413,
        "The avatar may not be greater than 512 KB",
      ],
      [
        dataUrl("text/plain", Buffer.from("hello")),
        "notes.txt",
        400,
        "The avatar must be an image: jpg, svg, jpeg, png, bmp or gif",
      ],
      [
        dataUrl("image/png", Buffer.from("not really a png")),
        "fake.png",
        400,
        "The avatar could not be read as a picture. Please upload a JPG, PNG, GIF or SVG image.",
      ],
      [
        dataUrl("image/png", await png(10, 10)),
        "tiny.png",
        400,
        "The avatar must be between 32 and 4096 pixels on each side",
      ],
      [
        dataUrl("image/bmp", Buffer.concat([Buffer.from("BM"), Buffer.alloc(200)])),
        "old.bmp",
        400,
        "The avatar could not be read as a picture. Please upload a JPG, PNG, GIF or SVG image.",
      ],
      [
        "https://example.com/me.png",
        undefined,
        400,
        "The avatar must be an image: jpg, svg, jpeg, png, bmp or gif",
      ],
    ];
    for (const [image, name, status, message] of cases) {
      const res = await upload(a.token, image, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json()).toMatchObject({ status, message });
    }
    expect((await get(t, "/api/users/me", bearer(a.token))).json().avatar).toBeNull();
  });

  it("needs a signed-in user; PUT /users/profile takes only https URLs or our own avatar paths", async () => {
    const image = dataUrl("image/png", await png(64, 64));
    expect((await put(t, "/api/users/avatar", { image })).statusCode).toBe(401);
    const a = await signUp(t);
    for (const avatar of [
      "javascript:alert(1)",
      "http://plain.example/a.png",
      "/img/320/../../etc/passwd",
    ]) {
      const res = await put(t, "/api/users/profile", { firstName: "A", avatar }, bearer(a.token));
      expect(res.statusCode, avatar).toBe(400);
    }
    const ok = await put(
      t,
      "/api/users/profile",
      { firstName: "A", avatar: "https://cdn.example.com/a.png" },
      bearer(a.token),
    );
    expect(ok.json().avatar).toBe("https://cdn.example.com/a.png");
  });

  it("user B cannot delete user A's picture by pointing B's profile at it and uploading", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const aAvatar = (await upload(a.token, dataUrl("image/png", await png(64, 64)))).json()
      .avatar as string;
    const pointed = await put(
      t,
      "/api/users/profile",
      { firstName: "B", avatar: aAvatar },
      bearer(b.token),
    );
    const bUpload = await upload(b.token, dataUrl("image/png", await png(80, 80)));
    expect(bUpload.statusCode).toBe(200);
    await t.app.domains.jobs.drain(); // the removal is a job (decision 065)
    expect(existsSync(mediaFile(aAvatar))).toBe(true);
    expect((await get(t, aAvatar)).statusCode).toBe(200);
    expect(pointed.statusCode).toBe(400);
    expect(pointed.json()).toMatchObject({ status: 400, message: "The avatar value is not valid" });
    expect((await get(t, "/api/users/me", bearer(a.token))).json().avatar).toBe(aAvatar);
  });

  it("a profile already naming someone else's file (set before the rule) never removes it", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const aAvatar = (await upload(a.token, dataUrl("image/png", await png(64, 64)))).json()
      .avatar as string;
    await t.database.pool.query("update users set avatar = $1 where id = $2", [aAvatar, b.id]);
    expect((await upload(b.token, dataUrl("image/png", await png(80, 80)))).statusCode).toBe(200);
    await t.app.domains.jobs.drain(); // the removal is a job (decision 065)
    expect(existsSync(mediaFile(aAvatar))).toBe(true);
  });

  it("the profile keeps the owner's own picture when it is sent back unchanged, or drops (and removes) it with null", async () => {
    const a = await signUp(t);
    const mine = (await upload(a.token, dataUrl("image/png", await png(64, 64)))).json()
      .avatar as string;
    const same = await put(
      t,
      "/api/users/profile",
      { firstName: "A", avatar: mine },
      bearer(a.token),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().avatar).toBe(mine);
    const cleared = await put(
      t,
      "/api/users/profile",
      { firstName: "A", avatar: null },
      bearer(a.token),
    );
    expect(cleared.json().avatar).toBeNull();
    await t.app.domains.jobs.drain(); // the removal is a job (decision 065)
    // The picture let go of is the owner's own: removed, no longer served.
    expect(existsSync(mediaFile(mine))).toBe(false);
    // Once dropped, the old path is no longer the profile's own: it cannot be set back.
    const back = await put(
      t,
      "/api/users/profile",
      { firstName: "A", avatar: mine },
      bearer(a.token),
    );
    expect(back.statusCode).toBe(400);
  });
});
