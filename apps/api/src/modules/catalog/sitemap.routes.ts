import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../lib/errors.ts";
import { type Sitemap, sitemapIndex, urlSet } from "./sitemap.ts";

/** Paths crawlers should leave alone: private pages, the cart and checkout, API calls. */
const DISALLOW = [
  "/api/",
  "/checkout",
  "/cart",
  "/my",
  "/account",
  "/admin",
  "/wishlist",
  "/search",
];

/**
 * /robots.txt, /sitemap.xml (an index) and /sitemaps/*.xml. Registered at the root, so they
 * outrank the storefront's catch-all.
 */
export const sitemapRoutes: FastifyPluginAsync<{ sitemap: Sitemap; publicUrl: string }> = async (
  app,
  { sitemap, publicUrl: origin },
) => {
  const xml = {
    "content-type": "application/xml; charset=utf-8",
    "cache-control": "public, max-age=3600",
  };
  const hide = { schema: { hide: true } };

  app.get("/robots.txt", hide, async (_req, reply) => {
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600");
    return `User-agent: *\n${DISALLOW.map((p) => `Disallow: ${p}`).join("\n")}\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  app.get("/sitemap.xml", hide, async (_req, reply) => {
    const files = await sitemap.files();
    reply.headers(xml);
    return sitemapIndex(files.map((f) => `${origin}/sitemaps/${f}`));
  });

  app.get<{ Params: { file: string } }>("/sitemaps/:file", hide, async (req, reply) => {
    const file = req.params.file;
    const page = /^products-(\d{1,6})\.xml$/.exec(file);
    const load =
      file === "pages.xml"
        ? sitemap.pages()
        : file === "categories.xml"
          ? sitemap.categories()
          : file === "brands.xml"
            ? sitemap.brands()
            : page && Number(page[1]) >= 1
              ? sitemap.products(Number(page[1]))
              : Promise.resolve(null);
    const urls = await load;
    if (!urls) throw notFound("Sitemap not found");
    reply.headers(xml);
    return urlSet(urls.map((u) => ({ ...u, loc: `${origin}${u.path}` })));
  });
};
