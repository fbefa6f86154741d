import type { TaxDisplay } from "@maidan/contracts/site";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

/** One row (id = 1): the shop's public settings (spec §3 "Settings"). */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    guestLogin: boolean("guest_login").notNull().default(true),
    appPromotion: jsonb("app_promotion")
      .$type<{ active: boolean; text: string; link?: string; android?: string; ios?: string }>()
      .notNull(),
    analytics: jsonb("analytics")
      .$type<{
        google_status: "enabled" | "disabled";
        gtm_id?: string;
        ga4_id?: string;
        pixel_id?: string;
      }>()
      .notNull(),
    demo: boolean("demo").notNull().default(false),
    currency: jsonb("currency").$type<{ symbol: string; code: string }>().notNull(),
    microserviceUrl: text("microservice_url"),
    primaryColor: text("primary_color").notNull().default("#f46b22"),
    mainTheme: integer("main_theme").notNull().default(3),
    otpLength: integer("otp_length").notNull().default(4),
    supportPhone: text("support_phone"),
    supportEmail: text("support_email"),
    /** How the sales tax inside prices shows: inclusive, per_item or hidden (contracts/site). */
    taxDisplay: text("tax_display").$type<TaxDisplay>().notNull().default("inclusive"),
    /** New reviews publish at once, or wait for staff (decision 051). */
    reviewsModerated: boolean("reviews_moderated").notNull().default(true),
    /** The referral programme (decision 055), in whole rupees; admins change them. */
    referralBonus: integer("referral_bonus").notNull().default(250),
    referralWelcome: integer("referral_welcome").notNull().default(150),
    referralMinOrder: integer("referral_min_order").notNull().default(2000),
    referralMonthlyCap: integer("referral_monthly_cap").notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`id = 1`),
    check(
      "settings_referral_check",
      sql`${t.referralBonus} >= 0 and ${t.referralWelcome} >= 0 and ${t.referralMinOrder} >= 0 and ${t.referralMonthlyCap} >= 0`,
    ),
    check(
      "settings_tax_display_check",
      sql`${t.taxDisplay} in ('inclusive', 'per_item', 'hidden')`,
    ),
  ],
);

export const pages = pgTable("pages", {
  id: id(),
  slug: text("slug").notNull().unique(),
  pageType: text("page_type").$type<"dynamic" | "static">().notNull().default("static"),
  title: text("title").notNull(),
  body: text("body").notNull(),
  description: text("description"),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Landing entries: each gets /pages/{route} and receives `data`. */
export const landing = pgTable("landing", {
  id: id(),
  route: text("route").notNull().unique(),
  title: text("title").notNull(),
  landingPage: text("landing_page"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  status: boolean("status").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});

export const banners = pgTable(
  "banners",
  {
    id: id(),
    /** 'slider' (desktop), 'mobile_slider' (phones) or another named group. */
    kind: text("kind").notNull(),
    img: text("img").notNull(),
    link: text("link").notNull().default("/"),
    alt: text("alt").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("banners_kind_idx").on(t.kind, t.sort)],
);

export const helpArticles = pgTable("help_articles", {
  id: id(),
  slug: text("slug").notNull().unique(),
  topic: text("topic").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});
