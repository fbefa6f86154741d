import { Transform } from "node:stream";
import { AppError } from "@maidan/contracts/errors";

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
