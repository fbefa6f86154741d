import { orderAddressInput } from "@maidan/contracts/orders";
import { z } from "zod";
import { readCookie } from "../../lib/guest-id.server";

/**
 * What the shopper chose on the earlier steps (spec §3 Checkout `selectedAddress`, default
 * empty, and the payment method, default cash on delivery), kept in a session cookie so a reload,
 * the back button and a browser without JavaScript all see the same choice. The server reads it
 * back through the same schemas as the API, and the API checks everything again at order time:
 * a forged cookie can only change its own sender's checkout.
 */
const NAME = "checkout";

/** A typed address as the form sent it (strings, before the API's normalising). */
const typedAddress = z.record(z.string(), z.string().max(300));
export type TypedAddress = z.infer<typeof typedAddress>;

const state = z.object({
  /** A saved address's id (signed-in shoppers) or a typed address (guests). */
  address: z.union([z.uuid(), typedAddress]).optional(),
  method: z.string().max(40).optional(),
  bankId: z.string().max(60).optional(),
  /** Easypaisa's way to pay (`paymentMethod_ep`). */
  ep: z.string().max(40).optional(),
});
export type CheckoutState = z.infer<typeof state>;

/** The typed-address fields a checkout keeps (the API's order address). */
export const ADDRESS_FIELDS = [
  "fullName",
  "phone",
  "email",
  "province",
  "city",
  "address",
  "landmark",
  "zip",
] as const;

/** The typed address when it passes the API's own order-address schema, else null. */
export function validTyped(a: TypedAddress) {
  const parsed = orderAddressInput.safeParse(a);
  return parsed.success ? parsed.data : null;
}

export function readCheckoutState(request: Request): CheckoutState {
  const raw = readCookie(request.headers.get("cookie"), NAME);
  if (!raw) return {};
  try {
    const parsed = state.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

// Path=/ and not /checkout: a client navigation loads `/checkout.data`, which /checkout does
// not path-match.
const attributes = (request: Request) =>
  ["Path=/", "SameSite=Lax", "HttpOnly"].concat(
    new URL(request.url).protocol === "https:" ? ["Secure"] : [],
  );

/** A session cookie: it ends with the browser session, or when the order is placed. */
export function saveCheckoutState(request: Request, next: CheckoutState): string {
  const value = Buffer.from(JSON.stringify(next)).toString("base64url");
  return [`${NAME}=${value}`, ...attributes(request)].join("; ");
}

export const clearCheckoutState = (request: Request) =>
  [`${NAME}=`, "Max-Age=0", ...attributes(request)].join("; ");
