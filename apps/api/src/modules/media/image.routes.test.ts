import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../plugins/errors.ts";
import { diskStorage } from "./disk-storage.ts";
import { imageRoutes } from "./image.routes.ts";

let app: FastifyInstance;
let cacheDir: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "maidan-img-"));
  const mediaDir = join(root, "media");
  cacheDir = join(root, "cache", "img");
  mkdirSync(join(mediaDir, "products"), { recursive: true });
  await sharp({ create: { width: 800, height: 800, channels: 3, background: "#f46b22" } })
    .jpeg()
    .toFile(join(mediaDir, "products", "shoe-red.jpg"));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(imageRoutes, { storage: diskStorage(mediaDir), cacheDir });
  await app.ready();
});
afterAll(() => app.close());

describe("GET /img/:width/*", () => {
  for (const [format, type] of [
    ["avif", "image/avif"],
    ["webp", "image/webp"],
    ["jpeg", "image/jpeg"],
  ] as const) {
    it(`resizes to the asked width as ${format}, with a year of caching`, async () => {
      const res = await app.inject(`/img/320/products/shoe-red.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["cache-control"]).toContain("max-age=31536000");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(320);
      expect(meta.format).toBe(format === "avif" ? "heif" : format);
    });
  }

  it("keeps the result on disk and serves it again", async () => {
    const first = await app.inject("/img/160/products/shoe-red.webp");
    expect(readdirSync(join(cacheDir, "160", "products"))).toContain("shoe-red.webp");
    const second = await app.inject("/img/160/products/shoe-red.webp");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    ["/img/321/products/shoe-red.webp", "width"],
    ["/img/0320/products/shoe-red.webp", "width"],
    ["/img/320/products/shoe-red.gif", "format"],
    ["/img/320/products/..%2F..%2Fetc%2Fpasswd.jpeg", "path"],
    ["/img/320/../../etc/passwd.jpeg", "path"],
    ["/img/320/products/.hidden.webp", "path"],
  ])("answers 400 for %s (bad %s), never a file outside media", async (url) => {
    const res = await app.inject(url);
    expect([400, 404]).toContain(res.statusCode);
    if (res.statusCode === 404) expect(res.json().message).not.toBe("Image not found");
    else expect(res.json()).toMatchObject({ status: 400 });
  });

  it("answers 404 for a missing source", async () => {
    const res = await app.inject("/img/320/products/no-such-thing.webp");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Image not found", status: 404, code: "NOT_FOUND" });
  });
});
