import { describe, expect, it } from "vitest";
import { sampleProduct } from "../testing/sample-product";
import { categoryCrumbs } from "./category-crumbs";
import { productImageUrl, productJsonLd } from "./product-seo";

describe("product JSON-LD", () => {
  const [product, crumbs] = productJsonLd("https://maidan.pk", sampleProduct());

  it("offers each variant in PKR with its availability", () => {
    expect(product["@type"]).toBe("Product");
    expect(product.brand).toEqual({ "@type": "Brand", name: "Stride" });
    expect(product.image).toEqual(["https://maidan.pk/img/800/products/shoe-red.jpeg"]);
    expect(product.offers).toHaveLength(2);
    expect(product.offers[0]).toMatchObject({
      price: "4999",
      priceCurrency: "PKR",
      availability: "https://schema.org/InStock",
      sku: "AR-40",
    });
    expect(product.offers[1]?.availability).toBe("https://schema.org/OutOfStock");
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 12 });
  });

  it("lists the breadcrumbs from home to the product", () => {
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement.map((i) => i.item)).toEqual([
      "https://maidan.pk/",
      "https://maidan.pk/men",
      "https://maidan.pk/men/men-shoes",
      "https://maidan.pk/air-runner-shoe",
    ]);
  });

  it("leaves out a rating nobody gave and uses the product stock without variants", () => {
    const [p] = productJsonLd(
      "https://x.pk",
      sampleProduct({ ratingCount: 0, variants: [], stock: 0 }),
    );
    expect(p.aggregateRating).toBeUndefined();
    expect(p.offers).toEqual([
      expect.objectContaining({ availability: "https://schema.org/OutOfStock" }),
    ]);
  });
});

describe("helpers", () => {
  it("links child categories under their root", () => {
    expect(categoryCrumbs(sampleProduct()).map((c) => c.path)).toEqual(["/men", "/men/men-shoes"]);
  });
  it("keeps non-media image addresses as they are", () => {
    expect(
      productImageUrl("https://x.pk", sampleProduct({ images: [], img: "https://cdn.x/y.png" })),
    ).toBe("https://cdn.x/y.png");
  });
});
