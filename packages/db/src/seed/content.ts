/** Shop settings, home banners, landing entries and shipping methods of the demo shop. */
import type { ColorName, Shape } from "./catalog-data.ts";

export const SETTINGS = {
  id: 1,
  shopName: "Maidan",
  title: "Maidan – Sports & Fashion Shopping in Pakistan",
  description:
    "Maidan is an online shopping site in Pakistan for men's and women's fashion, sportswear, shoes, " +
    "eastern wear and sports equipment, with cash on delivery and fast delivery nationwide.",
  guestLogin: true,
  // The demo shop has no app to download: its strip stays off (it pointed at the home page, a
  // dead end, issue #18). A shop with an app sets the text and the store link.
  appPromotion: { active: false, text: "Get the Maidan app for faster checkout" },
  analytics: { google_status: "disabled" as const },
  demo: false,
  currency: { symbol: "Rs.", code: "PKR" },
  microserviceUrl: null,
  primaryColor: "#f46b22",
  mainTheme: 3,
  otpLength: 4,
  supportPhone: "+92 21 111 624 326",
  supportEmail: "support@maidan.pk",
};

export type BannerSlide = {
  key: string;
  title: string;
  subtitle: string;
  cta: string;
  color: ColorName;
  shape: Shape;
  link: string;
};

export const SLIDES: BannerSlide[] = [
  {
    key: "mega-sale",
    title: "Mega Sale",
    subtitle: "Up to 50% off sportswear & shoes",
    cta: "Shop the sale",
    color: "Red",
    shape: "shoe",
    link: "/sale",
  },
  {
    key: "new-arrivals",
    title: "New Arrivals",
    subtitle: "Fresh drops every week",
    cta: "See what's new",
    color: "Navy",
    shape: "jacket",
    link: "/new-arrivals",
  },
  {
    key: "eid-collection",
    title: "Eid Collection",
    subtitle: "Lawn, kurtas & khussa for the family",
    cta: "Shop eastern",
    color: "Maroon",
    shape: "kameez",
    link: "/women-eastern-wear",
  },
  {
    key: "cricket-season",
    title: "Cricket Season",
    subtitle: "Sialkot-made bats, balls & kit",
    cta: "Gear up",
    color: "Olive",
    shape: "bat",
    link: "/accessories-equipment-cricket",
  },
];

/**
 * Banner art drawn for landing pages only (not in the home slider). Each page's banner names
 * what the page lists: the summer page once borrowed the Eid banner (issue #18).
 */
export const LANDING_ART: BannerSlide[] = [
  {
    key: "women-summer-collection",
    title: "Women's Summer Collection",
    subtitle: "Lawn, light tops and flats for hot days",
    cta: "Shop summer",
    color: "Teal",
    shape: "kameez",
    link: "/women-summer-collection",
  },
];

type CategoryRef = { slug: string; name: string; image: string };

/** Landing entries (each served at /pages/{route}); image URLs are passed in by the caller. */
export function landingEntries(
  banner: (key: string, device: "desktop" | "mobile") => string,
  category: (slug: string, name: string) => CategoryRef,
) {
  const art = (key: string) => ({
    banner: banner(key, "desktop"),
    mobileBanner: banner(key, "mobile"),
  });
  return [
    {
      route: "sale",
      title: "Mega Sale",
      landingPage: "sale",
      sort: 0,
      data: {
        headline: "Mega Sale",
        subtitle: "Big savings on sportswear, shoes, eastern wear and equipment.",
        ...art("mega-sale"),
        discount: "Up to 50% off",
        categories: [
          category("men-shoes", "Men's Shoes"),
          category("women-eastern-wear", "Eastern Wear"),
          category("men-clothing", "Men's Clothing"),
          category("women-clothing", "Women's Clothing"),
          category("kids", "Kids"),
          category("accessories-equipment-fitness-gear", "Fitness Gear"),
        ],
      },
    },
    {
      route: "women-summer-collection",
      title: "Women's Summer Collection",
      landingPage: "collection",
      sort: 1,
      data: {
        headline: "Women's Summer Collection",
        subtitle: "Breathable lawn, easy tops and light shoes for long, hot days.",
        ...art("women-summer-collection"),
        // Women's categories only: a tag such as "summer" also matched men's and boys' shorts.
        categories: [
          category("women-eastern-wear", "Eastern Wear"),
          category("women-clothing-tops", "Tops & Shirts"),
          category("women-shoes-casual", "Flats & Khussa"),
        ],
      },
    },
    {
      route: "new-arrivals",
      title: "New Arrivals",
      landingPage: "new-arrivals",
      sort: 2,
      data: {
        headline: "New Arrivals",
        subtitle: "The latest drops from our brands and vendors, updated every week.",
        ...art("new-arrivals"),
        sort: "newest",
        days: 30,
      },
    },
    {
      route: "eid-collection",
      title: "Eid Collection",
      landingPage: "collection",
      sort: 3,
      data: {
        headline: "Eid Collection",
        subtitle: "Shalwar kameez, lawn suits, kurtas and khussa for the whole family.",
        ...art("eid-collection"),
        categories: [
          category("women-eastern-wear", "Women's Eastern Wear"),
          category("men-eastern-wear", "Men's Eastern Wear"),
          category("kids-clothing", "Kids' Clothing"),
          category("women-shoes-casual", "Flats & Khussa"),
        ],
        tags: ["eid", "eastern"],
      },
    },
  ];
}

export const SHIPPING_METHODS = [
  {
    name: "Standard Delivery",
    carrier: "Leopards Courier",
    charge: 200,
    freeAbove: 3000,
    cities: null,
    etaDays: "3-5",
    isDefault: true,
    sort: 0,
  },
  {
    name: "Express Delivery",
    carrier: "TCS Overnight",
    charge: 450,
    freeAbove: null,
    cities: ["Karachi", "Lahore", "Islamabad", "Rawalpindi"],
    etaDays: "1-2",
    isDefault: false,
    sort: 1,
  },
  {
    name: "Same Day Karachi",
    carrier: "Maidan Riders",
    charge: 600,
    freeAbove: null,
    cities: ["Karachi"],
    etaDays: "0",
    isDefault: false,
    sort: 2,
  },
];
