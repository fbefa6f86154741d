/**
 * Screens of spec §2 whose features ship later. Each route id in routes.ts that points at
 * routes/coming-soon.tsx has an entry here, so the page says honestly what is coming.
 */

export type ComingSoonPage = { title: string; heading: string; text: string };

function page(title: string, heading: string, text: string): ComingSoonPage {
  return { title, heading, text };
}

const checkout = page(
  "Checkout",
  "Checkout opens soon",
  "Paying online and cash on delivery arrive with the checkout. Until then you can browse the whole shop.",
);
const account = page(
  "Your account",
  "Your account opens soon",
  "Orders, wallet, addresses, reviews and referrals will be here once accounts open.",
);
const orderDone = page(
  "Order confirmation",
  "Order confirmations open soon",
  "You will see your order number and total here once ordering opens.",
);
// /freebies and /freebies/{id} are real pages; claiming a freebie (/myfreebies) comes later.
const myFreebies = page(
  "Freebies",
  "Freebies open soon",
  "Free gifts with qualifying orders arrive with the checkout.",
);
const devPage = page(
  "Test page",
  "Nothing here yet",
  "This address is kept for the shop's own tests.",
);

export const comingSoonPages: Readonly<Record<string, ComingSoonPage>> = {
  "store-directory": page(
    "Stores",
    "Stores open soon",
    "A directory of every store on Maidan is on its way.",
  ),
  notifications: page(
    "Notifications",
    "Notifications open soon",
    "Order and offer updates will appear here once accounts open.",
  ),
  wishlist: page(
    "Wishlist",
    "Wishlists open soon",
    "Saving products for later arrives with customer accounts.",
  ),
  "lucky-draw": page(
    "Lucky draw",
    "The lucky draw opens soon",
    "Draws for shoppers are on their way.",
  ),
  earn: page(
    "Earn",
    "Earning opens soon",
    "Earning rewards by sharing Maidan arrives with referrals.",
  ),
  invite: page("Invitation", "Invitations open soon", "Invite links work once referrals open."),
  "my-freebies": myFreebies,
  "my-freebie-detail": myFreebies,
  "apply-for-vendor": page(
    "Sell on Maidan",
    "Vendor applications open soon",
    "Stores will be able to apply to sell on Maidan here.",
  ),
  "request-call-back": page(
    "Request a call back",
    "Call-back requests open soon",
    "Leaving your number for a call from our team is on its way.",
  ),
  review: page(
    "Write a review",
    "Reviews open soon",
    "Reviewing what you bought arrives with orders.",
  ),
  checkout,
  "checkout-shipping-address": checkout,
  "checkout-shipping-address-add": checkout,
  "checkout-payments": checkout,
  "checkout-repayment": checkout,
  success: orderDone,
  "order-success": orderDone,
  "order-success-guest": orderDone,
  "my-orders": account,
  "my-order": account,
  "my-wallet": account,
  "my-disputes": account,
  "my-dispute-detail": account,
  "my-order-disputes": account,
  "my-reviews": account,
  "my-review": account,
  "my-referral": account,
  "my-earnings": account,
  template: devPage,
  test: devPage,
};

const unknownPage = page("Coming soon", "Coming soon", "This part of Maidan is not open yet.");

export function comingSoonPage(routeId: string | undefined): ComingSoonPage {
  return (routeId && comingSoonPages[routeId]) || unknownPage;
}
