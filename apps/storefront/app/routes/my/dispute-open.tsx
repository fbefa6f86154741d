import {
  DISPUTE_MAX_PHOTOS,
  DISPUTE_PHOTO_MAX_KB,
  DISPUTE_REASON_LABEL,
  DISPUTE_REASONS,
  DISPUTE_WANTED,
  DISPUTE_WANTED_LABEL,
  disputeMessages,
  openDisputeFields,
} from "@maidan/contracts/disputes";
import { rupees } from "@maidan/contracts/money";
import type { FormEvent } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
} from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { FieldError } from "../../components/forms/field-error";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import disputesCss from "../../styles/disputes.css?url";
import type { Route } from "./+types/dispute-open";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: checkoutCss },
  { rel: "stylesheet", href: disputesCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Report a problem" }),
  { name: "robots", content: "noindex" },
];

type Field = "itemId" | "reason" | "description" | "wanted" | "photos";
type Feedback = ActionFeedback & { fields?: Partial<Record<Field, string>> };

/** `/my/disputes/{order_id}`: what of the order may be disputed (decision 052). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  try {
    return { order: await services(context).disputes.disputable(viewer.id, params.order_id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const viewer = requireViewer(context, request);
  const form = await request.formData();
  const parsed = openDisputeFields.safeParse({
    orderId: params.order_id,
    itemId: form.get("itemId") ?? undefined,
    reason: form.get("reason") ?? undefined,
    description: form.get("description") ?? undefined,
    wanted: form.get("wanted") ?? undefined,
  });
  const files = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const fields: Feedback["fields"] = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as Field;
      fields[name] ??= issue.message;
    }
  if (files.length > DISPUTE_MAX_PHOTOS) fields.photos = disputeMessages.tooManyPhotos;
  if (!parsed.success || fields.photos)
    return { ok: false, message: "Please correct the fields marked below.", fields };
  let id: string;
  try {
    const photos = await Promise.all(
      files.map(async (f) => ({
        name: f.name,
        type: f.type,
        bytes: new Uint8Array(await f.arrayBuffer()),
      })),
    );
    id = (await services(context).disputes.open(viewer.id, parsed.data, photos))._id;
  } catch (e) {
    const f = failure(e);
    const photoProblem = [disputeMessages.notImage, disputeMessages.tooLarge].includes(f.message);
    return photoProblem ? { ...f, fields: { photos: f.message } } : f;
  }
  throw redirect(`/my/disputes/detail/${id}`);
}

/** Before a photo travels: at most 1600 px a side as JPEG, so five fit in one form post. */
async function shrink(file: File): Promise<Blob> {
  if (!file.type.startsWith("image/") || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", 0.8));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // Not a picture the browser reads: the server says so.
    return file;
  }
}

export default function OpenDispute() {
  const { order } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  useFeedback(feedback);
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const errors = feedback?.fields ?? {};
  const available = order.lines.filter((l) => !l.openDisputeId);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const photos = data
      .getAll("photos")
      .filter((f): f is File => typeof f !== "string" && f.size > 0);
    data.delete("photos");
    for (const p of photos) {
      const small = await shrink(p);
      data.append("photos", small, small === p ? p.name : `${p.name.replace(/\.[^.]*$/, "")}.jpg`);
    }
    await submit(data, { method: "post", encType: "multipart/form-data" });
  };

  const error = (name: Field) => <FieldError id={`${name}-error`} message={errors[name]} />;

  return (
    <section aria-labelledby="open-title" className="order-detail">
      <p>
        <Link to={`/my/orders/${order.orderId}`}>← Order {order.orderNo}</Link>
      </p>
      <h1 id="open-title">Report a problem</h1>
      {order.refusal ? (
        <p className="notice" role="status">
          {order.refusal}
        </p>
      ) : (
        <>
          {order.until && (
            <p className="muted">
              You can report a problem with this order until {formatDate(order.until)}.
            </p>
          )}
          {available.length === 0 ? (
            <p className="notice">Every item of this order already has an open dispute.</p>
          ) : (
            <Form
              method="post"
              encType="multipart/form-data"
              className="form dispute-form"
              onSubmit={onSubmit}
              noValidate
            >
              <fieldset className="dispute-lines" aria-describedby="itemId-error">
                <legend>Which item?</legend>
                {order.lines.map((l) =>
                  l.openDisputeId ? (
                    <div key={l.itemId} className="dispute-line">
                      <span />
                      {l.img ? <img src={l.img} alt="" width={56} height={56} /> : <span />}
                      <span>
                        {l.name} ·{" "}
                        <Link to={`/my/disputes/detail/${l.openDisputeId}`}>already reported</Link>
                      </span>
                    </div>
                  ) : (
                    <label key={l.itemId} className="dispute-line">
                      <input
                        type="radio"
                        name="itemId"
                        value={l.itemId}
                        defaultChecked={available.length === 1}
                        required
                      />
                      {l.img ? <img src={l.img} alt="" width={56} height={56} /> : <span />}
                      <span>
                        {l.name}
                        <span className="muted">
                          {" "}
                          {[l.size, l.color].filter(Boolean).join(" · ")} · {l.qty} ·{" "}
                          {rupees(l.total)}
                        </span>
                      </span>
                    </label>
                  ),
                )}
                {error("itemId")}
              </fieldset>
              <label className="field">
                What is wrong?
                <select name="reason" defaultValue="" required aria-describedby="reason-error">
                  <option value="" disabled>
                    Choose…
                  </option>
                  {DISPUTE_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {DISPUTE_REASON_LABEL[r]}
                    </option>
                  ))}
                </select>
                {error("reason")}
              </label>
              <label className="field">
                Tell us what happened
                <textarea
                  name="description"
                  required
                  minLength={10}
                  maxLength={2000}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby="description-error"
                />
                {error("description")}
              </label>
              <label className="field">
                Photos (up to {DISPUTE_MAX_PHOTOS}, {DISPUTE_PHOTO_MAX_KB / 1024} MB each)
                <input
                  type="file"
                  name="photos"
                  accept="image/jpeg,image/png,image/gif,image/webp"
                  multiple
                  aria-invalid={errors.photos ? true : undefined}
                  aria-describedby="photos-error"
                />
                {error("photos")}
              </label>
              <fieldset className="dispute-choice" aria-describedby="wanted-error">
                <legend>What would you like?</legend>
                {DISPUTE_WANTED.map((w) => (
                  <label key={w} className="check">
                    <input type="radio" name="wanted" value={w} required />{" "}
                    {DISPUTE_WANTED_LABEL[w]}
                  </label>
                ))}
                {error("wanted")}
              </fieldset>
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? "Sending…" : "Send to Maidan"}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
