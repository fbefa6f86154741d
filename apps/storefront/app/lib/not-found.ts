import { data } from "react-router";
import { notFoundMessage } from "./errors";

/** The 404 every loader throws (spec §8), so the error page shows its fixed text. */
export function notFound() {
  return data({ message: notFoundMessage, status: 404 }, { status: 404 });
}
