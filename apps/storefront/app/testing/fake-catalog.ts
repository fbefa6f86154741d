import type { ProductCard, ProductList, ProductListQuery } from "@maidan/contracts/catalog";
import type { AppServices } from "@maidan/contracts/services";

/** An in-memory catalogue for storefront unit tests: two brands, one vendor, a few cards. */
export const cards: ProductCard[] = [
  { slug: "air-runner", name: "Air Runner", price: 7499, mrp: 9999, brand: "Stride" },
  { slug: "court-classic", name: "Court Classic", price: 5999, mrp: 5999, brand: "Stride" },
  { slug: "lawn-kameez", name: "Lawn Kameez", price: 3499, mrp: 4999, brand: "Gul" },
].map((c, i) => ({
  ...c,
  _id: `p${i + 1}`,
  img: `/media/${c.slug}.jpg`,
  discount: Math.round(((c.mrp - c.price) / c.mrp) * 100),
  inStock: i !== 1,
  rating: 4.2,
  ratingCount: 3,
}));

const brandList = [
  { _id: "b1", slug: "stride", name: "Stride", logo: null, description: null, productCount: 2 },
  { _id: "b2", slug: "gul", name: "Gul", logo: null, description: null, productCount: 1 },
];
const vendorList = [
  {
    _id: "v1",
    slug: "lahore-sports",
    name: "Lahore Sports",
    description: "Since 1998.",
    logo: null,
    banner: null,
    city: "Lahore",
    productCount: 3,
  },
];

export function fakeList(q: ProductListQuery, items = cards): ProductList {
  const brandNames = q.brand?.map((b) => brandList.find((x) => x.slug === b)?.name);
  const shown = items.filter((c) => !brandNames || brandNames.includes(c.brand ?? ""));
  return {
    items: shown.slice((q.page - 1) * q.limit, q.page * q.limit),
    total: shown.length,
    page: q.page,
    limit: q.limit,
    pages: Math.ceil(shown.length / q.limit),
    sort: q.sort ?? "relevance",
    facets: {
      subcategories: [],
      brands: brandList.map((b) => ({ value: b.slug, label: b.name, count: b.productCount })),
      vendors: vendorList.map((v) => ({ value: v.slug, label: v.name, count: v.productCount })),
      sizes: [{ value: "M", label: "M", count: 2 }],
      colors: [{ value: "Black", label: "Black", count: 2, hex: "#222222" }],
      price: { min: 3499, max: 7499 },
      inStock: 2,
      onSale: 2,
    },
  };
}

/** The contract's service plus the API's change hooks (stock changes, listeners). */
type FakeCatalog = AppServices["catalog"];

export function fakeCatalog(overrides: Partial<FakeCatalog> = {}): FakeCatalog {
  return {
    list: async (q) => fakeList(q),
    bestSellers: async (q) => fakeList({ ...q, sort: "best-selling" }),
    newArrivals: async (q) => fakeList({ ...q, sort: "newest" }),
    search: async (text, q) => {
      const hits = cards.filter((c) => c.name.toLowerCase().includes(text.toLowerCase()));
      return {
        ...fakeList(q, hits),
        q: text,
        terms: [text],
        suggestions: hits.length
          ? { terms: [], categories: [] }
          : { terms: ["runner"], categories: [{ slug: "men", name: "Men" }] },
      };
    },
    suggest: async (text) => ({ q: text, terms: [], products: [], categories: [], brands: [] }),
    detail: async () => null,
    related: async () => cards.slice(0, 2),
    categoryTree: async () => [
      {
        _id: "c1",
        slug: "men",
        name: "Men",
        image: null,
        description: null,
        parent: null,
        productCount: 3,
        children: [
          {
            _id: "c2",
            slug: "men-shoes",
            name: "Shoes",
            image: null,
            description: null,
            parent: "c1",
            productCount: 2,
            children: [],
          },
        ],
      },
    ],
    brands: async () => brandList,
    brand: async (slug) => brandList.find((b) => b.slug === slug) ?? null,
    vendors: async () => vendorList,
    vendor: async (key) => vendorList.find((v) => v.slug === key || v._id === key) ?? null,
    invalidate: () => {},
    ...overrides,
  };
}
