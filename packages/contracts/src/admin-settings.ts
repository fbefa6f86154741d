/** The shop's settings as admins edit them (/admin/settings, spec §1 and §3, decision 061). */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

const https = (what: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${what} can be at most 500 characters`)
    .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
      message: `The ${what} must be an https:// address`,
    });
const id = (what: string, pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || pattern.test(v), {
      message: `The ${what} looks like ${example}`,
    });
const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `The ${what} field is required` })
    .trim()
    .min(
      min,
      min === 1 ? `The ${what} field is required` : `The ${what} takes at least ${min} characters`,
    )
    .max(max, `The ${what} can be at most ${max} characters`);

/**
 * PUT /api/admin/settings: every field at once (the form shows them all). Empty optional texts
 * (links, ids) are stored as absent.
 */
export const adminSettings = z
  .object({
    title: text("site title", 3, 120),
    description: text("site description", 10, 300),
    primaryColor: z
      .string({ error: "The primary colour field is required" })
      .trim()
      .toLowerCase()
      .regex(/^#[0-9a-f]{6}$/, "The primary colour must be a hex colour like #f46b22"),
    /** Theme 2 uses its own font family, every other theme another (spec §1). */
    mainTheme: z.coerce
      .number({ error: "The main theme must be 1, 2 or 3" })
      .int("The main theme must be 1, 2 or 3")
      .min(1, "The main theme must be 1, 2 or 3")
      .max(3, "The main theme must be 1, 2 or 3"),
    currencySymbol: text("currency symbol", 1, 8),
    guestLogin: z.boolean({ error: "Guest login must be on or off" }),
    demo: z.boolean({ error: "Demo mode must be on or off" }),
    appPromotion: z.object({
      active: z.boolean({ error: "The app banner must be on or off" }),
      text: z.string().trim().max(200, "The app banner's text can be at most 200 characters"),
      link: https("app link"),
      android: https("Android store link"),
      ios: https("iOS store link"),
    }),
    analytics: z.object({
      google_status: z.enum(["enabled", "disabled"], {
        error: "Google analytics must be enabled or disabled",
      }),
      gtm_id: id("Tag Manager id", /^GTM-[A-Z0-9]{4,10}$/, "GTM-ABC1234"),
      ga4_id: id("GA4 id", /^G-[A-Z0-9]{4,12}$/, "G-ABC123DEF4"),
      pixel_id: id("Meta pixel id", /^\d{6,20}$/, "123456789012345"),
    }),
  })
  .refine((s) => !s.appPromotion.active || s.appPromotion.text.length > 0, {
    message: "The app banner needs its text when it is on",
    path: ["appPromotion", "text"],
  });
export type AdminSettings = z.infer<typeof adminSettings>;
export type AdminSettingsInput = z.input<typeof adminSettings>;

/** GET /api/admin/settings (as stored: a row changed by hand answers too). */
export const adminSettingsView = z.object({
  title: z.string(),
  description: z.string(),
  primaryColor: z.string(),
  mainTheme: z.number().int(),
  currencySymbol: z.string(),
  guestLogin: z.boolean(),
  demo: z.boolean(),
  appPromotion: z.object({
    active: z.boolean(),
    text: z.string(),
    link: z.string(),
    android: z.string(),
    ios: z.string(),
  }),
  analytics: z.object({
    google_status: z.enum(["enabled", "disabled"]),
    gtm_id: z.string(),
    ga4_id: z.string(),
    pixel_id: z.string(),
  }),
});

/** What /admin/settings calls (admins only); the API routes call the same. */
export type AdminSettingsService = {
  get(staff: Staff): Promise<AdminSettings>;
  /** Saves, records the change, and tells every instance (settings cache news). */
  save(staff: Staff, body: unknown): Promise<AdminSettings>;
};
