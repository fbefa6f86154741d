/** Wishlists (spec §3 "a list of wishlists", §7 GET wishlists/my): the default list and named ones. */
import { z } from "zod";

/** Lists a shopper may keep (the default one included), and products in one list. */
export const MAX_WISHLISTS = 10;
export const MAX_WISHLIST_ITEMS = 100;
export const DEFAULT_WISHLIST_NAME = "My wishlist";

const id = z.string().max(100);

export const wishlistName = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the list a name")
    .max(40, "A list's name can be at most 40 characters"),
});
export type WishlistNameBody = z.input<typeof wishlistName>;

/** A product to save, with the chosen variant when one was chosen. */
export const wishlistProduct = z.object({
  productId: id,
  variantId: id.nullish(),
});
export type WishlistProductBody = z.input<typeof wishlistProduct>;

export const wishlistItem = z.object({
  _id: z.string(),
  /** The product as it is now: its current price and stock. */
  product: z.object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    img: z.string().nullable(),
    price: z.number().int(),
    mrp: z.number().int(),
    inStock: z.boolean(),
  }),
  /** The variant saved (its current price and stock), or null: the product as a whole. */
  variant: z
    .object({
      _id: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      price: z.number().int(),
      mrp: z.number().int(),
      stock: z.number().int(),
    })
    .nullable(),
  priceWhenAdded: z.number().int(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

export const wishlist = z.object({
  _id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  items: z.array(wishlistItem),
});
export type Wishlist = z.infer<typeof wishlist>;

/** What a heart's toggle answers: whether the product is now in the default list. */
export const wishlistToggle = z.object({ saved: z.boolean(), productId: z.string() });
export type WishlistToggle = z.infer<typeof wishlistToggle>;

export type WishlistService = {
  /** Every list of the shopper, the default first, then by creation; items newest first. */
  mine(userId: string): Promise<Wishlist[]>;
  create(userId: string, input: unknown): Promise<Wishlist>;
  rename(userId: string, id: string, input: unknown): Promise<Wishlist>;
  /** Removes a named list with its items; the default list stays. */
  remove(userId: string, id: string): Promise<void>;
  addItem(userId: string, listId: string, input: unknown): Promise<WishlistItem>;
  removeItem(userId: string, listId: string, itemId: string): Promise<void>;
  /** The heart: the product leaves the default list if it is there, else joins it. */
  toggle(userId: string, input: unknown): Promise<WishlistToggle>;
  /** Saves to the default list (after signing in from a heart): never removes. */
  save(userId: string, input: unknown): Promise<WishlistToggle>;
};
