import type { AdminPromotion } from "@maidan/contracts/admin-promotions";
import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import { rupees } from "@maidan/contracts/money";
import { When, WholeNumber } from "./form-fields";
import { type Picked, ProductPicker } from "./product-picker";
import { ScopeFields, scopeText } from "./scope-fields";

/** "10% off", "Rs. 500 off", "Buy 2, get 1 free" or "Free gift", with the scope and minimum. */
export function promotionText(p: AdminPromotion, names?: Map<string, string>) {
  const what =
    p.kind === "percentage"
      ? `${p.value}% off${p.maxDiscount === null ? "" : `, at most ${rupees(p.maxDiscount)}`}`
      : p.kind === "fixed"
        ? `${rupees(p.value ?? 0)} off`
        : p.kind === "buy_x_get_y"
          ? `Buy ${p.buyQty}, get ${p.getQty} free`
          : "Free gift";
  const scope = scopeText(p.scope, p.scopeIds, names);
  return `${what} on ${scope}${p.minCartValue > 0 ? ` from ${rupees(p.minCartValue)}` : ""}`;
}

/** A promotion's terms in a form (new or edited). */
export function PromotionFields({
  promotion: p,
  categories,
  picked = [],
}: {
  promotion?: AdminPromotion;
  categories: CategoryTreeNode[];
  /** The products and the gift's variant already chosen, by name (lib/admin-picks.server.ts). */
  picked?: Picked[];
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
      <ProductPicker
        name="giftVariantId"
        label="Free gift (one variant)"
        mode="variant"
        multiple={false}
        initial={picked.filter((x) => x.id === p?.giftVariantId)}
      />
      <ScopeFields
        scope={p?.scope}
        scopeIds={p?.scopeIds}
        categories={categories}
        products={picked.filter((x) => p?.scope === "product" && p.scopeIds.includes(x.id))}
      />
      <When label="Starts (Pakistan time, empty: now)" name="startsAt" value={p?.startsAt} />
      <When label="Ends (Pakistan time, empty: never)" name="endsAt" value={p?.endsAt} />
      <label className="field field--check">
        <input type="checkbox" name="active" defaultChecked={p?.active ?? true} />{" "}
        <span>Switched on</span>
      </label>
    </>
  );
}
