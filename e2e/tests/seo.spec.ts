import { expect, test } from "@playwright/test";

/**
 * Issue #3 SEO: the server-rendered HTML of the catalogue's landing-type pages carries a
 * canonical address and Open Graph tags (crawlers and share previews do not run JavaScript).
 */
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

for (const path of ["/", "/sale", "/explore", "/daily_juice", "/women-summer-collection"]) {
  test(`${path} has a canonical address and Open Graph tags in its HTML`, async ({
    request,
    baseURL,
  }) => {
    const res = await request.get(`${path}?utm_source=newsletter`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const url = `${baseURL}${path}`;
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(url);
    expect(attr(html, /<meta property="og:type" content="([^"]+)"/)).toBe("website");
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
    expect(attr(html, /<meta property="og:description" content="([^"]+)"/)).toBeTruthy();
    const image = attr(html, /<meta property="og:image" content="([^"]+)"/) ?? "";
    expect(image).toMatch(new RegExp(`^${baseURL}/img/800/.+\\.jpeg$`));
    // The picture is really there, as a JPEG.
    const picture = await request.get(image);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
  });
}
