import type { Address } from "@maidan/contracts/addresses";
import { PAKISTAN_CITIES, PROVINCES } from "@maidan/contracts/addresses";

/** What a new address form starts with, for a signed-in shopper. */
export type AddressPrefill = {
  fullName: string;
  phone: string;
  province: string | null;
  city: string | null;
  zip: string | null;
};

/** 923001234567 → 03001234567, as the form asks for it. */
const local = (phone: string | null | undefined) =>
  phone && /^92\d{10}$/.test(phone) ? `0${phone.slice(2)}` : "";

/**
 * The name and number from the default address (the one the shopper delivers to), else from the
 * profile; the province and city from the profile (its `state` and `city`) when they are places
 * the form offers, else from the default address. The street is never guessed.
 */
export function addressPrefill(
  profile: {
    firstName: string;
    lastName: string;
    phone: string | null;
    state: string | null;
    city: string | null;
    zip: string | null;
  } | null,
  book: readonly Address[],
): AddressPrefill | null {
  const home = book.find((a) => a.isDefault) ?? book[0] ?? null;
  if (!profile && !home) return null;
  const profileProvince =
    profile?.state && PROVINCES.includes(profile.state) ? profile.state : null;
  const profileCity =
    profileProvince && profile?.city && PAKISTAN_CITIES[profileProvince]?.includes(profile.city)
      ? profile.city
      : null;
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : "";
  return {
    fullName: home?.fullName ?? name,
    phone: local(home?.phone) || local(profile?.phone),
    province: profileCity ? profileProvince : (home?.province ?? profileProvince),
    city: profileCity ?? home?.city ?? null,
    zip: profile?.zip ?? home?.zip ?? null,
  };
}
