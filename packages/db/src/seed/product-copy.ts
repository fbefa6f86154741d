/** Words and sentences the product generator builds names, descriptions and specs from. */
import type { Family } from "./partners.ts";

const words = (text: string) => text.trim().split(/\s+/);

/** Style names appended to product names ("… Running Shoes – Breeze"). */
export const STYLE_NAMES = {
  sport: words(`Breeze Storm Falcon Cheetah Velocity Hunza K2 Thar Swat Ravi Chenab Pulse Sprint
    Apex Stride Kaghan Skardu Margalla Makran Tarbela`),
  eastern: words(`Gulnar Noor Bahar Sehr Saba Mehr Chandni Rangoli Afsana Shireen Zohra Mahtab
    Gulbahar Anarkali Resham Parveen`),
};

/** One optional closing sentence per product, chosen by family. */
export const FAMILY_LINES: Record<Family, string[]> = {
  apparel: [
    "Cut for training days and easy weekends alike.",
    "The fabric stays soft wash after wash and keeps its colour in strong sun.",
    "Flat seams stop chafing when you move.",
    "Made to handle Karachi humidity and Lahore winters.",
  ],
  footwear: [
    "A padded collar and tongue keep the heel locked in.",
    "The rubber outsole grips on dusty pavements and wet tiles alike.",
    "Light enough for all-day wear, from the morning walk to the evening bazaar.",
  ],
  eastern: [
    "The colours are fast and the print stays sharp after many washes.",
    "A graceful choice for Eid, dawats, Jumma and family gatherings.",
    "Finished with neat stitching and soft piping at the seams.",
  ],
  kids: [
    "Strong seams stand up to street cricket and games in the park.",
    "Soft on the skin and easy for little ones to put on themselves.",
    "The colours stay bright through many trips to the washing machine.",
  ],
  cricket: [
    "Trusted by club cricketers from Sialkot to Karachi.",
    "Checked by hand before it leaves the workshop.",
    "Ideal for net sessions, weekend leagues and school teams.",
  ],
  sports: [
    "Built for hours of play on grass, courts and gully grounds.",
    "A solid choice for school teams, clubs and weekend games.",
    "Checked for quality before it is packed.",
  ],
  fitness: [
    "A practical addition to any home gym or studio.",
    "Compact enough to store under a bed or in a cupboard.",
    "Suits beginners and regular trainers alike.",
  ],
  bags: [
    "Strong zips and reinforced seams carry heavy kit without complaint.",
    "Padded straps spread the load on long commutes.",
    "Easy to wipe clean after a muddy match.",
  ],
};

export const CARE: Record<Family, string> = {
  apparel: "Machine wash cold with similar colours; do not bleach; tumble dry low",
  footwear: "Wipe clean with a damp cloth; air dry away from direct sun",
  eastern: "Gentle hand wash; dry in shade; iron on the reverse",
  kids: "Machine wash at 30°C with similar colours",
  cricket: "Store in a cool, dry place; knock in new bats before match use",
  sports: "Wipe clean after use; keep away from sharp objects and heat",
  fitness: "Wipe with mild soapy water; store away from direct heat",
  bags: "Spot clean with a damp cloth",
};

export const FITS: Partial<Record<Family, string[]>> = {
  apparel: ["Regular fit", "Slim fit", "Relaxed fit", "Athletic fit"],
  eastern: ["Regular fit", "Straight cut", "Relaxed fit"],
  kids: ["Regular fit", "Roomy fit"],
  footwear: ["True to size", "True to size", "Runs half a size small"],
};
