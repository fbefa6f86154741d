import type { FreebieDetail, FreebieService } from "@maidan/contracts/freebies";

export const capFreebie: FreebieDetail = {
  _id: "f1",
  slug: "eid-gift",
  title: "Eid gift: a free cap",
  description: "Orders of Rs. 5,000 or more get a cap free.",
  image: "/media/freebies/eid-gift.webp",
  minOrderValue: 5000,
  firstOrderOnly: false,
  pickCount: 1,
  startsAt: null,
  endsAt: "2027-01-01T00:00:00.000Z",
  productCount: 1,
  terms: "One free item per order.",
  products: [
    {
      _id: "p9",
      slug: "running-cap",
      name: "Running Cap",
      img: "/media/running-cap.webp",
      price: 899,
      brand: null,
      inStock: true,
      variant: null,
      options: [{ _id: "v9", size: null, color: "Black", inStock: true }],
    },
  ],
  viewer: null,
};

/** One live campaign; a signed-in caller is told their (empty) cart is Rs. 5,000 short. */
export function fakeFreebies(): FreebieService {
  const { terms: _t, products: _p, viewer: _v, ...summary } = capFreebie;
  return {
    list: async () => ({ freebies: [summary] }),
    detail: async (id, userId) =>
      id === capFreebie.slug || id === capFreebie._id
        ? {
            ...capFreebie,
            viewer: userId
              ? {
                  cartSubtotal: 0,
                  remaining: 5000,
                  firstOrderMet: true,
                  qualifies: false,
                  claim: null,
                }
              : null,
          }
        : null,
  };
}
