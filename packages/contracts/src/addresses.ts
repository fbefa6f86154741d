/** The address book (/my/address, and checkout's shipping address). */
import { z } from "zod";
import { phone } from "./auth.ts";

/** Provinces and territories of Pakistan with their main cities (deliverable places). */
export const PAKISTAN_CITIES: Readonly<Record<string, readonly string[]>> = {
  Punjab: [
    "Lahore",
    "Faisalabad",
    "Rawalpindi",
    "Multan",
    "Gujranwala",
    "Sialkot",
    "Bahawalpur",
    "Sargodha",
    "Sahiwal",
    "Sheikhupura",
    "Jhelum",
    "Gujrat",
    "Rahim Yar Khan",
    "Dera Ghazi Khan",
    "Okara",
    "Kasur",
  ],
  Sindh: [
    "Karachi",
    "Hyderabad",
    "Sukkur",
    "Larkana",
    "Nawabshah",
    "Mirpur Khas",
    "Jacobabad",
    "Thatta",
  ],
  "Khyber Pakhtunkhwa": [
    "Peshawar",
    "Mardan",
    "Abbottabad",
    "Swat",
    "Kohat",
    "Dera Ismail Khan",
    "Mansehra",
    "Nowshera",
    "Bannu",
  ],
  Balochistan: ["Quetta", "Gwadar", "Turbat", "Khuzdar", "Sibi", "Chaman", "Hub"],
  "Islamabad Capital Territory": ["Islamabad"],
  "Gilgit-Baltistan": ["Gilgit", "Skardu", "Hunza"],
  "Azad Jammu and Kashmir": ["Muzaffarabad", "Mirpur", "Rawalakot", "Kotli"],
};
export const PROVINCES = Object.keys(PAKISTAN_CITIES);

export const MAX_ADDRESSES = 20;

export const addressBody = z
  .object({
    fullName: z.string().trim().min(2, "The full name field must be at least 2 characters").max(80),
    phone,
    province: z.string().refine((p) => PROVINCES.includes(p), "Choose a province"),
    city: z.string().trim().min(1, "The city field is required").max(60),
    address: z.string().trim().min(5, "The address field must be at least 5 characters").max(200),
    landmark: z.string().trim().max(100).optional().nullable(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "The zip field must be 5 digits")
      .optional()
      .nullable()
      .or(z.literal("")),
    isDefault: z.boolean().optional(),
  })
  .refine((a) => PAKISTAN_CITIES[a.province]?.includes(a.city) ?? false, {
    message: "Choose a city of the selected province",
    path: ["city"],
  });
export type AddressBody = z.input<typeof addressBody>;

export const address = z.object({
  _id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  zip: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

export type AddressService = {
  list(userId: string): Promise<Address[]>;
  get(userId: string, id: string): Promise<Address>;
  create(userId: string, input: unknown): Promise<Address>;
  update(userId: string, id: string, input: unknown): Promise<Address>;
  remove(userId: string, id: string): Promise<void>;
  setDefault(userId: string, id: string): Promise<Address>;
};
