import type { PublicSettings } from "@maidan/contracts/site";
import { defaultMainTheme, defaultPrimaryColor } from "./theme";

/**
 * What the shop shows when the settings cannot be loaded (spec §4: start-up failures are
 * ignored). Mirrors the spec's environment: orange, main theme 3, rupees.
 */
export const fallbackSettings: PublicSettings = {
  shopName: "Maidan",
  title: "Maidan: Sports Shopping Site",
  description:
    "Maidan is an online shopping site in Pakistan for men's and women's fashion, sportswear and sports gear.",
  bannersA: { slider: [], mobile_slider: [] },
  guestLogin: true,
  appPromotion: { active: false, text: "" },
  analytics: { google_status: "disabled" },
  demo: false,
  currency: { symbol: "Rs.", code: "PKR" },
  microservice: null,
  primaryColor: defaultPrimaryColor,
  mainTheme: defaultMainTheme,
  otpLength: 4,
  supportPhone: null,
  supportEmail: null,
  taxDisplay: "inclusive",
};
