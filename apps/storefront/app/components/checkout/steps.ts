/**
 * The checkout's steps (spec §3 `checkout_step`, default 'one'). Each step has an address, so a
 * reload, the back button or a shared link opens the same step: the spec's own paths for the
 * address and payment steps, `?step=` for delivery and review.
 */
export const STEPS = ["one", "two", "three", "four"] as const;
export type CheckoutStep = (typeof STEPS)[number];

export const STEP_LABEL: Record<CheckoutStep, string> = {
  one: "Address",
  two: "Delivery",
  three: "Payment",
  four: "Review",
};

export const STEP_PATH: Record<CheckoutStep, string> = {
  one: "/checkout",
  two: "/checkout?step=two",
  three: "/checkout/payments",
  four: "/checkout?step=four",
};

export const CHANGE_ADDRESS = "/checkout/changeShippingAddress";
export const ADD_ADDRESS = "/checkout/changeShippingAddress/add";

const isStep = (s: string | null): s is CheckoutStep =>
  s !== null && (STEPS as readonly string[]).includes(s);

/** The step a checkout URL opens (its path wins over `?step=`); anything unknown is 'one'. */
export function stepOf(url: URL): CheckoutStep {
  const path = url.pathname.replace(/\/$/, "");
  if (path === CHANGE_ADDRESS || path === ADD_ADDRESS) return "one";
  if (path === "/checkout/payments") return "three";
  const asked = url.searchParams.get("step");
  return isStep(asked) ? asked : "one";
}
