/**
 * The back-office's catalogue (decision 060): products with their variants, images and stock,
 * under /api/admin/products and /api/admin/stock, and /admin/products and /admin/stock in the
 * storefront. Money is whole rupees: `price` is the regular price, `salePrice` what the shopper
 * pays while it is set (never above the price).
 */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const STOCK_REASONS = ["received", "damaged", "counted"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** Variants at or below this many units are "low" unless the list asks for another figure. */
export const LOW_STOCK_DEFAULT = 5;
/** An uploaded image: at most this large, and a JPG, PNG, GIF, WebP or AVIF picture. */
export const PRODUCT_IMAGE_MAX_MB = 8;
export const PRODUCT_MAX_IMAGES = 12;

export const productMessages = {
  vendorPublish: "A manager or admin publishes products: save it as a draft.",
  notYourStore: "You can only sell through your own store.",
  noStore: "Your account has no store yet.",
  imageNotImage: "The file must be a JPG, PNG, GIF, WebP or AVIF picture.",
  imageTooLarge: `An image may be at most ${PRODUCT_IMAGE_MAX_MB} MB.`,
  tooManyImages: `A product has at most ${PRODUCT_MAX_IMAGES} images.`,
  altRequired: "Describe the image for shoppers who cannot see it (alt text).",
  belowZero: "Stock cannot go below zero.",
} as const;

const blankToUndefined = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? undefined : v;
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const uuid = z.uuid("Choose one from the list");
const money = (what: string) =>
  z.coerce
    .number(`Enter the ${what} in whole rupees`)
    .int(`Enter the ${what} in whole rupees`)
    .min(0, `The ${what} cannot be below zero`)
    .max(10_000_000, `The ${what} is too high`);
const units = z.coerce
  .number("Enter the stock figure")
  .int("Stock is a whole number")
  .min(0, "Stock cannot be below zero")
  .max(1_000_000, "That is too much stock");

/** `a, b c` or ["a", "b"] → lower-case single words, each once. */
const words = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v.join(" ") : typeof v === "string" ? v : "")
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  z
    .array(
      z
        .string()
        .max(40, "A word is at most 40 letters")
        .regex(/^[a-z0-9-]+$/, "Words use letters, digits and hyphens only"),
    )
    .max(30, "At most 30 words")
    .transform((ws) => [...new Set(ws)]),
);

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const variantInput = z.object({
  /** An existing variant's id; none for a new one. */
  id: z.preprocess(blankToUndefined, z.uuid().optional()),
  sku: z
    .string("Enter a SKU")
    .trim()
    .min(1, "Enter a SKU")
    .max(64)
    .regex(SKU_PATTERN, "A SKU uses letters, digits, dots, hyphens and underscores"),
  size: optionalText(40),
  color: optionalText(40),
  price: z.preprocess(blankToUndefined, money("price")),
  salePrice: z.preprocess(blankToUndefined, money("sale price").optional()),
  /**
   * A new variant's first stock figure (required). An existing variant's stock changes only by
   * an adjustment with a reason (`/api/admin/stock/{variantId}/adjust`), never by a product save,
   * which could overwrite what orders took meanwhile; a figure sent for one is ignored.
   */
  stock: z.preprocess(blankToUndefined, units.optional()),
});
export type VariantInput = z.output<typeof variantInput>;

/** POST /api/admin/products and PUT /api/admin/products/{id}. */
export const productInput = z
  .object({
    name: z.string("Enter the product's name").trim().min(2, "Enter the product's name").max(200),
    /** Made from the name when left out. */
    slug: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(200)
        .regex(SLUG_PATTERN, "Use lower-case letters, digits and hyphens")
        .optional(),
    ),
    description: z.preprocess((v) => v ?? "", z.string().max(20_000)),
    categoryId: uuid,
    brandId: z.preprocess(blankToUndefined, uuid.optional()),
    /** The store; a vendor's own one when left out. */
    vendorId: z.preprocess(blankToUndefined, uuid.optional()),
    status: z.preprocess(
      blankToUndefined,
      z.enum(PRODUCT_STATUSES, "Choose draft, active or archived").default("draft"),
    ),
    keywords: words.default([]),
    /** Roman-Urdu (or other) words shoppers use for it: "joota", "qameez". */
    synonyms: words.default([]),
    seoTitle: optionalText(70),
    seoDescription: optionalText(160),
    variants: z
      .array(variantInput, "Add at least one variant")
      .min(1, "Add at least one variant")
      .max(100, "At most 100 variants"),
  })
  .superRefine((p, ctx) => {
    const skus = new Map<string, number>();
    const combos = new Map<string, number>();
    p.variants.forEach((v, i) => {
      if (v.salePrice !== undefined && v.salePrice > v.price)
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "salePrice"],
          message: "The sale price cannot be above the price",
        });
      if (!v.id && v.stock === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "stock"],
          message: "Enter the stock figure",
        });
      const sku = v.sku.toLowerCase();
      if (skus.has(sku))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "sku"],
          message: `Variant ${(skus.get(sku) ?? 0) + 1} has this SKU already`,
        });
      skus.set(sku, i);
      const combo = `${v.size ?? ""}|${v.color ?? ""}`;
      if (combos.has(combo))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "size"],
          message: `Variant ${(combos.get(combo) ?? 0) + 1} has this size and colour already`,
        });
      combos.set(combo, i);
    });
  });
export type ProductInput = z.output<typeof productInput>;
export type ProductInputRaw = z.input<typeof productInput>;

export const adminProductsQuery = z.object({
  q: optionalText(100),
  status: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATUSES, "Unknown status").optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1, "Pages start at 1").max(10_000).default(1),
  ),
});

export const adminProductRow = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  img: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  variantCount: z.number().int(),
  vendor: z.string(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductList = z.object({
  products: z.array(adminProductRow),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  status: z.enum(PRODUCT_STATUSES).nullable(),
  q: z.string(),
});
export type AdminProductList = z.infer<typeof adminProductList>;

/**
 * GET /api/admin/product-picks: the picker of the voucher and promotion forms (decision 064). `q`
 * matches a name, address or SKU; `ids` (comma-separated product or variant ids) reads back the
 * ones already chosen, to show them by name.
 */
export const productPicksQuery = z
  .object({
    q: optionalText(100),
    ids: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((x) => x.trim())
              .filter(Boolean)
          : v,
      z.array(z.uuid("ids: must be product or variant ids")).max(250).optional(),
    ),
  })
  .refine((b) => b.q !== undefined || (b.ids?.length ?? 0) > 0, {
    message: "Type a name or SKU to search",
    path: ["q"],
  });
export const PRODUCT_PICKS_LIMIT = 20;
export const productPick = z.object({
  _id: z.string(),
  name: z.string(),
  vendor: z.string(),
  variants: z.array(
    z.object({
      _id: z.string(),
      sku: z.string(),
      /** Size and colour ("M / Blue"), empty when it has neither. */
      label: z.string(),
      price: z.number().int(),
    }),
  ),
});
export type ProductPick = z.infer<typeof productPick>;
export const productPickList = z.object({ products: z.array(productPick) });
export type ProductPickList = z.infer<typeof productPickList>;

export const adminVariant = z.object({
  _id: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number().int(),
  salePrice: z.number().int().nullable(),
  stock: z.number().int(),
});
export type AdminVariant = z.infer<typeof adminVariant>;

export const adminProductImage = z.object({
  _id: z.string(),
  url: z.string(),
  alt: z.string(),
  sort: z.number().int(),
});
export type AdminProductImage = z.infer<typeof adminProductImage>;

export const adminProduct = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  categoryId: z.string(),
  brandId: z.string().nullable(),
  vendorId: z.string(),
  keywords: z.array(z.string()),
  synonyms: z.array(z.string()),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  variants: z.array(adminVariant),
  images: z.array(adminProductImage),
  /** Whether orders name it (a delete then archives it). */
  hasOrders: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

const option = z.object({ _id: z.string(), name: z.string() });
/** What the editor's lists offer: categories (with their path), brands, and the caller's stores. */
export const productOptions = z.object({
  categories: z.array(option),
  brands: z.array(option),
  vendors: z.array(option),
});
export type ProductOptions = z.infer<typeof productOptions>;

export const removeProductResult = z.object({
  /** "deleted", or "archived" when orders name it. */
  outcome: z.enum(["deleted", "archived"]),
});
export type RemoveProductResult = z.infer<typeof removeProductResult>;

export const imageAltBody = z.object({
  alt: z.string(productMessages.altRequired).trim().min(1, productMessages.altRequired).max(200),
});
export const imageOrderBody = z.object({
  /** Every image id of the product, in the new order. */
  order: z.array(z.uuid()).min(1).max(50),
});

export const stockAdjustBody = z.object({
  reason: z.enum(STOCK_REASONS, "Choose received, damaged or counted"),
  /** Units received or damaged (at least 1), or the figure counted (0 or more). */
  qty: units,
  note: optionalText(200),
});
export type StockAdjustBody = z.infer<typeof stockAdjustBody>;

export const stockAdjustResult = z.object({
  variantId: z.string(),
  stock: z.number().int(),
  delta: z.number().int(),
});

export const stockHistory = z.object({
  variant: z.object({
    _id: z.string(),
    sku: z.string(),
    productId: z.string(),
    productName: z.string(),
    stock: z.number().int(),
  }),
  entries: z.array(
    z.object({
      at: z.string(),
      reason: z.string(),
      delta: z.number().int(),
      stockAfter: z.number().int(),
      note: z.string().nullable(),
      actor: z.string(),
    }),
  ),
});
export type StockHistory = z.infer<typeof stockHistory>;

export const lowStockQuery = z.object({
  threshold: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(10_000).default(LOW_STOCK_DEFAULT),
  ),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
});

export const lowStockList = z.object({
  threshold: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  variants: z.array(
    z.object({
      _id: z.string(),
      sku: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      stock: z.number().int(),
      productId: z.string(),
      productName: z.string(),
      status: z.enum(PRODUCT_STATUSES),
    }),
  ),
});
export type LowStockList = z.infer<typeof lowStockList>;

/** An uploaded file as the service takes it (from multipart or a storefront form). */
export type ImageUpload = { bytes: Uint8Array; alt: unknown };

/** What the back-office's screens call in-process (the API routes call the same). */
export type AdminProductsService = {
  list(staff: Staff, query: unknown): Promise<AdminProductList>;
  get(staff: Staff, id: string): Promise<AdminProduct>;
  options(staff: Staff): Promise<ProductOptions>;
  create(staff: Staff, body: unknown): Promise<AdminProduct>;
  update(staff: Staff, id: string, body: unknown): Promise<AdminProduct>;
  remove(staff: Staff, id: string): Promise<RemoveProductResult>;
  addImage(staff: Staff, id: string, file: ImageUpload): Promise<AdminProduct>;
  setImageAlt(staff: Staff, id: string, imageId: string, body: unknown): Promise<AdminProduct>;
  orderImages(staff: Staff, id: string, body: unknown): Promise<AdminProduct>;
  removeImage(staff: Staff, id: string, imageId: string): Promise<AdminProduct>;
  adjustStock(
    staff: Staff,
    variantId: string,
    body: unknown,
  ): Promise<z.infer<typeof stockAdjustResult>>;
  stockHistory(staff: Staff, variantId: string): Promise<StockHistory>;
  lowStock(staff: Staff, query: unknown): Promise<LowStockList>;
  /** Products with their variants to choose from (managers and admins, decision 064). */
  picks(staff: Staff, query: unknown): Promise<ProductPickList>;
};
