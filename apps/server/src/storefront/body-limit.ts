import { Transform } from "node:stream";
import { PRODUCT_IMAGE_MAX_MB } from "@maidan/contracts/admin-products";
import { AppError } from "@maidan/contracts/errors";
import { PRODUCT_IMPORT_MAX_MB } from "@maidan/contracts/product-imports";
import { VENDOR_FORM_BODY_LIMIT } from "@maidan/contracts/vendor-labels";

const tooLarge = () => new AppError("BODY_TOO_LARGE", "Request body is too large");

/**
 * The body of a page's form post, passed on as a stream (React Router reads it) but held to the
 * same limit as the API's: a declared length over it is refused at once with 413, and a body
 * sent without a length is cut off when it grows past it.
 */
export function limitedBody(
  declaredLength: string | undefined,
  body: NodeJS.ReadableStream,
  limit: number,
): { error: AppError } | { stream: NodeJS.ReadableStream } {
  if (declaredLength !== undefined && Number(declaredLength) > limit) return { error: tooLarge() };
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      seen += chunk.length;
      next(seen > limit ? tooLarge() : null, chunk);
    },
  });
  body.on("error", (e) => counted.destroy(e));
  return { stream: body.pipe(counted) };
}

/** A product CSV and its form's fields (decision 063). */
const IMPORT_FORM_BODY_LIMIT = PRODUCT_IMPORT_MAX_MB * 1024 * 1024 + 64 * 1024;

/**
 * Pages whose form takes files, with their limits: with or without JavaScript (`.data` is React
 * Router's fetch of the same action).
 */
const UPLOAD_PAGES = new Map(
  (
    [
      ["/apply-for-vendor", VENDOR_FORM_BODY_LIMIT],
      ["/admin/products/import", IMPORT_FORM_BODY_LIMIT],
    ] as const
  ).flatMap(([path, limit]) => [
    [path, limit],
    [`${path}.data`, limit],
  ]),
);

/**
 * The back-office's product editor, whose image upload takes one picture (decision 060), and the
 * content screens, whose forms may bring a picture (decision 062 addendum).
 */
const PICTURE_FORMS = /^\/admin\/(products\/[0-9a-f-]{36}|content\/[a-z-]+)(\.data)?$/;
const PICTURE_FORM_BODY_LIMIT = (PRODUCT_IMAGE_MAX_MB + 1) * 1024 * 1024;

/** Pages whose form takes files get a larger body than the rest (decisions 058, 060, 063). */
export const uploadLimit = (url: string) => {
  const path = url.split("?")[0] ?? "";
  return UPLOAD_PAGES.get(path) ?? (PICTURE_FORMS.test(path) ? PICTURE_FORM_BODY_LIMIT : undefined);
};
