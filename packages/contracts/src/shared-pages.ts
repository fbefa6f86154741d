/**
 * A shared page (decision 069): a page the same for every visitor but for the root's personal
 * parts (name, cart, unread badge). The storefront marks such a render with `SHARED_PAGE_HEADER`
 * (never sent to a client); the server then keeps one anonymous render of it and sends that to
 * visitors with a session or a cart too, saying so in Server-Timing (`SHARED_PAGE_TIMING`), and
 * the page loads their parts from `/account/me` once hydrated.
 */
export const SHARED_PAGE_HEADER = "x-maidan-shared-page";
export const SHARED_PAGE_TIMING = "shared";
