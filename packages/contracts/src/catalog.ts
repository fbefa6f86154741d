/**
 * The catalogue: categories, brands, vendors, product listings with facets, product detail with
 * variants, search and suggestions. Prices are whole rupees. Query strings use the same keys in the
 * API (`/api/products?...`) and in storefront listing URLs, so a listing URL can be shared as is.
 */
import { z } from "zod";

export const SORTS = [
  "relevance",
  "newest",
  "price-asc",
  "price-desc",
  "best-selling",
  "rating",
] as const;
export type Sort = (typeof SORTS)[number];

export const DEFAULT_LIMIT = 24;
export const MAX_LIMIT = 60;
export const MAX_PAGE = 500;
/** Longer search strings are cut to this many characters, not refused. */
export const MAX_QUERY_LENGTH = 100;

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const slug = z.string().min(1).max(200).regex(SLUG, "must be a lowercase slug");

/** `a,b,c` → ["a","b","c"]; empty parts dropped; at most 50 values of at most 100 chars. */
const commaList = (item: z.ZodString) =>
  z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50));

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const rupees = z.coerce.number().int().min(0).max(10_000_000);

/** Free text: trimmed and cut at MAX_QUERY_LENGTH (never rejected for length). */
export const searchText = z
  .string()
  .max(10_000)
  .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH));

/**
 * GET /api/products (and /api/search, /api/products/new-arrivals, /api/products/best-sellers).
 * Unknown keys are ignored; bad values → 400.
 */
export const productListQuery = z
  .object({
    q: searchText.optional(),
    /** A category slug; its descendants are included. */
    category: slug.optional(),
    /** Comma list of category slugs (legacy: `subcategory=men-clothing,women-clothing`). */
    subcategory: commaList(slug).optional(),
    brand: commaList(slug).optional(),
    vendor: commaList(slug).optional(),
    size: commaList(z.string().min(1).max(40)).optional(),
    color: commaList(z.string().min(1).max(40)).optional(),
    minPrice: rupees.optional(),
    maxPrice: rupees.optional(),
    inStock: flag.optional(),
    onSale: flag.optional(),
    sort: z.enum(SORTS).optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "minPrice must not exceed maxPrice",
    path: ["minPrice"],
  });
/** The raw query string shape. */
export type ProductListQueryInput = z.input<typeof productListQuery>;
/** After parsing: lists are arrays, flags booleans, page and limit filled in. */
export type ProductListQuery = z.output<typeof productListQuery>;

/** A product in a grid. */
export const productCard = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  /** Whole percent off mrp, 0 when not on sale. */
  discount: z.number().int(),
  brand: z.string().nullable(),
  inStock: z.boolean(),
  /** Average rating 0–5 with one decimal; 0 with no ratings. */
  rating: z.number(),
  ratingCount: z.number().int(),
});
export type ProductCard = z.infer<typeof productCard>;

/** The card's fields a product tile shows (home sections, category and landing pages). */
export const productTile = productCard.pick({
  _id: true,
  slug: true,
  name: true,
  img: true,
  price: true,
  mrp: true,
  brand: true,
  inStock: true,
});
export type ProductTile = z.infer<typeof productTile>;

const countOf = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof countOf>;

/** Counts over the listing's scope, each ignoring its own filter (so other choices stay visible). */
export const facets = z.object({
  subcategories: z.array(countOf),
  brands: z.array(countOf),
  /** Stores (vendors) by slug; a store page fixes its own and may hide this. */
  vendors: z.array(countOf),
  sizes: z.array(countOf),
  /** `label` is the colour name; `hex` its swatch. */
  colors: z.array(countOf.extend({ hex: z.string().nullable() })),
  price: z.object({ min: z.number().int(), max: z.number().int() }),
  inStock: z.number().int(),
  onSale: z.number().int(),
});
export type Facets = z.infer<typeof facets>;

export const productList = z.object({
  items: z.array(productCard),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  sort: z.enum(SORTS),
  facets: facets,
});
export type ProductList = z.infer<typeof productList>;

export const linkRef = z.object({ slug: z.string(), name: z.string() });
export type LinkRef = z.infer<typeof linkRef>;

/** GET /api/search?q=...: a product list plus what the query was read as and alternatives. */
export const searchResult = productList.extend({
  q: z.string(),
  /** Terms actually searched (after synonym expansion). */
  terms: z.array(z.string()),
  /** Filled when nothing matched: close terms and popular categories. */
  suggestions: z.object({ terms: z.array(z.string()), categories: z.array(linkRef) }),
});
export type SearchResult = z.infer<typeof searchResult>;

/** GET /api/search/suggest?q=...: what the header shows while the shopper types. */
export const suggestions = z.object({
  q: z.string(),
  terms: z.array(z.string()),
  products: z.array(
    productCard.pick({ _id: true, slug: true, name: true, img: true, price: true }),
  ),
  categories: z.array(linkRef),
  brands: z.array(linkRef),
});
export type Suggestions = z.infer<typeof suggestions>;

export const variant = z.object({
  _id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
});
export type Variant = z.infer<typeof variant>;

export const productImage = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** GET /api/products/:slug. */
export const productDetail = productCard.extend({
  description: z.string(),
  specs: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
  images: z.array(productImage),
  /** Sum of variant stock. */
  stock: z.number().int(),
  variants: z.array(variant),
  sizes: z.array(z.string()),
  colors: z.array(z.object({ name: z.string(), hex: z.string().nullable() })),
  brandRef: linkRef.nullable(),
  vendor: linkRef.extend({ _id: z.string() }),
  category: linkRef,
  /** Root first, the product's own category last. */
  breadcrumbs: z.array(linkRef),
  createdAt: z.string(),
  /** The page's title and description when staff set them (decision 060); else name and text. */
  seoTitle: z.string().nullable().optional(),
  seoDescription: z.string().nullable().optional(),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** A category: the header's links, the home page's list, a category page. */
export const categoryNode = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  parent: z.string().nullable(),
});
export type CategoryNode = z.infer<typeof categoryNode>;

/** A category in the catalogue's tree, with what the category directory shows. */
export type CategoryTreeNode = CategoryNode & {
  description: string | null;
  /** Active products in this category and its descendants. */
  productCount: number;
  children: CategoryTreeNode[];
};
export const categoryTreeNode: z.ZodType<CategoryTreeNode> = categoryNode.extend({
  description: z.string().nullable(),
  productCount: z.number().int(),
  get children() {
    return z.array(categoryTreeNode);
  },
});
export const categoryTree = z.array(categoryTreeNode);

export const brand = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  productCount: z.number().int(),
});
export type Brand = z.infer<typeof brand>;

export const vendor = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  city: z.string().nullable(),
  productCount: z.number().int(),
});
export type Vendor = z.infer<typeof vendor>;

/** GET /api/products/:id/related. */
export const relatedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(12),
});

/**
 * The in-process service (AppServices["catalog"]): storefront loaders and the API routes both
 * call it. `detail`, `brand` and `vendor` return null when unknown (route → 404); `list` and
 * `search` throw a 404 AppError for an unknown `category`.
 */
export type CatalogService = {
  list(query: ProductListQuery): Promise<ProductList>;
  detail(slug: string): Promise<ProductDetail | null>;
  search(q: string, query: ProductListQuery): Promise<SearchResult>;
  suggest(q: string): Promise<Suggestions>;
  /** Sorted by units sold; filters as in `list`. */
  bestSellers(query: ProductListQuery): Promise<ProductList>;
  /** Sorted newest first; filters as in `list`. */
  newArrivals(query: ProductListQuery): Promise<ProductList>;
  related(productId: string, limit?: number): Promise<ProductCard[]>;
  categoryTree(): Promise<CategoryTreeNode[]>;
  brands(): Promise<Brand[]>;
  brand(slug: string): Promise<Brand | null>;
  vendors(): Promise<Vendor[]>;
  /** By slug or id (store pages use either). */
  vendor(slugOrId: string): Promise<Vendor | null>;
  /** Drops every cached catalogue read (call after any catalogue write). */
  invalidate(): void;
};

/** Parses a listing's query with defaults, for callers that have no query string. */
export const listQuery = (input: ProductListQueryInput = {}): ProductListQuery =>
  productListQuery.parse(input);
