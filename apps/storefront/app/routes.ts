import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The storefront's route table (spec §2). Static paths outrank `:slug/:c?`, which outranks `*`,
 * whatever the order here. Redirects (legacy table, /cart, route rules) run in the root
 * middleware before any of these.
 */

export default [
  route("cart", "routes/cart.tsx", { id: "cart" }),
  // The visitor's own parts for a page from the shared cache (decision 069): data, no page.
  route("account/me", "routes/account/me.ts", { id: "account-me" }),

  layout("layouts/home.tsx", [index("routes/home.tsx", { id: "home" })]),

  layout("layouts/bottom-navigation-footer.tsx", [
    route("sale", "routes/sale.tsx", { id: "sale" }),
    route("new-arrivals", "routes/new-arrivals.tsx", { id: "new-arrivals" }),
    route("search/:q?", "routes/search.tsx", { id: "search" }),
    // A CMS page, else a category (with optional child), else a product, else 404.
    route(":slug/:c?", "routes/slug.tsx", { id: "slug" }),
    // Deeper paths: a product, else 404.
    route("*", "routes/catch-all.tsx", { id: "catch-all" }),
  ]),

  layout("layouts/default.tsx", [
    route("pages/:route", "routes/landing.tsx", { id: "landing" }),
    route("b/:c?", "routes/brands.tsx", { id: "brands-short" }),
    route("brands/:c?", "routes/brands.tsx", { id: "brands" }),
    route("v/:c?", "routes/vendors.tsx", { id: "vendors" }),
    route("stores/:id", "routes/store.tsx", { id: "store" }),
    route("shop/:id", "routes/store.tsx", { id: "shop" }),
    route("store", "routes/store-directory.tsx", { id: "store-directory" }),
    route("women-summer-collection", "routes/landing.tsx", { id: "women-summer-collection" }),
    route("freebies", "routes/freebies.tsx", { id: "freebies" }),
    route("freebies/:id", "routes/freebie.tsx", { id: "freebie-detail" }),
  ]),

  layout("layouts/bottom-navigation.tsx", [
    route("explore", "routes/explore.tsx", { id: "explore" }),
    route("notifications", "routes/notifications.tsx", { id: "notifications" }),
    route("wishlist", "routes/wishlist.tsx", { id: "wishlist" }),
  ]),

  layout("layouts/mobile.tsx", [
    route("lucky-draw", "routes/lucky-draw.tsx", { id: "lucky-draw" }),
    route("daily_juice", "routes/daily-juice.tsx", { id: "daily-juice" }),
    route("earn", "routes/earn.tsx", { id: "earn" }),
    route("invite/:id", "routes/invite.tsx", { id: "invite" }),
  ]),

  layout("layouts/header.tsx", [
    route("apply-for-vendor", "routes/apply-for-vendor.tsx", { id: "apply-for-vendor" }),
    route("request-call-back", "routes/request-call-back.tsx", { id: "request-call-back" }),
    route("review/:id", "routes/review.tsx", { id: "review" }),
  ]),

  layout("layouts/only-header.tsx", [
    route("checkout", "routes/checkout/checkout.tsx", { id: "checkout" }),
    // The same page, opened at its address or payment step.
    route("checkout/changeShippingAddress", "routes/checkout/checkout.tsx", {
      id: "checkout-shipping-address",
    }),
    route("checkout/changeShippingAddress/add", "routes/checkout/checkout.tsx", {
      id: "checkout-shipping-address-add",
    }),
    route("checkout/payments", "routes/checkout/checkout.tsx", { id: "checkout-payments" }),
    route("checkout/repayment", "routes/checkout/repayment.tsx", { id: "checkout-repayment" }),
    // Beyond the spec: the SMS and e-mail of a shop without gateways (decision 042).
    route("dev/outbox", "routes/dev-outbox.tsx", { id: "dev-outbox" }),
  ]),

  layout("layouts/account.tsx", [
    route("account/login", "routes/account/login.tsx", { id: "account-login" }),
    route("account/signup", "routes/account/signup.tsx", { id: "account-signup" }),
    route("account/forgot-password", "routes/account/forgot-password.tsx", {
      id: "account-forgot-password",
    }),
    route("account/reset-password/:token", "routes/account/reset-password.tsx", {
      id: "account-reset-password",
    }),
    route("account/verify/:token", "routes/account/verify-email.tsx", { id: "account-verify" }),
    route("account/logout", "routes/account/logout.tsx", { id: "account-logout" }),
    route("account/logout-all", "routes/account/logout-all.tsx", { id: "account-logout-all" }),
    // Route rule 4: the `auth` guard in front of every /my page.
    layout("layouts/signed-in.tsx", [
      route("my", "routes/my/dashboard.tsx", { id: "my-dashboard" }),
      route("my/orders", "routes/my/orders.tsx", { id: "my-orders" }),
      route("my/orders/:id", "routes/my/order.tsx", { id: "my-order" }),
      route("myfreebies", "routes/my/freebies.tsx", { id: "my-freebies" }),
      route("myfreebies/:detail", "routes/my/freebie.tsx", { id: "my-freebie-detail" }),
      route("my/wallet", "routes/my/wallet.tsx", { id: "my-wallet" }),
      route("my/disputes", "routes/my/disputes.tsx", { id: "my-disputes" }),
      route("my/disputes/detail/:detail_id", "routes/my/dispute.tsx", { id: "my-dispute-detail" }),
      route("my/disputes/:order_id", "routes/my/dispute-open.tsx", { id: "my-order-disputes" }),
      route("my/account", "routes/my/profile.tsx", { id: "my-account" }),
      route("my/address", "routes/my/address.tsx", { id: "my-address" }),
      route("my/change-password", "routes/my/change-password.tsx", { id: "my-change-password" }),
      route("my/vouchers", "routes/my/vouchers.tsx", { id: "my-vouchers" }),
      route("my/details", "routes/my/profile.tsx", { id: "my-details" }),
      route("my/reviews", "routes/my/reviews.tsx", { id: "my-reviews" }),
      route("my/reviews/:id", "routes/my/review.tsx", { id: "my-review" }),
      route("my/referral", "routes/my/referral.tsx", { id: "my-referral" }),
      route("my/earnings", "routes/my/earnings.tsx", { id: "my-earnings" }),
    ]),
  ]),

  layout("layouts/support.tsx", [
    route("help-center/:id?", "routes/help-center.tsx", { id: "help-center" }),
  ]),

  layout("layouts/blank.tsx", [
    route("success", "routes/success.tsx", { id: "success" }),
    route("order-success", "routes/order-success.tsx", { id: "order-success" }),
    route("order-success-guest", "routes/order-success.tsx", { id: "order-success-guest" }),
    route("verify/auth", "routes/account/token-login.tsx", { id: "verify-auth" }),
    route("oauth/success", "routes/account/oauth-success.tsx", { id: "oauth-success" }),
  ]),

  // The back-office (decision 044): its own layout and guard; its code reaches no storefront page.
  layout("layouts/admin.tsx", [
    route("admin", "routes/admin/index.tsx", { id: "admin" }),
    route("admin/orders", "routes/admin/orders.tsx", { id: "admin-orders" }),
    route("admin/orders/:id", "routes/admin/order.tsx", { id: "admin-order" }),
    route("admin/orders/:id/refund", "routes/admin/order-refund.tsx", { id: "admin-order-refund" }),
    route("admin/customers", "routes/admin/customers.tsx", { id: "admin-customers" }),
    route("admin/customers/:id", "routes/admin/customer.tsx", { id: "admin-customer" }),
    route("admin/cod", "routes/admin/cod.tsx", { id: "admin-cod" }),
    route("admin/payments", "routes/admin/payments.tsx", { id: "admin-payments" }),
    route("admin/jobs", "routes/admin/jobs.tsx", { id: "admin-jobs" }),
    route("admin/audit", "routes/admin/audit.tsx", { id: "admin-audit" }),
    route("admin/cod-collections", "routes/admin/cod-collections.tsx", {
      id: "admin-cod-collections",
    }),
    route("admin/refused-phones", "routes/admin/refused-phones.tsx", {
      id: "admin-refused-phones",
    }),
    route("admin/vendor-applications", "routes/admin/vendor-applications.tsx", {
      id: "admin-vendor-applications",
    }),
    route("admin/call-backs", "routes/admin/call-backs.tsx", { id: "admin-call-backs" }),
    route("admin/referrals", "routes/admin/referrals.tsx", { id: "admin-referrals" }),
    route("admin/reviews", "routes/admin/reviews.tsx", { id: "admin-reviews" }),
    route("admin/disputes", "routes/admin/disputes.tsx", { id: "admin-disputes" }),
    route("admin/disputes/:id", "routes/admin/dispute.tsx", { id: "admin-dispute" }),
    route("admin/lucky-draws", "routes/admin/lucky-draws.tsx", { id: "admin-lucky-draws" }),
    // Catalogue structure and content (decision 062): one screen per kind.
    route("admin/content/:kind?", "routes/admin/content.tsx", { id: "admin-content" }),
    route("admin/my-store", "routes/admin/my-store.tsx", { id: "admin-my-store" }),
    route("admin/products", "routes/admin/products.tsx", { id: "admin-products" }),
    route("admin/products/new", "routes/admin/product.tsx", { id: "admin-product-new" }),
    route("admin/products/:id", "routes/admin/product.tsx", { id: "admin-product" }),
    route("admin/stock", "routes/admin/stock.tsx", { id: "admin-stock" }),
    route("admin/products/import", "routes/admin/product-imports.tsx", {
      id: "admin-product-imports",
    }),
    route("admin/products/import/:id", "routes/admin/product-import.tsx", {
      id: "admin-product-import",
    }),
    route("admin/vouchers", "routes/admin/vouchers.tsx", { id: "admin-vouchers" }),
    route("admin/vouchers/:id", "routes/admin/voucher.tsx", { id: "admin-voucher" }),
    route("admin/promotions", "routes/admin/promotions.tsx", { id: "admin-promotions" }),
    route("admin/promotions/:id", "routes/admin/promotion.tsx", { id: "admin-promotion" }),
    route("admin/product-picks", "routes/admin/product-picks.tsx", { id: "admin-product-picks" }),
    route("admin/freebies", "routes/admin/freebies.tsx", { id: "admin-freebies" }),
    route("admin/freebies/:id", "routes/admin/freebie.tsx", { id: "admin-freebie" }),
    route("admin/settings", "routes/admin/settings.tsx", { id: "admin-settings" }),
    route("admin/settings/shipping", "routes/admin/shipping.tsx", { id: "admin-shipping" }),
  ]),

  layout("layouts/none.tsx", [
    route("pgw/easypaisa", "routes/pgw-easypaisa.tsx", { id: "pgw-easypaisa" }),
    // The page template (spec §2) is a dynamic CMS page: the slug route's own module serves it.
    route("template", "routes/slug.tsx", { id: "template" }),
    route("test", "routes/test.tsx", { id: "test" }),
  ]),
] satisfies RouteConfig;
