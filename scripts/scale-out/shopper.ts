import { randomUUID } from "node:crypto";
import { SHOP_ORIGIN, type ShopProcess } from "./shop-process.ts";

/** A shopper's HTTP calls to one instance, as the storefront's browser would make them. */
export type Answer = { status: number; body: Record<string, unknown> };

export const ADDRESS = {
  fullName: "Scale Out",
  phone: "03001234567",
  province: "Sindh",
  city: "Karachi",
  address: "House 1, Street 2, Clifton",
};

export async function call(
  shop: ShopProcess,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${shop.base}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: SHOP_ORIGIN, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text: text.slice(0, 200) };
  }
  return { status: res.status, body: parsed };
}

export const guest = () => ({ cookie: `guest=scale-${randomUUID()}` });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(shop: ShopProcess, tag: string) {
  const email = `${tag}-${randomUUID().slice(0, 8)}@scale-out.test`;
  const password = "correct-horse-1";
  const r = await call(
    shop,
    "POST",
    "/api/auth/signup",
    {},
    {
      firstName: "Scale",
      lastName: "Out",
      email,
      password,
    },
  );
  if (r.status !== 200)
    throw new Error(`signup on ${shop.name}: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    email,
    password,
    token: String(r.body.token),
    id: String((r.body.user as { _id: string })._id),
  };
}

export async function addToCart(
  shop: ShopProcess,
  who: Record<string, string>,
  v: { vid: string; pid: string },
  qty = 1,
) {
  const r = await call(shop, "POST", "/api/cart/v2/add", who, { pid: v.pid, vid: v.vid, qty });
  if (r.status !== 200)
    throw new Error(`add on ${shop.name}: ${r.status} ${JSON.stringify(r.body)}`);
}

export const placeCod = (shop: ShopProcess, who: Record<string, string>) =>
  call(
    shop,
    "POST",
    "/api/orders",
    { ...who, "idempotency-key": randomUUID() },
    {
      paymentMethod: "COD",
      address: ADDRESS,
    },
  );
