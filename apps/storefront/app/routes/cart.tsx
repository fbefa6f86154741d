import { redirect } from "react-router";

/** Spec §2: /cart redirects to /checkout (the root middleware does it first; this is the fallback). */
export function loader() {
  throw redirect("/checkout");
}

export default function Cart() {
  return null;
}
