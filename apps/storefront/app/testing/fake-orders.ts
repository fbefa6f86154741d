import type { Cart, CartService } from "@maidan/contracts/cart";
import type { OrdersService } from "@maidan/contracts/orders";

/** An empty cart, and order calls that a unit test must not reach. */
export const emptyCart: Cart = {
  cart_id: null,
  items: [],
  qty: 0,
  subtotal: 0,
  discountedSubtotal: 0,
  oldSubtotal: 0,
  discount: 0,
  couponDiscount: 0,
  promotionDiscount: 0,
  coupon: null,
  promotion: null,
  promo: null,
  offer_total: 0,
  offer: null,
  totalTaxByQty: 0,
  shippingMethod: null,
  shippingMethodText: "",
  shipping: 0,
  shippingString: "",
  total: 0,
  cod: false,
  checkoutWallet: false,
  walletBalance: 0,
  walletUsed: 0,
  payable: 0,
  city: null,
};

const unused = (name: string) => async () => {
  throw new Error(`fake: ${name} not expected in this test`);
};

export const fakeCarts = (): CartService => ({
  get: async () => emptyCart,
  add: unused("carts.add"),
  setQty: unused("carts.setQty"),
  remove: unused("carts.remove"),
  contains: async () => ({ inCart: false, qty: 0 }),
  shippingOptions: async () => [],
  setShipping: unused("carts.setShipping"),
  setUseWallet: unused("carts.setUseWallet"),
  applyCoupon: unused("carts.applyCoupon"),
  removeCoupon: unused("carts.removeCoupon"),
  mergeGuest: async () => emptyCart,
});

export const fakeOrders = (): OrdersService => ({
  place: unused("orders.place"),
  listMine: async () => [],
  getMine: unused("orders.getMine"),
  cancelMine: unused("orders.cancelMine"),
  confirmWithCode: unused("orders.confirmWithCode"),
  confirmWithLink: unused("orders.confirmWithLink"),
  resendCode: unused("orders.resendCode"),
  awaitingPayment: async () => [],
  changePaymentMethod: unused("orders.changePaymentMethod"),
});
