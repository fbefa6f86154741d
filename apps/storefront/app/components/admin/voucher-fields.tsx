import type { AdminVoucher } from "@maidan/contracts/admin-vouchers";
import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import { rupees } from "@maidan/contracts/money";
import { When, WholeNumber } from "./form-fields";
import type { Picked } from "./product-picker";
import { ScopeFields } from "./scope-fields";

/** "10% off, at most Rs. 500" or "Rs. 150 off". */
export const discountText = (v: Pick<AdminVoucher, "kind" | "value" | "maxDiscount">) =>
  v.kind === "percent"
    ? `${v.value}% off${v.maxDiscount === null ? "" : `, at most ${rupees(v.maxDiscount)}`}`
    : `${rupees(v.value)} off`;

/**
 * A voucher's terms in a form (new or edited); the code is fixed once made. Its scope is chosen
 * as a promotion's (decision 064); the minimum order stays on the whole cart.
 */
export function VoucherFields({
  voucher: v,
  categories,
  picked = [],
}: {
  voucher?: AdminVoucher;
  categories: CategoryTreeNode[];
  /** The products already chosen, by name (lib/admin-picks.server.ts). */
  picked?: Picked[];
}) {
  return (
    <>
      <label className="field">
        <span>Description (shown to shoppers)</span>
        <input name="description" maxLength={200} defaultValue={v?.description} />
      </label>
      <label className="field">
        <span>Kind</span>
        <select name="kind" defaultValue={v?.kind ?? "fixed"}>
          <option value="fixed">Rupees off</option>
          <option value="percent">Percent off</option>
        </select>
      </label>
      <WholeNumber label="Amount (Rs. or %)" name="value" min={1} required value={v?.value} />
      <WholeNumber
        label="Largest discount, for percent (Rs., empty: none)"
        name="maxDiscount"
        min={1}
        value={v?.maxDiscount}
      />
      <WholeNumber
        label="Minimum order (Rs.)"
        name="minCartValue"
        min={0}
        value={v?.minCartValue ?? 0}
      />
      <ScopeFields
        scope={v?.scope}
        scopeIds={v?.scopeIds}
        categories={categories}
        products={picked}
      />
      <When label="Starts (Pakistan time, empty: now)" name="startsAt" value={v?.startsAt} />
      <When label="Ends (Pakistan time, empty: never)" name="endsAt" value={v?.endsAt} />
      <WholeNumber
        label="Uses per shopper"
        name="perUserLimit"
        min={1}
        value={v?.perUserLimit ?? 1}
      />
      <WholeNumber
        label="Uses in total (empty: no limit)"
        name="usageLimit"
        min={1}
        value={v?.usageLimit}
      />
    </>
  );
}
