import {
  CONTENT_BODIES,
  CONTENT_KINDS,
  CONTENT_LABELS,
  type ContentKind,
  DELETABLE,
  IMAGE_KINDS,
  type ImageKind,
} from "@maidan/contracts/admin-content";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { PICTURE_HINT, PictureUpload } from "../../components/admin/picture-upload";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { picturesSent, withStandIns } from "../../lib/admin-pictures.server";
import { failure, notFound, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import contentCss from "../../styles/admin-content.css?url";
import type { Route } from "./+types/content";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contentCss }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? CONTENT_LABELS[loaderData.kind].many : "Content");

/** The kinds under "Categories" in the nav, and those under "Content". */
const STRUCTURE: ContentKind[] = ["categories", "brands", "stores"];

type Field = {
  name: string;
  label: string;
  type?: "textarea" | "number" | "checkbox" | "select" | "json" | "html" | "image";
  hint?: string;
  options?: { value: string; label: string }[];
};

const image = (name: string, label: string): Field => ({
  name,
  label,
  type: "image",
  hint: PICTURE_HINT,
});
const position: Field = { name: "sort", label: "Position", type: "number" };
const published = (name = "active"): Field => ({ name, label: "Published", type: "checkbox" });

/** What each kind's form asks, in order (the contracts' schemas check it). */
function fieldsOf(kind: ContentKind, parents: { value: string; label: string }[]): Field[] {
  const named = [
    { name: "name", label: "Name" },
    { name: "slug", label: "Address (slug)", hint: "Lower-case letters, digits and dashes" },
  ];
  const description: Field = { name: "description", label: "Description", type: "textarea" };
  switch (kind) {
    case "categories":
      return [
        ...named,
        {
          name: "parentId",
          label: "Parent",
          type: "select",
          options: [{ value: "", label: "(top level)" }, ...parents],
        },
        image("image", "Picture"),
        description,
        position,
        published(),
      ];
    case "brands":
      return [...named, image("logo", "Logo"), description, position, published()];
    case "stores":
      return [
        ...named,
        description,
        image("logo", "Logo"),
        image("banner", "Banner"),
        { name: "city", label: "City" },
        published(),
      ];
    case "banners":
      return [
        {
          name: "kind",
          label: "Slider",
          type: "select",
          options: [
            { value: "slider", label: "Desktop slider" },
            { value: "mobile_slider", label: "Phone slider" },
          ],
        },
        image("img", "Picture"),
        { name: "link", label: "Link", hint: "A page of the shop (/sale) or an https:// address" },
        { name: "alt", label: "What the picture shows" },
        published(),
      ];
    case "landing":
      return [
        { name: "route", label: "Address: /pages/…" },
        { name: "title", label: "Title" },
        { name: "landingPage", label: "Landing group (landingPage)" },
        { name: "data", label: "Data (JSON)", type: "json" },
        position,
        published("status"),
      ];
    case "pages":
      return [
        { name: "slug", label: "Address (slug)" },
        { name: "title", label: "Title" },
        {
          name: "pageType",
          label: "Type",
          type: "select",
          options: [
            { value: "static", label: "Static" },
            { value: "dynamic", label: "Dynamic" },
          ],
        },
        { name: "description", label: "Description (for search engines)" },
        { name: "body", label: "Text (HTML)", type: "html" },
        published(),
      ];
    case "help-articles":
      return [
        { name: "topic", label: "Topic" },
        { name: "title", label: "Title" },
        { name: "slug", label: "Address (slug)" },
        { name: "body", label: "Text (HTML)", type: "html" },
        position,
        published(),
      ];
  }
}

const kindOf = (param: string | undefined): ContentKind => {
  const kind = (param ?? "banners") as ContentKind;
  if (!CONTENT_KINDS.includes(kind)) throw notFound();
  return kind;
};

type AnyRecord = Record<string, unknown> & { _id: string };

/**
 * /admin/content/{kind} (decision 062): the categories, brands, stores, home banners, landing
 * entries, CMS pages and help articles, each record an open form; managers and admins.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const kind = kindOf(params.kind);
  try {
    const list = await services(context).adminContent.list(staff, kind);
    return { kind, records: list.records as AnyRecord[] };
  } catch (e) {
    throw pageError(e, request);
  }
}

/** `id`: the record it is about ("new": the new record's form); `at`: when it was answered. */
type Feedback = { ok: boolean; message: string; id: string; at?: number };

export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const kind = kindOf(params.kind);
  const sent = await request.formData();
  const s = services(context).adminContent;
  // The texts (the last of a name wins: a ticked box after its hidden "false").
  const form: Record<string, string> = {};
  for (const [name, value] of sent) if (typeof value === "string") form[name] = value;
  const { intent = "", id = "" } = form;
  // Pictures sent with the form (`<field>File`): the rest is checked first (a stand-in address for
  // the check), so a refused form stores nothing; then each is stored and its address fills it.
  const files = IMAGE_KINDS.includes(kind as ImageKind) ? picturesSent(sent) : [];
  const one = CONTENT_LABELS[kind].one;
  const checked = CONTENT_BODIES[kind].safeParse(withStandIns(form, files));
  if ((intent === "create" || intent === "update") && !checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, message: `${issue?.path.join(".")}: ${issue?.message}`, id: id || "new" };
  }
  for (const { field, file } of files)
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      form[field] = (await s.uploadImage(staff, kind as ImageKind, bytes)).url;
    } catch (e) {
      return { ...failure(e), id: id || "new" };
    }
  try {
    if (intent === "create") {
      await s.create(staff, kind, form);
      return { ok: true, message: `The ${one} is saved.`, id: "new", at: Date.now() };
    }
    if (intent === "update") {
      await s.update(staff, kind, id, form);
      return { ok: true, message: `The ${one} is saved.`, id };
    }
    if (intent === "delete") {
      await s.remove(staff, kind, id);
      return { ok: true, message: `The ${one} is deleted.`, id: "new" };
    }
    if (intent === "up" || intent === "down") {
      const slides = (await s.list(staff, "banners")).records.filter((b) => b.kind === form.slider);
      const ids = slides.map((b) => b._id);
      const at = ids.indexOf(id);
      const to = intent === "up" ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= ids.length) return { ok: true, message: "", id };
      [ids[at], ids[to]] = [ids[to] as string, ids[at] as string];
      await s.orderBanners(staff, { kind: form.slider, ids });
      return { ok: true, message: "The slide moved.", id };
    }
    return { ok: false, message: "Unknown action", id };
  } catch (e) {
    return { ...failure(e), id: id || "new" };
  }
}

const display = (value: unknown, field: Field) => {
  if (field.type === "json") return JSON.stringify(value ?? {}, null, 2);
  return value === null || value === undefined ? "" : String(value);
};

function Input({ field, value, id }: { field: Field; value: unknown; id: string }) {
  const inputId = `${id}-${field.name}`;
  const hintId = field.hint ? `${inputId}-hint` : undefined;
  const common = { id: inputId, name: field.name, "aria-describedby": hintId };
  if (field.type === "checkbox")
    return (
      <label className="field field--check" htmlFor={inputId}>
        {/* Unticked sends the hidden "false"; ticked, the box's value comes last and wins. */}
        <input type="hidden" name={field.name} value="false" />
        <input {...common} type="checkbox" value="true" defaultChecked={value !== false} />
        <span>{field.label}</span>
      </label>
    );
  return (
    <div className="field">
      <label htmlFor={inputId}>{field.label}</label>
      {field.type === "select" ? (
        <select {...common} defaultValue={display(value, field)}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" || field.type === "json" || field.type === "html" ? (
        <textarea
          {...common}
          rows={field.type === "html" ? 10 : 4}
          defaultValue={display(value, field)}
        />
      ) : (
        <input
          {...common}
          type={field.type === "number" ? "number" : "text"}
          defaultValue={display(value, field)}
        />
      )}
      {field.hint && (
        <small className="muted" id={hintId}>
          {field.hint}
        </small>
      )}
      {field.type === "image" && (
        <PictureUpload id={inputId} name={field.name} label={field.label} />
      )}
    </div>
  );
}

function RecordForm({
  kind,
  fields,
  record,
  busy,
}: {
  kind: ContentKind;
  fields: Field[];
  record?: AnyRecord;
  busy: boolean;
}) {
  const id = record?._id ?? "new";
  return (
    <Form
      method="post"
      className="admin-record__form"
      noValidate
      encType={fields.some((f) => f.type === "image") ? "multipart/form-data" : undefined}
    >
      <input type="hidden" name="id" value={record?._id ?? ""} />
      {kind === "banners" && !record && <input type="hidden" name="sort" value="" />}
      {kind === "banners" && record && (
        <input type="hidden" name="sort" value={String(record.sort)} />
      )}
      <div className="admin-record__fields">
        {fields.map((f) => (
          <Input key={f.name} field={f} value={record?.[f.name]} id={id} />
        ))}
      </div>
      <button
        type="submit"
        name="intent"
        value={record ? "update" : "create"}
        className="button"
        disabled={busy}
      >
        {record ? "Save" : `Add the ${CONTENT_LABELS[kind].one}`}
      </button>
    </Form>
  );
}

/** Where a record shows in the shop, to check a change there. */
function shopLink(kind: ContentKind, r: AnyRecord) {
  if (kind === "categories" || kind === "pages") return `/${r.slug}`;
  if (kind === "brands") return `/brands/${r.slug}`;
  if (kind === "stores") return `/stores/${r.slug}`;
  if (kind === "landing") return `/pages/${r.route}`;
  if (kind === "help-articles") return `/help-center/${r.slug}`;
  return "/";
}

/** Categories as their tree: each parent followed by its subcategories, with their depth. */
function treeOrder(records: AnyRecord[]) {
  const out: { r: AnyRecord; depth: number }[] = [];
  const ids = new Set(records.map((r) => r._id));
  const walk = (parent: string | null, depth: number) => {
    for (const r of records) {
      const p = (r.parentId as string | null) ?? null;
      if ((parent === null ? p === null || !ids.has(p) : p === parent) && depth < 10) {
        out.push({ r, depth });
        walk(r._id, depth + 1);
      }
    }
  };
  walk(null, 0);
  return out;
}

const titleOf = (r: AnyRecord) => String(r.name ?? r.title ?? r.alt ?? r.route ?? r._id);

export default function AdminContent() {
  const { kind, records } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { one, many } = CONTENT_LABELS[kind];
  // A category's parent is chosen from the tree, indented, never itself or one below it.
  const tree = kind === "categories" ? treeOrder(records) : [];
  const parents = tree.map((x) => ({
    value: x.r._id,
    label: `${"– ".repeat(x.depth)}${titleOf(x.r)}`,
  }));
  const fields = fieldsOf(kind, parents);
  const fieldsFor = (r: AnyRecord) => {
    if (kind !== "categories") return fields;
    const below = new Set([r._id]);
    for (const x of tree) if (below.has(String(x.r.parentId))) below.add(x.r._id);
    return fieldsOf(
      kind,
      parents.filter((p) => !below.has(p.value)),
    );
  };
  const tabs = STRUCTURE.includes(kind)
    ? STRUCTURE
    : CONTENT_KINDS.filter((k) => !STRUCTURE.includes(k));
  const groups =
    kind === "banners"
      ? (["slider", "mobile_slider"] as const).map((s) => ({
          title: s === "slider" ? "Desktop slider" : "Phone slider",
          slider: s,
          records: records.filter((r) => r.kind === s),
        }))
      : [{ title: "", slider: "", records }];
  const depth = new Map(tree.map((x) => [x.r._id, x.depth]));
  if (kind === "categories") groups[0] = { title: "", slider: "", records: tree.map((x) => x.r) };
  return (
    <section aria-labelledby="content-title" className="admin-content">
      <h1 id="content-title">{many}</h1>
      <nav
        className="admin-tabs"
        aria-label={STRUCTURE.includes(kind) ? "Catalogue structure" : "Content"}
      >
        {tabs.map((k) => (
          <Link key={k} to={`/admin/content/${k}`} aria-current={k === kind ? "page" : undefined}>
            {CONTENT_LABELS[k].many}
          </Link>
        ))}
      </nav>
      {feedback?.id === "new" && <AdminFeedback feedback={feedback} />}
      {/* Saved: the form starts again, closed and empty (a new key). */}
      <details
        key={feedback?.at ?? "new"}
        className="admin-record admin-record--new"
        open={feedback?.id === "new" && !feedback.ok}
      >
        <summary>New {one}</summary>
        <RecordForm kind={kind} fields={fields} busy={busy} />
      </details>
      {groups.map((g) => (
        <div key={g.slider}>
          {g.title && <h2>{g.title}</h2>}
          {g.records.length === 0 && <p>No {many.toLowerCase()} yet.</p>}
          <ol className="admin-records">
            {g.records.map((r, i) => (
              <li
                key={r._id}
                className="admin-record"
                data-testid="admin-record"
                style={
                  depth.get(r._id)
                    ? { marginLeft: `${(depth.get(r._id) ?? 0) * 1.5}rem` }
                    : undefined
                }
              >
                <details open={feedback?.id === r._id}>
                  <summary>
                    {kind === "banners" && typeof r.img === "string" && (
                      <img
                        src={r.img}
                        alt=""
                        width={120}
                        height={40}
                        className="admin-record__thumb"
                      />
                    )}
                    <strong>{titleOf(r)}</strong>{" "}
                    <span className="muted">
                      {r.slug ? `/${String(r.slug)}` : r.link ? `→ ${String(r.link)}` : ""}
                      {r.active === false || r.status === false ? " · unpublished" : ""}
                      {typeof r.products === "number" ? ` · ${r.products} products` : ""}
                      {r.children ? ` · ${String(r.children)} subcategories` : ""}
                    </span>
                  </summary>
                  {feedback?.id === r._id && <AdminFeedback feedback={feedback} />}
                  <RecordForm kind={kind} fields={fieldsFor(r)} record={r} busy={busy} />
                  <div className="admin-record__actions">
                    {kind !== "banners" && (
                      <a href={shopLink(kind, r)} target="_blank" rel="noreferrer">
                        See it in the shop
                      </a>
                    )}
                    {kind === "banners" &&
                      (["up", "down"] as const).map((dir) => (
                        <Form method="post" key={dir}>
                          <input type="hidden" name="id" value={r._id} />
                          <input type="hidden" name="slider" value={g.slider} />
                          <button
                            type="submit"
                            name="intent"
                            value={dir}
                            className="button button--secondary"
                            disabled={busy || (dir === "up" ? i === 0 : i === g.records.length - 1)}
                          >
                            {dir === "up" ? "Move up" : "Move down"}
                          </button>
                        </Form>
                      ))}
                    {DELETABLE.includes(kind) && (
                      <Form method="post">
                        <input type="hidden" name="id" value={r._id} />
                        <button
                          type="submit"
                          name="intent"
                          value="delete"
                          className="button button--secondary"
                          disabled={busy}
                        >
                          Delete
                        </button>
                      </Form>
                    )}
                  </div>
                </details>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
