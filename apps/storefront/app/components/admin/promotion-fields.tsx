import type { AdminPromotion } from "@maidan/contracts/admin-promotions";
import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import { rupees } from "@maidan/contracts/money";
import { When, WholeNumber } from "./form-fields";

/** "10% off", "Rs. 500 off", "Buy 2, get 1 free" or "Free gift", with the scope and minimum. */
export function promotionText(p: AdminPromotion) {
  const what =
    p.kind === "percentage"
      ? `${p.value}% off${p.maxDiscount === null ? "" : `, at most ${rupees(p.maxDiscount)}`}`
      : p.kind === "fixed"
        ? `${rupees(p.value ?? 0)} off`
        : p.kind === "buy_x_get_y"
          ? `Buy ${p.buyQty}, get ${p.getQty} free`
          : "Free gift";
  const scope =
    p.scope === "all"
      ? "everything"
      : `${p.scopeIds.length} ${p.scope === "category" ? "categor" : "product"}${
          p.scope === "category"
            ? p.scopeIds.length === 1
              ? "y"
              : "ies"
            : p.scopeIds.length === 1
              ? ""
              : "s"
        }`;
  return `${what} on ${scope}${p.minCartValue > 0 ? ` from ${rupees(p.minCartValue)}` : ""}`;
}

/** The tree as a flat list, each name indented by its depth. */
const flatten = (nodes: CategoryTreeNode[], depth = 0): { id: string; label: string }[] =>
  nodes.flatMap((n) => [
    { id: n._id, label: `${"— ".repeat(depth)}${n.name}` },
    ...flatten(n.children, depth + 1),
  ]);

/** A promotion's terms in a form (new or edited). */
export function PromotionFields({
  promotion: p,
  categories,
}: {
  promotion?: AdminPromotion;
  categories: CategoryTreeNode[];
}) {
  return (
    <>
      <label className="field">
        <span>Name (shown in the cart)</span>
        <input name="name" required minLength={3} maxLength={120} defaultValue={p?.name} />
      </label>
      <label className="field">
        <span>Kind</span>
        <select name="kind" defaultValue={p?.kind ?? "percentage"}>
          <option value="percentage">Percent off</option>
          <option value="fixed">Rupees off</option>
          <option value="buy_x_get_y">Buy X, get Y free</option>
          <option value="free_gift">Free gift</option>
        </select>
      </label>
      <WholeNumber label="Percent or rupees off" name="value" min={1} value={p?.value} />
      <WholeNumber
        label="Largest discount (Rs., empty: none)"
        name="maxDiscount"
        min={1}
        value={p?.maxDiscount}
      />
      <WholeNumber
        label="Minimum of the lines in scope (Rs.)"
        name="minCartValue"
        min={0}
        value={p?.minCartValue ?? 0}
      />
      <WholeNumber label="Buy X: how many to buy" name="buyQty" min={1} value={p?.buyQty} />
      <WholeNumber label="Get Y: how many free" name="getQty" min={1} value={p?.getQty} />
      <label className="field">
        <span>Free gift: the variant's id</span>
        <input name="giftVariantId" defaultValue={p?.giftVariantId ?? ""} />
      </label>
      <label className="field">
        <span>Applies to</span>
        <select name="scope" defaultValue={p?.scope ?? "all"}>
          <option value="all">Everything</option>
          <option value="category">The categories chosen</option>
          <option value="product">The products listed</option>
        </select>
      </label>
      <label className="field">
        <span>Categories (with their subcategories)</span>
        <select
          name="categoryIds"
          multiple
          size={6}
          defaultValue={p?.scope === "category" ? p.scopeIds : []}
        >
          {flatten(categories).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Product ids, one a line</span>
        <textarea
          name="productIds"
          rows={3}
          defaultValue={p?.scope === "product" ? p.scopeIds.join("\n") : ""}
        />
      </label>
      <When label="Starts (Pakistan time, empty: now)" name="startsAt" value={p?.startsAt} />
      <When label="Ends (Pakistan time, empty: never)" name="endsAt" value={p?.endsAt} />
      <label className="field field--check">
        <input type="checkbox" name="active" defaultChecked={p?.active ?? true} />{" "}
        <span>Switched on</span>
      </label>
    </>
  );
}
