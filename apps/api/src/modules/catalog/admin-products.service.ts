import { randomBytes } from "node:crypto";
import type { Staff } from "@maidan/contracts/admin-orders";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  type AdminProductsService,
  adminProductsQuery,
  type ImageUpload,
  imageAltBody,
  imageOrderBody,
  lowStockQuery,
  PRODUCT_IMAGE_MAX_MB,
  PRODUCT_MAX_IMAGES,
  PRODUCT_PICKS_LIMIT,
  type ProductInput,
  productInput,
  productMessages,
  productPicksQuery,
  stockAdjustBody,
} from "@maidan/contracts/admin-products";
import { hasRole } from "@maidan/contracts/auth";
import { AppError } from "@maidan/contracts/errors";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { RecordAudit } from "../../lib/record-audit.ts";
import * as inventory from "../inventory/inventory.service.ts";
import type { DropPictures } from "../media/media-cleanup.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { toWebp } from "../media/web-image.ts";
import * as repo from "./admin-products.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();

export type AdminProductsDeps = {
  db: Db;
  media: MediaStorage;
  audit: RecordAudit;
  /** Queues the removal of pictures a change stopped naming, in its transaction (decision 065). */
  dropPictures: DropPictures;
  /**
   * After a commit that changed products (their text, prices, status, images): every instance
   * drops its catalogue caches, the page cache and the sitemap (the cache news, decision 041).
   */
  catalogChanged: (productIds: string[]) => void;
  /** After a commit that changed only stock figures: what showed those products' stock drops. */
  stockChanged: (productIds: string[]) => void;
};

/** Vendors act on the products of the stores they own; managers and admins on all. */
const ownerOf = (s: Staff) => (s.role === "vendor" ? s.id : null);
function requireStaff(s: Staff) {
  if (!hasRole(s.role, "vendor")) throw forbidden();
}
const missing = () => notFound("No such product");
const pagesOf = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));

/** `Blue Running Shoe` → `blue-running-shoe`. */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120) || "product";

/** The product as the back-office shows it (and as the audit log records it). */
export async function loadProduct(
  db: DbOrTx,
  id: string,
  owner: string | null,
): Promise<AdminProduct | null> {
  const p = await repo.productById(db, id, owner);
  if (!p) return null;
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const variants = await repo.variantsOf(db, id);
  const images = await repo.imagesOf(db, id);
  const ordered = await repo.hasOrders(db, id);
  return {
    _id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    status: p.status,
    categoryId: p.category_id,
    brandId: p.brand_id,
    vendorId: p.vendor_id,
    keywords: p.keywords,
    synonyms: p.synonyms,
    seoTitle: p.seo_title,
    seoDescription: p.seo_description,
    variants: variants.map((v) => ({
      _id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      price: v.mrp,
      salePrice: v.price < v.mrp ? v.price : null,
      stock: v.stock,
    })),
    images: images.map((i) => ({ _id: i.id, url: i.url, alt: i.alt, sort: i.sort })),
    hasOrders: ordered,
    updatedAt: iso(p.updated_at),
  };
}

/** What the audit log keeps of a product: everything but the stock figures (their own history). */
const auditView = (p: AdminProduct | null) =>
  p
    ? {
        ...p,
        variants: p.variants.map(({ stock: _stock, ...v }) => v),
        images: p.images.map((i) => ({ url: i.url, alt: i.alt })),
        updatedAt: undefined,
        hasOrders: undefined,
      }
    : null;

/**
 * The product writer, with the audit log it records to. `saveProduct` writes one product and its
 * variants, checked input in, in the caller's transaction: the rules (a vendor's own store, only
 * staff above vendors publish, the slug and SKUs free), the rows, the product's price from its
 * cheapest variant, a stock history entry per new variant, and the audit entry. `productId`: the
 * product to change (locked first, decision 029), else a new one. The CSV import calls it per
 * row; the caller publishes the cache news after the commit.
 */
export function productWriter(audit: RecordAudit) {
  const auditRecord = (
    tx: DbOrTx,
    actor: Staff,
    id: string,
    action: string,
    before: AdminProduct | null,
    after: AdminProduct | null,
  ) =>
    audit(tx, {
      actor,
      recordType: "product",
      recordId: id,
      action,
      before: auditView(before),
      after: auditView(after),
    });

  async function saveProduct(
    tx: DbOrTx,
    input: ProductInput,
    actor: Staff,
    productId?: string,
  ): Promise<{ id: string; before: AdminProduct | null; after: AdminProduct }> {
    requireStaff(actor);
    const owner = ownerOf(actor);
    let before: AdminProduct | null = null;
    if (productId) {
      if (!UUID.test(productId) || !(await repo.lockProduct(tx, productId, owner))) throw missing();
      before = await loadProduct(tx, productId, owner);
    }
    // The store: a vendor's own (the first when not said); a manager names one.
    const stores = await repo.ownedVendors(tx, owner);
    let vendorId = input.vendorId ?? (owner ? stores[0]?.id : before?.vendorId);
    if (owner) {
      if (!stores.length) throw forbidden(productMessages.noStore);
      if (!vendorId || !stores.some((s) => s.id === vendorId))
        throw forbidden(productMessages.notYourStore);
    } else if (!vendorId || !stores.some((s) => s.id === vendorId)) {
      throw badRequest("vendorId: Choose the store that sells it");
    }
    vendorId = vendorId as string;
    if (input.status === "active" && before?.status !== "active" && !hasRole(actor.role, "manager"))
      throw forbidden(productMessages.vendorPublish);
    if (!(await repo.exists(tx, "categories", input.categoryId)))
      throw badRequest("categoryId: Choose a category from the list");
    if (input.brandId && !(await repo.exists(tx, "brands", input.brandId)))
      throw badRequest("brandId: Choose a brand from the list");

    const slug = input.slug ?? slugify(input.name);
    const other = await repo.slugTaken(tx, slug, productId ?? null);
    if (other)
      throw conflict(`The slug "${slug}" is taken by the product "${other.name}" (${other.id}).`);
    const known = new Set(before?.variants.map((v) => v._id));
    for (const [i, v] of input.variants.entries())
      if (v.id && !known.has(v.id))
        throw badRequest(`variants.${i}.id: Not a variant of this product`);
    const taken = await repo.skusTaken(
      tx,
      input.variants.map((v) => ({ sku: v.sku, exceptVariantId: v.id ?? null })),
      productId ?? null,
    );
    // Another product's SKU is a conflict; this product's own (two variants swapping SKUs) too.
    const clash = taken[0];
    if (clash)
      throw conflict(
        `The SKU "${clash.sku}" is used by the product "${clash.product_name}" (${clash.product_id}).`,
      );

    const row: repo.ProductWrite = {
      slug,
      name: input.name,
      description: input.description,
      status: input.status,
      categoryId: input.categoryId,
      brandId: input.brandId ?? null,
      vendorId,
      keywords: input.keywords,
      synonyms: input.synonyms,
      seoTitle: input.seoTitle ?? null,
      seoDescription: input.seoDescription ?? null,
    };
    const id = productId ?? (await repo.insertProduct(tx, row));
    if (productId) await repo.updateProduct(tx, id, row);
    // A new product has no variants to drop.
    if (productId)
      await repo.dropVariantsExcept(
        tx,
        id,
        input.variants.flatMap((v) => (v.id ? [v.id] : [])),
      );
    const priced = input.variants.map((v, sort) => ({
      sku: v.sku,
      size: v.size ?? null,
      color: v.color ?? null,
      mrp: v.price,
      price: v.salePrice ?? v.price,
      sort,
    }));
    for (const [n, v] of input.variants.entries())
      if (v.id) await repo.updateVariant(tx, id, v.id, priced[n] as (typeof priced)[number]);
    // The new ones in one statement, each with its first stock history entry.
    await repo.insertNewVariants(
      tx,
      id,
      actor.id,
      input.variants.flatMap((v, n) =>
        v.id ? [] : [{ ...(priced[n] as (typeof priced)[number]), stock: v.stock ?? 0 }],
      ),
    );
    await repo.setPriceFromVariants(tx, id);
    const after = (await loadProduct(tx, id, null)) as AdminProduct;
    await auditRecord(
      tx,
      actor,
      id,
      productId ? "product_updated" : "product_created",
      before,
      after,
    );
    return { id, before, after };
  }

  return { saveProduct, auditRecord };
}

/** Products, stock and images of the back-office (decision 060). */
export function createAdminProducts(deps: AdminProductsDeps) {
  const { db, media } = deps;
  const { saveProduct, auditRecord } = productWriter(deps.audit);

  const view = async (staff: Staff, id: string) => {
    const p = await loadProduct(db, id, ownerOf(staff));
    if (!p) throw missing();
    return p;
  };

  /** A product change under its row lock, audited; the caches drop it after the commit. */
  async function change(
    staff: Staff,
    id: string,
    action: string,
    apply: (tx: DbOrTx, p: AdminProduct) => Promise<void>,
  ) {
    requireStaff(staff);
    if (!UUID.test(id)) throw missing();
    await db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, id, ownerOf(staff)))) throw missing();
      const before = (await loadProduct(tx, id, null)) as AdminProduct;
      await apply(tx, before);
      await repo.touchProduct(tx, id);
      const after = await loadProduct(tx, id, null);
      await auditRecord(tx, staff, id, action, before, after);
    });
    deps.catalogChanged([id]);
    return view(staff, id);
  }

  const service = {
    /** For the CSV import: one product per call, in the importer's transaction. */
    saveProduct,

    async list(staff: Staff, query: unknown) {
      requireStaff(staff);
      const q = parseInput(adminProductsQuery, query);
      const found = await repo.listProducts(db, {
        q: q.q,
        status: q.status,
        owner: ownerOf(staff),
        limit: ADMIN_PRODUCTS_PAGE_SIZE,
        offset: (q.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
      });
      const total = found[0]?.total ?? 0;
      return {
        products: found.map((r) => ({
          _id: r.id,
          slug: r.slug,
          name: r.name,
          status: r.status,
          img: r.img,
          price: r.price,
          mrp: r.mrp,
          stock: r.stock,
          variantCount: r.variant_count,
          vendor: r.vendor,
          updatedAt: iso(r.updated_at),
        })),
        total,
        page: q.page,
        pages: pagesOf(total),
        status: q.status ?? null,
        q: q.q ?? "",
      };
    },

    async get(staff: Staff, id: string) {
      requireStaff(staff);
      if (!UUID.test(id)) throw missing();
      return view(staff, id);
    },

    async options(staff: Staff) {
      requireStaff(staff);
      const [categories, brands, vendors] = await Promise.all([
        repo.categoryOptions(db),
        repo.brandOptions(db),
        repo.ownedVendors(db, ownerOf(staff)),
      ]);
      const opt = (r: { id: string; name: string }) => ({ _id: r.id, name: r.name });
      return {
        categories: categories.map(opt),
        brands: brands.map(opt),
        vendors: vendors.map(opt),
      };
    },

    async create(staff: Staff, body: unknown) {
      requireStaff(staff);
      const input = parseInput(productInput, body);
      const { id } = await db.transaction((tx) => saveProduct(tx, input, staff));
      deps.catalogChanged([id]);
      return view(staff, id);
    },

    async update(staff: Staff, id: string, body: unknown) {
      requireStaff(staff);
      if (!UUID.test(id)) throw missing();
      const input = parseInput(productInput, body);
      await db.transaction((tx) => saveProduct(tx, input, staff, id));
      deps.catalogChanged([id]);
      return view(staff, id);
    },

    /** Deletes a product no order names (with its uploaded images); archives one that has orders. */
    async remove(staff: Staff, id: string) {
      requireStaff(staff);
      if (!UUID.test(id)) throw missing();
      let outcome: "deleted" | "archived" = "archived";
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, id, ownerOf(staff)))) throw missing();
        const before = (await loadProduct(tx, id, null)) as AdminProduct;
        if (before.hasOrders) {
          await repo.setStatus(tx, id, "archived");
          const after = await loadProduct(tx, id, null);
          await auditRecord(tx, staff, id, "product_archived", before, after);
        } else {
          outcome = "deleted";
          await repo.deleteProduct(tx, id);
          await deps.dropPictures(
            tx,
            before.images.map((i) => i.url),
          );
          await auditRecord(tx, staff, id, "product_deleted", before, null);
        }
      });
      deps.catalogChanged([id]);
      return { outcome };
    },

    /**
     * Checks the file by its bytes (the name and type sent are only claims) and its size, stores
     * it as WebP at most 1600 px a side (the /img route serves the shop's widths and formats),
     * then adds it last. Nothing is written for a bad file.
     */
    async addImage(staff: Staff, id: string, file: ImageUpload) {
      requireStaff(staff);
      const { alt } = parseInput(imageAltBody, { alt: file.alt });
      if (!UUID.test(id)) throw missing();
      const current = await view(staff, id);
      if (current.images.length >= PRODUCT_MAX_IMAGES)
        throw conflict(productMessages.tooManyImages);
      const webp = await prepareImage(file.bytes);
      const key = `product-uploads/${id}-${randomBytes(6).toString("hex")}.webp`;
      await media.put(key, webp.bytes, "image/webp");
      try {
        return await change(staff, id, "product_image_added", async (tx, p) => {
          if (p.images.length >= PRODUCT_MAX_IMAGES) throw conflict(productMessages.tooManyImages);
          await repo.insertImage(tx, id, {
            url: `/media/${key}`,
            alt,
            width: webp.width,
            height: webp.height,
          });
        });
      } catch (e) {
        await media.delete(key).catch(() => {});
        throw e;
      }
    },

    setImageAlt(staff: Staff, id: string, imageId: string, body: unknown) {
      const { alt } = parseInput(imageAltBody, body);
      return change(staff, id, "product_image_alt", async (tx) => {
        if (!UUID.test(imageId) || !(await repo.setImageAlt(tx, id, imageId, alt)))
          throw notFound("No such image");
      });
    },

    /** Puts the images in the order given (every image of the product, each once). */
    orderImages(staff: Staff, id: string, body: unknown) {
      const { order } = parseInput(imageOrderBody, body);
      return change(staff, id, "product_images_ordered", async (tx, p) => {
        const ids = new Set(p.images.map((i) => i._id));
        if (
          order.length !== ids.size ||
          new Set(order).size !== ids.size ||
          order.some((o) => !ids.has(o))
        )
          throw badRequest("order: List every image of the product once");
        for (const [sort, imageId] of order.entries())
          await repo.setImageSort(tx, id, imageId, sort);
      });
    },

    /** The file goes with the commit's job, unless another record still names it (decision 065). */
    removeImage(staff: Staff, id: string, imageId: string) {
      return change(staff, id, "product_image_removed", async (tx) => {
        const r = UUID.test(imageId) ? await repo.deleteImage(tx, id, imageId) : null;
        if (!r) throw notFound("No such image");
        await deps.dropPictures(tx, [r.url]);
      });
    },

    /**
     * received adds units, damaged takes them, counted sets the figure: under the product's row
     * lock (the one a checkout takes first, decision 029) and by one conditional update, so an
     * adjustment and orders at the same moment each count, and the figure never goes below zero.
     */
    async adjustStock(staff: Staff, variantId: string, body: unknown) {
      requireStaff(staff);
      const a = parseInput(stockAdjustBody, body);
      if (a.reason !== "counted" && a.qty < 1) throw badRequest("qty: Enter at least 1 unit");
      if (!UUID.test(variantId)) throw notFound("No such variant");
      const v = await repo.variantById(db, variantId, ownerOf(staff));
      if (!v) throw notFound("No such variant");
      const result = await db.transaction(async (tx) => {
        await inventory.lockProducts(tx, [v.product_id]);
        const figures = await inventory.adjustStock(
          tx,
          variantId,
          a.reason === "counted"
            ? { set: a.qty }
            : { add: a.reason === "received" ? a.qty : -a.qty },
        );
        if (!figures) throw new AppError("CONFLICT", productMessages.belowZero);
        const delta = figures.after - figures.before;
        await repo.insertAdjustment(tx, {
          variantId,
          productId: v.product_id,
          actorId: staff.id,
          reason: a.reason,
          delta,
          stockAfter: figures.after,
          note: a.note ?? null,
        });
        await deps.audit(tx, {
          actor: staff,
          recordType: "variant",
          recordId: variantId,
          action: `stock_${a.reason}`,
          before: { sku: v.sku, stock: figures.before },
          after: { sku: v.sku, stock: figures.after, note: a.note ?? null },
        });
        return { variantId, stock: figures.after, delta };
      });
      deps.stockChanged([v.product_id]);
      return result;
    },

    async stockHistory(staff: Staff, variantId: string) {
      requireStaff(staff);
      const v = UUID.test(variantId) ? await repo.variantById(db, variantId, ownerOf(staff)) : null;
      if (!v) throw notFound("No such variant");
      const entries = await repo.adjustmentsOf(db, variantId);
      return {
        variant: {
          _id: v.id,
          sku: v.sku,
          productId: v.product_id,
          productName: v.product_name,
          stock: v.stock,
        },
        entries: entries.map((e) => ({
          at: iso(e.created_at),
          reason: e.reason,
          delta: e.delta,
          stockAfter: e.stock_after,
          note: e.note,
          actor: e.actor ?? "(deleted account)",
        })),
      };
    },

    async lowStock(staff: Staff, query: unknown) {
      requireStaff(staff);
      const q = parseInput(lowStockQuery, query);
      const found = await repo.lowStock(db, {
        threshold: q.threshold,
        owner: ownerOf(staff),
        limit: ADMIN_PRODUCTS_PAGE_SIZE,
        offset: (q.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
      });
      const total = found[0]?.total ?? 0;
      return {
        threshold: q.threshold,
        total,
        page: q.page,
        pages: pagesOf(total),
        variants: found.map((r) => ({
          _id: r.id,
          sku: r.sku,
          size: r.size,
          color: r.color,
          stock: r.stock,
          productId: r.product_id,
          productName: r.product_name,
          status: r.status,
        })),
      };
    },

    /** The voucher and promotion forms' picker: managers and admins, every store (decision 064). */
    async picks(staff: Staff, query: unknown) {
      if (!hasRole(staff.role, "manager"))
        throw forbidden("Only managers and admins choose products for vouchers and promotions.");
      const q = parseInput(productPicksQuery, query);
      const found = await repo.pickProducts(db, {
        q: q.q,
        ids: q.ids,
        limit: q.q ? PRODUCT_PICKS_LIMIT : 200,
      });
      return {
        products: found.map((p) => ({
          _id: p.id,
          name: p.name,
          vendor: p.vendor,
          variants: p.variants.map((v) => ({
            _id: v.id,
            sku: v.sku,
            label: [v.size, v.color].filter(Boolean).join(" / "),
            price: v.price,
          })),
        })),
      };
    },
  };
  return service satisfies AdminProductsService;
}

export type AdminProductsImpl = ReturnType<typeof createAdminProducts>;

/** The upload as WebP at most 1600 px a side, or a 400/413 (media/web-image.ts). */
const prepareImage = (bytes: Uint8Array) =>
  toWebp(bytes, {
    maxMb: PRODUCT_IMAGE_MAX_MB,
    side: 1600,
    tooLarge: productMessages.imageTooLarge,
    notImage: productMessages.imageNotImage,
  });
