import type { Address } from "@maidan/contracts/addresses";
import { describe, expect, it } from "vitest";
import { addressPrefill } from "./address-prefill";

const profile = {
  firstName: "Hina",
  lastName: "Aslam",
  phone: "923001234567",
  state: "Punjab",
  city: "Lahore",
  zip: "54000",
};

const home: Address = {
  _id: "a-1",
  fullName: "Hina A.",
  phone: "923217654321",
  province: "Sindh",
  city: "Karachi",
  address: "House 12, Street 4",
  landmark: null,
  zip: null,
  isDefault: true,
};

describe("addressPrefill", () => {
  it("a first address starts from the profile: name, proved number, province, city, postal code", () => {
    expect(addressPrefill(profile, [])).toEqual({
      fullName: "Hina Aslam",
      phone: "03001234567",
      province: "Punjab",
      city: "Lahore",
      zip: "54000",
    });
  });

  it("another address takes the name and number from the default address", () => {
    const other = { ...home, _id: "a-2", isDefault: false, fullName: "Someone Else" };
    expect(addressPrefill(profile, [other, home])).toMatchObject({
      fullName: "Hina A.",
      phone: "03217654321",
      province: "Punjab",
      city: "Lahore",
    });
  });

  it("a profile place the form does not offer falls back to the default address's", () => {
    const odd = { ...profile, state: "Nowhere", city: "Atlantis", phone: null, zip: null };
    expect(addressPrefill(odd, [home])).toEqual({
      fullName: "Hina A.",
      phone: "03217654321",
      province: "Sindh",
      city: "Karachi",
      zip: null,
    });
    expect(addressPrefill({ ...odd, firstName: "Ali", lastName: "" }, [])).toEqual({
      fullName: "Ali",
      phone: "",
      province: null,
      city: null,
      zip: null,
    });
    expect(addressPrefill(null, [])).toBeNull();
  });
});
