import type { PublicUser } from "@maidan/contracts/auth";
import type { UserRow } from "./auth.repository.ts";

/** The user as the API shows it: never the hash, the token version or the campaign. */
export function publicUserOf(u: UserRow): PublicUser {
  return {
    _id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    phonePending: u.phonePending,
    avatar: u.avatar,
    dob: u.dob,
    gender: u.gender,
    language: u.language,
    role: u.role,
    state: u.state,
    city: u.city,
    zip: u.zip,
    verified: u.verified,
  };
}

export const displayName = (u: Pick<UserRow, "firstName" | "lastName" | "email" | "phone">) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email || u.phone || "Shopper";
