import { rupees } from "@maidan/contracts/money";
import { MAX_WISHLISTS, type Wishlist, type WishlistItem } from "@maidan/contracts/wishlists";
import { useEffect } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { loginDialog } from "../components/account/login-dialog-store";
import { useFeedback } from "../components/account/use-feedback";
import { LazyImage } from "../components/media/lazy-image";
import { Price } from "../components/price";
import { viewerContext } from "../context";
import { formObject, requireViewer } from "../lib/account.server";
import { useRootData } from "../lib/root-data";
import { pageMeta } from "../lib/seo";
import { type ActionFeedback, failure } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import wishlistCss from "../styles/wishlist-page.css?url";
import type { Route } from "./+types/wishlist";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: wishlistCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Wishlist" });

/** The shopper's lists with each item's current price and stock; signed out, an invitation. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) return { lists: null };
  return { lists: await services(context).wishlists.mine(viewer.id) };
}

/** One action, switched on intent: make, rename or delete a list; remove or copy an item. */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const viewer = requireViewer(context, request);
  const input = formObject(await request.formData());
  const { wishlists } = services(context);
  const list = input.list ?? "";
  try {
    switch (input.intent) {
      case "create":
        await wishlists.create(viewer.id, { name: input.name ?? "" });
        return { ok: true, message: "List created." };
      case "rename":
        await wishlists.rename(viewer.id, list, { name: input.name ?? "" });
        return { ok: true, message: "List renamed." };
      case "delete":
        await wishlists.remove(viewer.id, list);
        return { ok: true, message: "List deleted." };
      case "remove":
        await wishlists.removeItem(viewer.id, list, input.item ?? "");
        return { ok: true, message: "Removed from the list." };
      case "copy":
        await wishlists.addItem(viewer.id, input.to ?? "", {
          productId: input.pid ?? "",
          variantId: input.vid ?? null,
        });
        return { ok: true, message: "Saved to the list." };
      default:
        return { ok: false, message: "Unknown request." };
    }
  } catch (e) {
    return failure(e);
  }
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { lists } = loaderData;
  const result = useActionData<typeof action>();
  useFeedback(result);
  // The hearts follow what this page changed in the default list: an event to wish-client.ts
  // (its SYNC_EVENT; importing it here would split it out of the idle-time chunk).
  useEffect(() => {
    if (lists) window.dispatchEvent(new CustomEvent("maidan:wishlists", { detail: lists }));
  }, [lists]);
  if (!lists)
    return (
      <section className="wishlist-page">
        <h1>Wishlist</h1>
        <p>Log in to see the products you saved, on any device.</p>
        <Link
          to="/account/login?redirectTo=/wishlist"
          className="button button--primary"
          onClick={(e) => {
            e.preventDefault();
            loginDialog.open("Log in", { redirectTo: "/wishlist" });
          }}
        >
          Log in
        </Link>
      </section>
    );
  const total = lists.reduce((n, l) => n + l.items.length, 0);
  return (
    <section className="wishlist-page">
      <h1>Wishlist</h1>
      <p className="wish-item__meta">
        {total === 0
          ? "Nothing saved yet. Tap the heart on a product to save it here."
          : `${total} ${total === 1 ? "product" : "products"} saved`}
      </p>
      {lists.map((list) => (
        <List key={list._id} list={list} lists={lists} />
      ))}
      {lists.length < MAX_WISHLISTS && <NewList key={result?.ok ? lists.length : "new"} />}
    </section>
  );
}

function NewList() {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="wishlist-new">
      <input type="hidden" name="intent" value="create" />
      <label>
        New list
        <input name="name" maxLength={40} required placeholder="e.g. Eid gifts" />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Create list
      </button>
    </Form>
  );
}

function List({ list, lists }: { list: Wishlist; lists: Wishlist[] }) {
  const busy = useNavigation().state !== "idle";
  const headingId = `list-${list._id}`;
  return (
    <section className="wishlist" aria-labelledby={headingId}>
      <div className="wishlist__head">
        <h2 id={headingId}>
          {list.name} <span className="wish-item__meta">({list.items.length})</span>
        </h2>
        {!list.isDefault && (
          <div className="wishlist__manage">
            <Form method="post" className="wishlist__rename">
              <input type="hidden" name="list" value={list._id} />
              <input
                name="name"
                defaultValue={list.name}
                maxLength={40}
                required
                aria-label={`New name for ${list.name}`}
              />
              <button className="button button--ghost" name="intent" value="rename" disabled={busy}>
                Rename
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="list" value={list._id} />
              <button
                className="button button--ghost"
                name="intent"
                value="delete"
                disabled={busy}
                aria-label={`Delete the list ${list.name}`}
              >
                Delete
              </button>
            </Form>
          </div>
        )}
      </div>
      {list.items.length === 0 ? (
        <p className="empty-note">This list is empty.</p>
      ) : (
        <ul className="wishlist__items">
          {list.items.map((item) => (
            <Item key={item._id} item={item} list={list} lists={lists} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ item, list, lists }: { item: WishlistItem; list: Wishlist; lists: Wishlist[] }) {
  const { product, variant } = item;
  const busy = useNavigation().state !== "idle";
  const cart = useFetcher<{ ok: boolean; message: string }>();
  useFeedback(cart.data);
  const price = variant?.price ?? product.price;
  const mrp = variant?.mrp ?? product.mrp;
  const inStock = variant ? variant.stock > 0 : product.inStock;
  // The product page's words (lib/variant-choice's stockLabel, not imported: sharing it would
  // split it out of the product page's chunk into one more first-load file).
  const left = variant?.stock ?? 0;
  const stock = !inStock ? "Sold out" : variant && left <= 3 ? `Only ${left} left` : "In stock";
  const options = [variant?.size, variant?.color].filter(Boolean).join(" · ");
  const others = lists.filter((l) => l._id !== list._id);
  const dropped = item.priceWhenAdded - price;
  const { symbol } = useRootData().settings.currency;
  return (
    <li className="wish-item">
      <Link to={`/${product.slug}`} tabIndex={-1} aria-hidden="true">
        {product.img ? (
          <LazyImage
            className="wish-item__image"
            src={product.img}
            alt=""
            width={120}
            height={120}
            sizes="120px"
          />
        ) : (
          <span className="wish-item__image" />
        )}
      </Link>
      <div className="wish-item__body">
        <Link to={`/${product.slug}`} className="wish-item__name">
          {product.name}
        </Link>
        {options && <span className="wish-item__meta">{options}</span>}
        <Price price={price} mrp={mrp} />
        {dropped > 0 && (
          <span className="wish-item__drop">{`${rupees(dropped, symbol)} less than when you saved it`}</span>
        )}
        <span className={`stock ${inStock ? "stock--in" : "stock--out"}`}>{stock}</span>
        <div className="wish-item__actions">
          <cart.Form method="post" action="/checkout">
            <input type="hidden" name="intent" value={variant ? "add" : "quick-add"} />
            <input type="hidden" name="pid" value={product._id} />
            <input type="hidden" name="vid" value={variant?._id ?? ""} />
            <input type="hidden" name="slug" value={product.slug} />
            <input type="hidden" name="qty" value="1" />
            <button
              type="submit"
              className="button button--primary"
              disabled={!inStock || cart.state !== "idle"}
              aria-label={`Add to cart: ${product.name}`}
            >
              {cart.state !== "idle" ? "Adding…" : "Add to cart"}
            </button>
          </cart.Form>
          <Form method="post">
            <input type="hidden" name="list" value={list._id} />
            <input type="hidden" name="item" value={item._id} />
            <button
              className="button button--ghost"
              name="intent"
              value="remove"
              disabled={busy}
              aria-label={`Remove ${product.name} from ${list.name}`}
            >
              Remove
            </button>
          </Form>
          {others.length > 0 && (
            <Form method="post">
              <input type="hidden" name="pid" value={product._id} />
              <input type="hidden" name="vid" value={variant?._id ?? ""} />
              <select name="to" aria-label={`Save ${product.name} to another list`}>
                {others.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name}
                  </option>
                ))}
              </select>
              <button className="button button--ghost" name="intent" value="copy" disabled={busy}>
                Save to list
              </button>
            </Form>
          )}
        </div>
      </div>
    </li>
  );
}
