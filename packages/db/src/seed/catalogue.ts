/** Inserts the fixed part of the seed: users, categories, brands, vendors and site content. */
import { randomUUID } from "node:crypto";
import type { Tx } from "../database.ts";
import * as authTables from "../schema-auth.ts";
import * as cartTables from "../schema-cart.ts";
import * as catalogTables from "../schema-catalog.ts";
import * as contentTables from "../schema-content.ts";
import { CATEGORY_TREE, type CategoryDef } from "./catalog-data.ts";
import { landingEntries, SHIPPING_METHODS, SLIDES } from "./content.ts";
import { HELP_ARTICLES } from "./help.ts";
import * as img from "./images.ts";
import { PAGES } from "./pages.ts";
import { BRANDS, VENDORS } from "./partners.ts";
import type { CatalogIds } from "./products.ts";
import { slugify } from "./random.ts";

type NewUser = typeof authTables.users.$inferInsert;
type NewCategory = typeof catalogTables.categories.$inferInsert & { id: string };

const VENDOR_OWNERS = [
  "Imran Qureshi",
  "Hamza Yousaf",
  "Bilal Ahmed",
  "Sana Malik",
  "Usman Tariq",
  "Farah Siddiqui",
  "Zainab Raza",
];

export type SeedUsers = {
  admin: { email: string; passwordHash: string };
  shopper: { email: string; passwordHash: string };
};

/** The admin and the demo shopper; an existing account with the same e-mail is kept as is. */
export async function insertUsers(tx: Tx, users: SeedUsers) {
  const rows: NewUser[] = [
    {
      ...users.admin,
      firstName: "Maidan",
      lastName: "Admin",
      role: "admin",
      verified: true,
    },
    {
      ...users.shopper,
      firstName: "Ayesha",
      lastName: "Khan",
      phone: "923001234567",
      role: "user",
      verified: true,
      gender: "female",
      city: "Karachi",
      state: "Sindh",
      zip: "75500",
    },
  ];
  await tx.insert(authTables.users).values(rows).onConflictDoNothing();
}

function categoryRows(tree: CategoryDef[], parentId: string | null, out: NewCategory[]) {
  tree.forEach((c, sort) => {
    const id = randomUUID();
    const image = img.mediaUrl(img.categoryImageFile(c.slug));
    out.push({ id, slug: c.slug, name: c.name, parentId, sort, description: c.description, image });
    categoryRows(c.children, id, out);
  });
  return out;
}

export async function insertCatalogue(tx: Tx): Promise<CatalogIds> {
  const categories = categoryRows(CATEGORY_TREE, null, []);
  await tx.insert(catalogTables.categories).values(categories);

  const brands = BRANDS.map((b, sort) => ({
    id: randomUUID(),
    slug: slugify(b.name),
    name: b.name,
    logo: img.mediaUrl(img.brandLogoFile(slugify(b.name))),
    description: b.about,
    sort,
  }));
  await tx.insert(catalogTables.brands).values(brands);

  // One vendor account per store (no password: owners set one through "forgot password").
  const owners = VENDORS.map((v, i) => {
    const [firstName = "Store", lastName = "Owner"] = (VENDOR_OWNERS[i] ?? "").split(" ");
    const email = `${slugify(v.name)}@sellers.maidan.pk`;
    return {
      id: randomUUID(),
      email,
      firstName,
      lastName,
      role: "vendor" as const,
      verified: true,
    };
  });
  const created = await tx
    .insert(authTables.users)
    .values(owners)
    .onConflictDoNothing()
    .returning({ id: authTables.users.id });
  const createdIds = new Set(created.map((o) => o.id));

  const vendors = VENDORS.map((v, i) => {
    const slug = slugify(v.name);
    const ownerId = owners[i]?.id;
    return {
      id: randomUUID(),
      slug,
      name: v.name,
      description: v.description,
      logo: img.mediaUrl(img.vendorLogoFile(slug)),
      banner: img.mediaUrl(img.vendorBannerFile(slug)),
      city: v.city,
      phone: v.phone,
      email: `${slug}@sellers.maidan.pk`,
      ownerId: ownerId && createdIds.has(ownerId) ? ownerId : null,
    };
  });
  await tx.insert(catalogTables.vendors).values(vendors);

  return {
    category: new Map(categories.map((c) => [c.slug, c.id])),
    brand: new Map(brands.map((b) => [b.name, b.id])),
    vendor: new Map(vendors.map((v) => [v.name, v.id])),
  };
}

/** Home banners, landing entries, pages, help-center articles and shipping methods. */
export async function insertContent(tx: Tx) {
  const banners = SLIDES.flatMap((slide, sort) =>
    (["desktop", "mobile"] as const).map((device) => ({
      kind: device === "desktop" ? "slider" : "mobile_slider",
      img: img.mediaUrl(img.bannerFile(slide.key, device)),
      link: slide.link,
      alt: `${slide.title}: ${slide.subtitle}`,
      sort,
    })),
  );
  await tx.insert(contentTables.banners).values(banners);
  const landing = landingEntries(
    (key, device) => img.mediaUrl(img.bannerFile(key, device)),
    (slug, name) => ({ slug, name, image: img.mediaUrl(img.categoryImageFile(slug)) }),
  );
  await tx.insert(contentTables.landing).values(landing);
  await tx.insert(contentTables.pages).values(PAGES);
  await tx
    .insert(contentTables.helpArticles)
    .values(HELP_ARTICLES.map((a, sort) => ({ ...a, sort })));
  await tx.insert(cartTables.shippingMethods).values(SHIPPING_METHODS);
}
