/**
 * Reading back-office forms into service input: empty optional fields are null, and dates are
 * typed in Pakistan time (UTC+5, no daylight saving) in `datetime-local` inputs.
 */
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const PKT_MS = 5 * 3600_000;

/** `2026-12-01T18:00` typed in Pakistan time as ISO 8601; anything else as typed (the schema says why). */
export const fromPakistanTime = (value: string) =>
  LOCAL.test(value) ? `${value}:00+05:00` : value;

/** An instant as a `datetime-local` value in Pakistan time. */
export const toPakistanTime = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + PKT_MS).toISOString().slice(0, 16) : "";

/** A form field: its trimmed text, or null when left empty. */
export function optional(form: FormData, name: string): string | null {
  const v = String(form.get(name) ?? "").trim();
  return v === "" ? null : v;
}

/** A checkbox: on or off. */
export const checked = (form: FormData, name: string) => form.get(name) === "on";

/** A voucher form's terms (components/admin/voucher-fields.tsx) as the voucher service takes them. */
export function voucherTermsOf(form: FormData) {
  const when = (name: string) => {
    const v = optional(form, name);
    return v === null ? null : fromPakistanTime(v);
  };
  return {
    description: String(form.get("description") ?? ""),
    kind: String(form.get("kind") ?? ""),
    value: String(form.get("value") ?? ""),
    maxDiscount: optional(form, "maxDiscount"),
    minCartValue: optional(form, "minCartValue") ?? 0,
    startsAt: when("startsAt"),
    endsAt: when("endsAt"),
    perUserLimit: optional(form, "perUserLimit") ?? 1,
    usageLimit: optional(form, "usageLimit"),
    ...scopeOf(form),
  };
}

/**
 * A promotion's or voucher's scope fields (components/admin/scope-fields.tsx): the categories
 * chosen, or the products the picker posts as `productIds`.
 */
function scopeOf(form: FormData) {
  const scope = String(form.get("scope") ?? "all");
  return {
    scope,
    scopeIds:
      scope === "category"
        ? form.getAll("categoryIds").map(String)
        : scope === "product"
          ? form.getAll("productIds").map(String).filter(Boolean)
          : [],
  };
}

/** A promotion form's terms (components/admin/promotion-fields.tsx) as the service takes them. */
export function promotionTermsOf(form: FormData) {
  const when = (name: string) => {
    const v = optional(form, name);
    return v === null ? null : fromPakistanTime(v);
  };
  return {
    name: String(form.get("name") ?? ""),
    kind: String(form.get("kind") ?? ""),
    value: optional(form, "value"),
    maxDiscount: optional(form, "maxDiscount"),
    minCartValue: optional(form, "minCartValue") ?? 0,
    ...scopeOf(form),
    buyQty: optional(form, "buyQty"),
    getQty: optional(form, "getQty"),
    giftVariantId: optional(form, "giftVariantId"),
    startsAt: when("startsAt"),
    endsAt: when("endsAt"),
    active: checked(form, "active"),
  };
}

/** A shipping method's form (routes/admin/shipping.tsx) as the shipping service takes it. */
export function shippingTermsOf(form: FormData) {
  const cities = String(form.get("cities") ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    name: String(form.get("name") ?? ""),
    carrier: String(form.get("carrier") ?? ""),
    charge: String(form.get("charge") ?? ""),
    freeAbove: optional(form, "freeAbove"),
    minOrderValue: optional(form, "minOrderValue") ?? 0,
    cities: cities.length ? cities : null,
    etaDays: String(form.get("etaDays") ?? ""),
    isDefault: checked(form, "isDefault"),
    active: checked(form, "active"),
    sort: optional(form, "sort") ?? 0,
  };
}

/** A freebie campaign's form (routes/admin/freebies.tsx) as the campaigns service takes it. */
export function freebieTermsOf(form: FormData) {
  const when = (name: string) => {
    const v = optional(form, name);
    return v === null ? null : fromPakistanTime(v);
  };
  return {
    slug: String(form.get("slug") ?? ""),
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    terms: String(form.get("terms") ?? ""),
    minOrderValue: optional(form, "minOrderValue") ?? 0,
    firstOrderOnly: checked(form, "firstOrderOnly"),
    pickCount: optional(form, "pickCount") ?? 1,
    products: String(form.get("products") ?? "")
      .split(/[\s,]+/)
      .filter(Boolean),
    startsAt: when("startsAt"),
    endsAt: when("endsAt"),
    /** An address in the shop's media, or null; an uploaded file replaces it (withPictures). */
    image: optional(form, "image"),
    active: true,
  };
}
