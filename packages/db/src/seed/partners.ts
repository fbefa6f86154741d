/** Brands and vendors of the demo shop (invented names; no real trademarks). */
import { COLORS, type ColorName } from "./catalog-data.ts";

/** Product families; brands and vendors say which families they sell. */
export const FAMILIES = [
  "apparel",
  "footwear",
  "eastern",
  "kids",
  "cricket",
  "sports",
  "fitness",
  "bags",
] as const;
export type Family = (typeof FAMILIES)[number];

/** "women" brands only make women's lines; "all" brands make everybody's. */
export type BrandDef = {
  name: string;
  families: Family[];
  color: ColorName;
  about: string;
  only: "all" | "women";
};

export const CITIES = [
  "Karachi",
  "Lahore",
  "Islamabad",
  "Sialkot",
  "Faisalabad",
  "Peshawar",
] as const;
export type City = (typeof CITIES)[number];

export type VendorDef = {
  name: string;
  city: City;
  phone: string;
  families: Family[];
  color: ColorName;
  description: string;
};

// name | families | colour | only (all, women) | about
const BRAND_TABLE = `
Sialkot Sports Co.   | cricket sports          | Natural  | all   | Hand-finished cricket and football gear from Sialkot.
Karachi Kicks        | footwear                | Orange   | all   | Running shoes and sneakers for city streets.
Lahore Looms         | eastern                 | Maroon   | all   | Lawn, cambric and chiffon woven in Punjab.
Peshawar Trail       | footwear bags           | Brown    | all   | Chappals, sandals and rugged bags.
Indus Active         | apparel fitness         | Teal     | all   | Breathable training wear for hot summers.
Margalla Fit         | fitness apparel         | Olive    | all   | Home-gym equipment and activewear.
Ravi Threads         | apparel                 | Navy     | all   | Everyday cotton tees, polos and joggers.
Chenab Cotton        | apparel eastern         | Sky Blue | all   | Soft cotton basics and kurtas.
Hunza Peak           | apparel bags            | Grey     | all   | Jackets and packs for the northern areas.
Khyber Sports        | cricket sports          | Red      | all   | Match-grade balls and team kit.
Thar Runner          | footwear                | Tan      | all   | Lightweight shoes built for heat and dust.
Clifton Club         | apparel                 | White    | all   | Smart polos and weekend wear.
Gulberg Studio       | eastern                 | Pink     | women | Embroidered lawn suits and festive kurtis.
Saddar Stitch        | apparel kids            | Mustard  | all   | Well-made tees and trousers at fair prices.
Kashmir Weaves       | eastern                 | Mint     | women | Dupattas, shawls and hand-finished borders.
Nanga Parbat Outdoor | bags apparel            | Black    | all   | Hiking bags and weatherproof layers.
ProStride            | footwear kids           | Black    | all   | Performance running shoes for road and track.
AeroFlex Sports      | fitness sports          | Purple   | all   | Rackets, bands and training aids.
CoreMotion           | fitness                 | Grey     | all   | Strength and mobility equipment.
Velocity Athletics   | apparel footwear        | Red      | all   | Track-ready apparel and trainers.
Little Champs        | kids                    | Yellow   | all   | Play clothes that survive the playground.
Tiny Steps           | kids                    | Sky Blue | all   | Comfortable first shoes and school shoes.
Quetta Gear          | bags sports             | Olive    | all   | Kit bags and duffels built to last.
Pindi Pro            | cricket sports fitness  | Navy     | all   | Club-level cricket and hockey gear.
`;

// name | city | phone | families | colour | description
const VENDOR_TABLE = `
Maidan Official Store    | Karachi    | +92 21 111 624 326 | apparel footwear eastern kids cricket sports fitness bags | Orange   | The Maidan house store: hand-picked sportswear, shoes and gear, packed and shipped from our Karachi warehouse.
Sialkot Sports Emporium  | Sialkot    | +92 52 3561 204    | cricket sports fitness                                    | Natural  | A family business making cricket bats, footballs and gloves in Sialkot for three generations.
Karachi Kicks Store      | Karachi    | +92 21 3587 4410   | footwear kids                                             | Black    | Sneakers and running shoes for the whole family, with easy size exchanges.
Lahore Eastern House     | Lahore     | +92 42 3575 9012   | eastern                                                   | Maroon   | Lawn suits, kurtas and dupattas from the fabric markets of Lahore, stitched and unstitched.
Margalla Fitness Depot   | Islamabad  | +92 51 2287 3306   | fitness apparel bags                                      | Teal     | Everything for a home gym in the capital: mats, weights, bands and breathable training wear.
Faisalabad Cotton Outlet | Faisalabad | +92 41 2634 7781   | apparel kids eastern                                      | Sky Blue | Factory-direct cotton tees, joggers and kidswear from the textile city.
Peshawar Outdoor Traders | Peshawar   | +92 91 5702 118    | footwear bags apparel                                     | Brown    | Handmade Peshawari chappals, sturdy bags and outdoor layers.
`;

function rows(table: string): string[][] {
  return table
    .trim()
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim()));
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  what: string,
): T {
  if (!allowed.includes(value as T)) throw new Error(`seed data: unknown ${what} '${value}'`);
  return value as T;
}

const colorNames = Object.keys(COLORS) as ColorName[];
const families = (cell: string | undefined) =>
  (cell ?? "").split(/\s+/).map((f) => oneOf(f, FAMILIES, "family"));

export const BRANDS: BrandDef[] = rows(BRAND_TABLE).map(([name, fams, color, only, about]) => ({
  name: name ?? "",
  families: families(fams),
  color: oneOf(color, colorNames, "colour"),
  only: oneOf(only, ["all", "women"] as const, "brand audience"),
  about: about ?? "",
}));

export const VENDORS: VendorDef[] = rows(VENDOR_TABLE).map(
  ([name, city, phone, fams, color, d]) => ({
    name: name ?? "",
    city: oneOf(city, CITIES, "city"),
    phone: phone ?? "",
    families: families(fams),
    color: oneOf(color, colorNames, "colour"),
    description: d ?? "",
  }),
);
