import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

/**
 * The back-office's catalogue structure and content (decision 062): categories, brands, vendors'
 * stores, home banners, landing entries, CMS pages and the help center. Each kind is a list of
 * records edited whole (create, change, and for some delete); the bodies are these schemas,
 * whether JSON (the API) or a form's strings (/admin).
 */
export const CONTENT_KINDS = [
  "categories",
  "brands",
  "stores",
  "banners",
  "landing",
  "pages",
  "help-articles",
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What the back-office calls each kind (one record, many). */
export const CONTENT_LABELS: Record<ContentKind, { one: string; many: string }> = {
  categories: { one: "category", many: "Categories" },
  brands: { one: "brand", many: "Brands" },
  stores: { one: "store", many: "Vendors' stores" },
  banners: { one: "banner slide", many: "Home banners" },
  landing: { one: "landing entry", many: "Landing pages" },
  pages: { one: "page", many: "CMS pages" },
  "help-articles": { one: "help article", many: "Help center" },
};

/** Kinds that may be deleted (the others are unpublished instead: links to them may exist). */
export const DELETABLE: readonly ContentKind[] = ["categories", "brands", "banners"];

// Form strings and JSON alike: "on"/"true" is true; an empty field is null or the default.
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) =>
      v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : (v ?? fallback),
    z.boolean("Say yes or no"),
  );
const position = z.coerce
  .number("Give the position as a number")
  .int("Give the position as a whole number")
  .min(0, "The position is 0 or more")
  .max(100_000, "The position is at most 100000");
const sortField = z.preprocess(emptyToUndefined, position.default(0));
/** A banner slide's position: left out, a new one goes last and a changed one stays. */
const slidePosition = z.preprocess(emptyToUndefined, position.optional());
const text = (missing: string, max: number) =>
  z.string(missing).trim().min(1, missing).max(max, `Keep it under ${max} characters`);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(max, `Keep it under ${max} characters`).nullable().default(null),
  );

export const SLUG_MESSAGE = "Use lower-case letters, digits and dashes (like summer-sale)";
export const slugField = z
  .string("Give the address part (slug)")
  .trim()
  .min(1, "Give the address part (slug)")
  .max(100, "Keep the slug under 100 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE);

/**
 * A picture already in the shop's media storage, as its address (`/media/banners/x.webp`); the
 * service checks that the file exists.
 */
export const IMAGE_MESSAGE = "Give the address of a picture in the shop's media (/media/…)";
const mediaPath = z
  .string(IMAGE_MESSAGE)
  .trim()
  .regex(
    /^\/media\/[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*){0,4}\.(webp|jpg|jpeg|png)$/,
    IMAGE_MESSAGE,
  );
/** A picture field that may be left empty (null); also a freebie campaign's picture. */
export const optionalImage = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  mediaPath.nullable().default(null),
);

/** A link of the shop (`/sale`, `/pages/eid`) or an https address elsewhere. */
export const LINK_MESSAGE = "Link to a page of the shop (/sale) or an https:// address";
export const linkField = z
  .string(LINK_MESSAGE)
  .trim()
  .max(500, "Keep the link under 500 characters")
  .refine(
    (s) =>
      (/^\/(?![/\\])[^\s]*$/.test(s) && !/^\/[^?#]*:/.test(s)) ||
      /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?(?:[/?#][^\s]*)?$/i.test(s),
    LINK_MESSAGE,
  );
const idOrNull = z.preprocess(
  (v) => (v === "" ? null : v),
  z.uuid("Choose one from the list").nullable().default(null),
);

export const categoryBody = z.object({
  name: text("Give the category a name", 100),
  slug: slugField,
  parentId: idOrNull,
  image: optionalImage,
  description: optionalText(2000),
  sort: sortField,
  active: flag(true),
});
export const brandBody = z.object({
  name: text("Give the brand a name", 100),
  slug: slugField,
  logo: optionalImage,
  description: optionalText(2000),
  sort: sortField,
  active: flag(true),
});
export const storeBody = z.object({
  name: text("Give the store a name", 100),
  slug: slugField,
  description: optionalText(4000),
  logo: optionalImage,
  banner: optionalImage,
  city: optionalText(100),
  active: flag(true),
});
export const BANNER_KINDS = ["slider", "mobile_slider"] as const;
export const bannerBody = z.object({
  kind: z.enum(BANNER_KINDS, "Choose the desktop slider or the phone slider"),
  img: mediaPath,
  link: linkField,
  alt: text("Say what the picture shows (for screen readers)", 200),
  sort: slidePosition,
  active: flag(true),
});
/** A landing entry's `data`: a JSON object (its categories, tags, banner…), as text in a form. */
const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v ?? {};
    if (v.trim() === "") return {};
    try {
      return JSON.parse(v);
    } catch {
      return Symbol.for("bad-json");
    }
  },
  z.record(z.string(), z.unknown(), "Write the data as a JSON object ({…})"),
);
export const landingBody = z.object({
  route: slugField,
  title: text("Give the landing page a title", 200),
  landingPage: optionalText(100),
  data: jsonObject,
  sort: sortField,
  status: flag(true),
});
export const PAGE_TYPES = ["static", "dynamic"] as const;
export const pageBody = z.object({
  slug: slugField,
  pageType: z.enum(PAGE_TYPES, "Choose static or dynamic").default("static"),
  title: text("Give the page a title", 200),
  body: text("Write the page", 200_000),
  description: optionalText(500),
  active: flag(true),
});
export const helpArticleBody = z.object({
  slug: slugField,
  topic: text("Give the article a topic", 100),
  title: text("Give the article a title", 200),
  body: text("Write the article", 100_000),
  sort: sortField,
  active: flag(true),
});

export const CONTENT_BODIES = {
  categories: categoryBody,
  brands: brandBody,
  stores: storeBody,
  banners: bannerBody,
  landing: landingBody,
  pages: pageBody,
  "help-articles": helpArticleBody,
} as const satisfies Record<ContentKind, z.ZodType>;

// The records as answered: plain fields (a response schema encodes, so no form preprocessing).
const str = z.string();
const strOrNull = z.string().nullable();
const int = z.number().int();
export const adminCategory = z.object({
  _id: str,
  name: str,
  slug: str,
  parentId: strOrNull,
  image: strOrNull,
  description: strOrNull,
  sort: int,
  active: z.boolean(),
  products: int,
  children: int,
});
export const adminBrand = z.object({
  _id: str,
  name: str,
  slug: str,
  logo: strOrNull,
  description: strOrNull,
  sort: int,
  active: z.boolean(),
  products: int,
});
export const adminStore = z.object({
  _id: str,
  name: str,
  slug: str,
  description: strOrNull,
  logo: strOrNull,
  banner: strOrNull,
  city: strOrNull,
  active: z.boolean(),
  products: int,
  ownerId: strOrNull,
});
export const adminBanner = z.object({
  _id: str,
  kind: z.enum(BANNER_KINDS),
  img: str,
  link: str,
  alt: str,
  sort: int,
  active: z.boolean(),
});
export const adminLanding = z.object({
  _id: str,
  route: str,
  title: str,
  landingPage: strOrNull,
  data: z.record(z.string(), z.unknown()),
  sort: int,
  status: z.boolean(),
});
export const adminPage = z.object({
  _id: str,
  slug: str,
  pageType: z.enum(PAGE_TYPES),
  title: str,
  body: str,
  description: strOrNull,
  active: z.boolean(),
});
export const adminHelpArticle = z.object({
  _id: str,
  slug: str,
  topic: str,
  title: str,
  body: str,
  sort: int,
  active: z.boolean(),
});

export const CONTENT_RECORDS = {
  categories: adminCategory,
  brands: adminBrand,
  stores: adminStore,
  banners: adminBanner,
  landing: adminLanding,
  pages: adminPage,
  "help-articles": adminHelpArticle,
} as const satisfies Record<ContentKind, z.ZodType>;

export type ContentRecord<K extends ContentKind> = z.infer<(typeof CONTENT_RECORDS)[K]>;
export type ContentList<K extends ContentKind> = { records: ContentRecord<K>[] };
export const contentList = <K extends ContentKind>(kind: K) =>
  z.object({ records: z.array(CONTENT_RECORDS[kind]) });

/** POST /api/admin/banners/order: the slides of one slider, in their new order (every one). */
export const bannerOrderBody = z.object({
  kind: z.enum(BANNER_KINDS, "Choose the desktop slider or the phone slider"),
  ids: z.array(z.uuid(), "List the slides").min(1, "List the slides").max(100),
});

/** A vendor's own store, whose description they may change themselves. */
export const storeDescriptionBody = z.object({ description: optionalText(4000) });
export const ownStore = z.object({ _id: str, name: str, slug: str, description: strOrNull });
export type OwnStore = z.infer<typeof ownStore>;
export const ownStores = z.object({ stores: z.array(ownStore) });
export type OwnStores = z.infer<typeof ownStores>;

/** The back-office's content, as the API's routes and /admin call it (in-process). */
/**
 * Pictures uploaded for categories, brands, stores and banner slides (decision 062 addendum), and
 * for freebie campaigns (decision 065).
 */
export const CONTENT_IMAGE_MAX_MB = 8;
export const contentImageMessages = {
  tooLarge: `A picture may be at most ${CONTENT_IMAGE_MAX_MB} MB.`,
  notImage: "The file must be a JPG, PNG, GIF, WebP or AVIF picture.",
} as const;
/** The kinds whose records show a picture. */
export const IMAGE_KINDS = ["categories", "brands", "stores", "banners", "freebies"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** POST /api/admin/content-images: a picture as a base64 data URL, for a record of `kind`. */
export const contentImageBody = z.object({
  kind: z.enum(
    IMAGE_KINDS,
    "Pictures belong to categories, brands, stores, banners or freebie campaigns",
  ),
  image: z
    .string("Send the picture as a data: URL")
    .regex(/^data:[a-z0-9.+/-]+;base64,/i, "Send the picture as a base64 data: URL"),
});
export const contentImageResult = z.object({
  /** The stored picture's address, for a record's picture field. */
  url: z.string(),
});

export type AdminContentService = {
  list<K extends ContentKind>(staff: Staff, kind: K): Promise<ContentList<K>>;
  create<K extends ContentKind>(staff: Staff, kind: K, body: unknown): Promise<ContentRecord<K>>;
  update<K extends ContentKind>(
    staff: Staff,
    kind: K,
    id: string,
    body: unknown,
  ): Promise<ContentRecord<K>>;
  /** Categories and brands without products (or children); banner slides. */
  remove(staff: Staff, kind: ContentKind, id: string): Promise<void>;
  orderBanners(staff: Staff, body: unknown): Promise<ContentList<"banners">>;
  /** The stores the signed-in staff member owns (a vendor's own). */
  myStores(staff: Staff): Promise<OwnStores>;
  /** A store's description: its owner, or a manager or admin; another's store is a 404. */
  describeStore(staff: Staff, id: string, body: unknown): Promise<OwnStore>;
  /**
   * Stores an uploaded picture for a record of `kind` (managers and admins), checked by its bytes
   * and kept as WebP; its address goes in the record's picture field.
   */
  uploadImage(staff: Staff, kind: ImageKind, bytes: Uint8Array): Promise<{ url: string }>;
};
