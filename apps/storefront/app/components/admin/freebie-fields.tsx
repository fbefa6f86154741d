import type { AdminFreebieCampaign } from "@maidan/contracts/admin-freebies";
import { When, WholeNumber } from "./form-fields";

/** A freebie campaign's terms in a form (new or edited). */
export function FreebieFields({ campaign: c }: { campaign?: AdminFreebieCampaign }) {
  return (
    <>
      <label className="field">
        <span>Title</span>
        <input name="title" required minLength={3} maxLength={120} defaultValue={c?.title} />
      </label>
      <label className="field">
        <span>Address (/freebies/…)</span>
        <input
          name="slug"
          required
          maxLength={80}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          defaultValue={c?.slug}
        />
      </label>
      <label className="field">
        <span>Description</span>
        <input name="description" maxLength={500} defaultValue={c?.description} />
      </label>
      <WholeNumber
        label="Minimum order (Rs.)"
        name="minOrderValue"
        min={0}
        value={c?.minOrderValue ?? 0}
      />
      <WholeNumber
        label="Products one order may take"
        name="pickCount"
        min={1}
        value={c?.pickCount ?? 1}
      />
      <When label="Starts (Pakistan time, empty: now)" name="startsAt" value={c?.startsAt} />
      <When label="Ends (Pakistan time, empty: never)" name="endsAt" value={c?.endsAt} />
      <label className="field field--check">
        <input type="checkbox" name="firstOrderOnly" defaultChecked={c?.firstOrderOnly} />{" "}
        <span>First order only</span>
      </label>
      <label className="field field--wide">
        <span>Products given away: their addresses or ids, one a line</span>
        <textarea name="products" rows={3} required defaultValue={c?.products.join("\n")} />
      </label>
      <label className="field field--wide">
        <span>Terms (shown as written)</span>
        <textarea name="terms" rows={3} maxLength={2000} defaultValue={c?.terms} />
      </label>
    </>
  );
}
