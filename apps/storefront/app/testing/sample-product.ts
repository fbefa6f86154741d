import type { ProductDetail } from "@maidan/contracts/catalog";

/** A product detail as the catalogue service returns it, for storefront tests. */
export const sampleProduct = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: "p1",
  slug: "air-runner-shoe",
  name: "Air Runner Shoe",
  img: "/media/products/shoe-red.webp",
  price: 4999,
  mrp: 6999,
  discount: 29,
  brand: "Stride",
  inStock: true,
  rating: 4.3,
  ratingCount: 12,
  description: "Light running shoe.",
  specs: { Material: "Mesh" },
  tags: [],
  images: [{ url: "/media/products/shoe-red.webp", alt: "Red shoe", width: 800, height: 800 }],
  stock: 2,
  variants: [
    { _id: "v1", sku: "AR-40", size: "40", color: "Red", price: 4999, mrp: 6999, stock: 2 },
    { _id: "v2", sku: "AR-41", size: "41", color: "Red", price: 4999, mrp: 6999, stock: 0 },
  ],
  sizes: ["40", "41"],
  colors: [{ name: "Red", hex: "#c00" }],
  brandRef: { slug: "stride", name: "Stride" },
  vendor: { _id: "ven1", slug: "karachi-kicks", name: "Karachi Kicks" },
  category: { slug: "men-shoes", name: "Men's Shoes" },
  breadcrumbs: [
    { slug: "men", name: "Men" },
    { slug: "men-shoes", name: "Men's Shoes" },
  ],
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});
