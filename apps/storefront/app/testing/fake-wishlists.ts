import { AppError } from "@maidan/contracts/errors";
import type { Wishlist, WishlistService } from "@maidan/contracts/wishlists";

/** Wishlists for unit tests: every shopper starts with none; writes are not part of the fake. */
export function fakeWishlists(lists: Wishlist[] = []): WishlistService {
  const refuse = async (): Promise<never> => {
    throw new AppError("BAD_REQUEST", "The fake shop keeps no wishlists");
  };
  return {
    mine: async () => lists,
    create: refuse,
    rename: refuse,
    remove: refuse,
    addItem: refuse,
    removeItem: refuse,
    toggle: refuse,
    save: refuse,
  };
}
