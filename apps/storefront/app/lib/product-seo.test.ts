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
    // Ratings without published reviews: a rating count, no reviews.
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.3, ratingCount: 12 });
    expect(product.aggregateRating).not.toHaveProperty("reviewCount");
    expect(product).not.toHaveProperty("review");
  });

  it("carries the page's published reviews, each with its rating (decision 051)", () => {
    const [reviewed] = productJsonLd("https://maidan.pk", sampleProduct(), [
      {
        _id: "r1",
        author: "Ayesha K.",
        rating: 5,
        title: "Light and comfy",
        text: "Ran 10 km in them </script> with no blisters.",
        variant: "Red / 40",
        photos: [],
        helpful: 2,
        voted: false,
        reply: null,
        createdAt: "2026-11-20T10:00:00.000Z",
      },
    ]);
    expect(reviewed.aggregateRating).toMatchObject({ ratingCount: 12, reviewCount: 12 });
    expect(reviewed.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Ayesha K." },
        datePublished: "2026-11-20",
        name: "Light and comfy",
        reviewBody: "Ran 10 km in them </script> with no blisters.",
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
    ]);
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
