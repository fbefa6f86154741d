import type { AdminFreebieCampaign } from "@maidan/contracts/admin-freebies";
import { When, WholeNumber } from "./form-fields";
import { PICTURE_HINT, PictureUpload } from "./picture-upload";

/** A freebie campaign's terms in a form (new or edited). */
export function FreebieFields({ campaign: c }: { campaign?: AdminFreebieCampaign }) {
  const id = c ? `freebie-${c._id}` : "freebie-new";
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
      <div className="field field--wide">
        <label htmlFor={`${id}-image`}>Picture</label>
        {c?.image && (
          <img className="admin-picture" src={c.image} alt="The campaign's picture now" />
        )}
        <input
          id={`${id}-image`}
          name="image"
          defaultValue={c?.image ?? ""}
          aria-describedby={`${id}-image-hint`}
        />
        <small className="muted" id={`${id}-image-hint`}>
          {PICTURE_HINT}; empty: no picture (the shop shows the title alone)
        </small>
        <PictureUpload id={`${id}-image`} name="image" label="Picture" />
      </div>
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
