import type { Address } from "@maidan/contracts/addresses";
import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import { useState } from "react";

/**
 * Step one: a saved address (signed-in shoppers) or a typed one (guests, or "a new address").
 * The fields belong to the place-order form.
 */
export function AddressStep({
  addresses,
  guest,
  adding,
}: {
  addresses: Address[];
  guest: boolean;
  adding: boolean;
}) {
  const [chosen, setChosen] = useState(
    adding ? "" : (addresses.find((a) => a.isDefault)?._id ?? addresses[0]?._id ?? ""),
  );
  return (
    <fieldset className="address-step" id="address">
      <legend>Delivery address</legend>
      {addresses.map((a) => (
        <label key={a._id} className="check address-choice">
          <input
            type="radio"
            name="addressId"
            value={a._id}
            checked={chosen === a._id}
            onChange={() => setChosen(a._id)}
          />
          <span>
            <strong>{a.fullName}</strong> — {a.address}, {a.city}, {a.province} · 0
            {a.phone.slice(2)}
          </span>
        </label>
      ))}
      {addresses.length > 0 && (
        <label className="check">
          <input
            type="radio"
            name="addressId"
            value=""
            checked={chosen === ""}
            onChange={() => setChosen("")}
          />
          A new address
        </label>
      )}
      {chosen === "" && <AddressFields guest={guest} />}
    </fieldset>
  );
}

function AddressFields({ guest }: { guest: boolean }) {
  const [province, setProvince] = useState("Sindh");
  return (
    <div className="form">
      <label className="field">
        Full name
        <input name="fullName" required maxLength={80} autoComplete="name" />
      </label>
      <label className="field">
        Mobile number
        <input name="phone" type="tel" placeholder="03XXXXXXXXX" required maxLength={20} />
      </label>
      {guest && (
        <label className="field">
          E-mail (optional, for the receipt)
          <input name="email" type="email" maxLength={254} autoComplete="email" />
        </label>
      )}
      <label className="field">
        Province
        <select name="province" value={province} onChange={(e) => setProvince(e.target.value)}>
          {Object.keys(PAKISTAN_CITIES).map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </label>
      <label className="field">
        City
        <select name="city" required>
          {(PAKISTAN_CITIES[province] ?? []).map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="field">
        Address
        <input
          name="address"
          required
          minLength={5}
          maxLength={200}
          autoComplete="street-address"
        />
      </label>
      <label className="field">
        Landmark (optional)
        <input name="landmark" maxLength={100} />
      </label>
    </div>
  );
}
