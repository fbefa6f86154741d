/**
 * The footer's link columns: every page a shopper looks for at the foot of a shop (issue #18),
 * the trust pages (seeded CMS pages at /{slug}) among them. The e2e footer test opens each one.
 */
export type FooterColumn = {
  title: string;
  links: readonly (readonly [to: string, label: string])[];
};

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: "Shop",
    links: [
      ["/new-arrivals", "New arrivals"],
      ["/sale", "Sale"],
      ["/daily_juice", "Daily deals"],
      ["/brands", "Brands"],
      ["/store", "Stores"],
      ["/freebies", "Freebies"],
      ["/explore", "All categories"],
    ],
  },
  {
    title: "Customer care",
    links: [
      ["/help-center", "Help center"],
      ["/contact-us", "Contact us"],
      ["/shipping-policy", "Shipping and delivery"],
      ["/return-policy", "Returns and refunds"],
      ["/size-guide", "Size guide"],
      ["/request-call-back", "Request a call back"],
    ],
  },
  {
    title: "Company",
    links: [
      ["/about-us", "About us"],
      ["/careers", "Careers"],
      ["/apply-for-vendor", "Sell on Maidan"],
      ["/privacy-policy", "Privacy policy"],
      ["/terms-and-conditions", "Terms and conditions"],
    ],
  },
];
