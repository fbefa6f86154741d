import { PRODUCT_IMAGE_MAX_MB } from "@maidan/contracts/admin-products";
import { type DragEvent, useState } from "react";
import { Form, useFetcher } from "react-router";
import { imageSources } from "../../lib/image-sources";
import { AdminFeedback } from "./feedback";
import type { ProductPartProps } from "./product-form";

const thumb = (url: string) => imageSources(url, [160])?.fallback ?? url;

/**
 * The product editor's images (decision 060): alt texts, Up and Down (and dragging, by script),
 * delete, and an upload form. Their intents are the route's `image-*`.
 */
export function ImageList({ product, feedback, busy }: ProductPartProps) {
  const images = product.images;
  const fetcher = useFetcher();
  const [dragged, setDragged] = useState<string | null>(null);
  const mine = feedback?.intent.startsWith("image") ? feedback : undefined;
  const drop = (e: DragEvent, target: string) => {
    e.preventDefault();
    if (!dragged || dragged === target) return;
    const order = images.map((i) => i._id).filter((x) => x !== dragged);
    order.splice(order.indexOf(target), 0, dragged);
    setDragged(null);
    fetcher.submit({ intent: "image-order", order: order.join(",") }, { method: "post" });
  };
  return (
    <section aria-labelledby="images-title" className="admin-fieldset">
      <h2 id="images-title">Images</h2>
      <p className="muted">
        The first image is the main one. Drag an image to move it, or use Up and Down.
      </p>
      {mine && <AdminFeedback feedback={mine} />}
      <ol className="admin-images">
        {images.map((img, i) => (
          <li
            key={img._id}
            className="admin-image"
            data-testid="admin-image"
            draggable
            onDragStart={() => setDragged(img._id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => drop(e, img._id)}
          >
            <img src={thumb(img.url)} alt={img.alt} width={96} height={96} />
            <Form method="post" className="admin-action">
              <input type="hidden" name="intent" value="image-alt" />
              <input type="hidden" name="imageId" value={img._id} />
              <label className="field">
                <span>Alt text</span>
                <input name="alt" defaultValue={img.alt} required maxLength={200} />
              </label>
              <button type="submit" className="button button--small" disabled={busy}>
                Save
              </button>
            </Form>
            <Form method="post" className="admin-image__buttons">
              <input type="hidden" name="imageId" value={img._id} />
              <button
                type="submit"
                name="intent"
                value="image-up"
                className="button button--small button--secondary"
                disabled={busy || i === 0}
                aria-label={`Move image ${i + 1} up`}
              >
                Up
              </button>
              <button
                type="submit"
                name="intent"
                value="image-down"
                className="button button--small button--secondary"
                disabled={busy || i === images.length - 1}
                aria-label={`Move image ${i + 1} down`}
              >
                Down
              </button>
              <button
                type="submit"
                name="intent"
                value="image-delete"
                className="button button--small button--secondary"
                disabled={busy}
                aria-label={`Delete image ${i + 1}`}
              >
                Delete
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <Form
        // A fresh (empty) form after each image added.
        key={images.length}
        method="post"
        encType="multipart/form-data"
        className="admin-action admin-upload"
        aria-label="Upload an image"
      >
        <input type="hidden" name="intent" value="image-upload" />
        <label className="field">
          <span>Image (JPG, PNG, GIF, WebP or AVIF; {PRODUCT_IMAGE_MAX_MB} MB at most)</span>
          <input type="file" name="file" accept="image/*" required />
        </label>
        <label className="field">
          <span>Alt text (what the image shows)</span>
          <input name="alt" required maxLength={200} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Upload image
        </button>
      </Form>
    </section>
  );
}
