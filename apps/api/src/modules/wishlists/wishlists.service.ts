import {
  DEFAULT_WISHLIST_NAME,
  MAX_WISHLIST_ITEMS,
  MAX_WISHLISTS,
  type Wishlist,
  type WishlistItem,
  type WishlistService,
  wishlistName,
  wishlistProduct,
} from "@maidan/contracts/wishlists";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as repo from "./wishlists.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listMissing = () => notFound("Wishlist not found");
const itemMissing = () => notFound("This item is not in the list");
const productMissing = () => notFound("Product not found");

const itemView = (r: repo.ItemRow): WishlistItem => ({
  _id: r.id,
  product: {
    _id: r.product_id,
    slug: r.slug,
    name: r.name,
    img: r.img,
    price: r.price,
    mrp: r.mrp,
    inStock: r.in_stock,
  },
  variant:
    r.variant_id === null
      ? null
      : {
          _id: r.variant_id,
          size: r.size,
          color: r.color,
          price: r.v_price ?? r.price,
          mrp: r.v_mrp ?? r.mrp,
          stock: r.v_stock ?? 0,
        },
  priceWhenAdded: r.price_when_added,
  addedAt: new Date(r.added_at).toISOString(),
});

/**
 * A shopper's wishlists: a default list the hearts save to, made on first use, and named lists.
 * Another shopper's list or item answers 404, never 403. Limits: MAX_WISHLISTS lists (the
 * default included), MAX_WISHLIST_ITEMS products a list.
 */
export function createWishlistService(db: Db): WishlistService {
  const checkId = (id: string, missing: () => Error) => {
    if (!UUID.test(id)) throw missing();
  };
  const withItems = async (tx: DbOrTx, userId: string, list: repo.ListRow): Promise<Wishlist> => ({
    _id: list.id,
    name: list.name,
    isDefault: list.isDefault,
    items: (await repo.itemsOfUser(tx, userId))
      .filter((i) => i.wishlist_id === list.id)
      .map(itemView),
  });
  /** The product (and variant) to save, checked: 404 for an unknown or inactive one. */
  const offerOf = async (tx: DbOrTx, input: unknown) => {
    const b = parseInput(wishlistProduct, input);
    const variantId = b.variantId || null;
    checkId(b.productId, productMissing);
    if (variantId) checkId(variantId, productMissing);
    const offer = await repo.currentOffer(tx, b.productId, variantId);
    if (!offer?.variant_ok) throw productMissing();
    return { productId: b.productId, variantId, price: offer.price, inStock: offer.in_stock };
  };
  const add = async (tx: DbOrTx, listId: string, offer: Awaited<ReturnType<typeof offerOf>>) => {
    const there = await repo.findItem(tx, listId, offer.productId, offer.variantId);
    if (there) return there.id;
    if ((await repo.countItems(tx, listId)) >= MAX_WISHLIST_ITEMS)
      throw badRequest(
        `A list can hold at most ${MAX_WISHLIST_ITEMS} products. Remove some to add more.`,
      );
    const row = await repo.insertItem(tx, { wishlistId: listId, ...offer });
    if (!row) throw badRequest("The product was not saved");
    return row.id;
  };

  return {
    async mine(userId) {
      const [lists, items] = await Promise.all([
        repo.listLists(db, userId),
        repo.itemsOfUser(db, userId),
      ]);
      return lists.map((l) => ({
        _id: l.id,
        name: l.name,
        isDefault: l.isDefault,
        items: items.filter((i) => i.wishlist_id === l.id).map(itemView),
      }));
    },
    async create(userId, input) {
      const { name } = parseInput(wishlistName, input);
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        await repo.ensureDefault(tx, userId, DEFAULT_WISHLIST_NAME);
        if ((await repo.countLists(tx, userId)) >= MAX_WISHLISTS)
          throw badRequest(`You can keep at most ${MAX_WISHLISTS} lists.`);
        const list = await repo.insertList(tx, userId, name);
        if (!list) throw badRequest("The list was not saved");
        return { _id: list.id, name: list.name, isDefault: false, items: [] };
      });
    },
    async rename(userId, id, input) {
      checkId(id, listMissing);
      const { name } = parseInput(wishlistName, input);
      return db.transaction(async (tx) => {
        const list = await repo.renameList(tx, userId, id, name);
        if (!list) throw listMissing();
        return withItems(tx, userId, list);
      });
    },
    async remove(userId, id) {
      checkId(id, listMissing);
      await db.transaction(async (tx) => {
        const list = await repo.findList(tx, userId, id);
        if (!list) throw listMissing();
        if (list.isDefault) throw badRequest("Your default list cannot be deleted.");
        await repo.deleteList(tx, userId, id);
      });
    },
    async addItem(userId, listId, input) {
      checkId(listId, listMissing);
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const list = await repo.findList(tx, userId, listId);
        if (!list) throw listMissing();
        const itemId = await add(tx, list.id, await offerOf(tx, input));
        const [row] = await repo.itemsOfUser(tx, userId, itemId);
        if (!row) throw productMissing();
        return itemView(row);
      });
    },
    async removeItem(userId, listId, itemId) {
      checkId(listId, listMissing);
      checkId(itemId, itemMissing);
      await db.transaction(async (tx) => {
        const list = await repo.findList(tx, userId, listId);
        if (!list) throw listMissing();
        if (!(await repo.deleteItem(tx, list.id, itemId))) throw itemMissing();
      });
    },
    async toggle(userId, input) {
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const offer = await offerOf(tx, input);
        const list = await repo.ensureDefault(tx, userId, DEFAULT_WISHLIST_NAME);
        if ((await repo.deleteProduct(tx, list.id, offer.productId)) > 0)
          return { saved: false, productId: offer.productId };
        await add(tx, list.id, offer);
        return { saved: true, productId: offer.productId };
      });
    },
    async save(userId, input) {
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const offer = await offerOf(tx, input);
        const list = await repo.ensureDefault(tx, userId, DEFAULT_WISHLIST_NAME);
        await add(tx, list.id, offer);
        return { saved: true, productId: offer.productId };
      });
    },
  };
}
