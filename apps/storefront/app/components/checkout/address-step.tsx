import type { Address } from "@maidan/contracts/addresses";
import { PAKISTAN_CITIES, PROVINCES } from "@maidan/contracts/addresses";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AddressForm } from "../account/address-form";
import type { AddressPrefill } from "../account/address-prefill";
import { StepSubmit } from "./step-submit";
import { ADD_ADDRESS, CHANGE_ADDRESS } from "./steps";

type Typed = Record<string, string>;

/**
 * Step one: where the order goes. A signed-in shopper picks a saved address or adds one to the
 * address book (/checkout/changeShippingAddress/add); a guest types one when guest login is on,
 * and is asked to log in when it is off. Every choice is a form post, so it works before (or
 * without) the page's scripts.
 */
export function AddressStep({
  signedIn,
  guestLogin,
  addresses,
  selectedId,
  typed,
  adding,
  prefill = null,
}: {
  signedIn: boolean;
  guestLogin: boolean;
  addresses: Address[];
  /** The saved address chosen earlier (selectedAddress), if any. */
  selectedId: string | null;
  /** A typed address chosen earlier, or the one the server just refused. */
  typed: Typed | null;
  /** At /checkout/changeShippingAddress/add. */
  adding: boolean;
  /** A new address's starting values: the profile's and the default address's. */
  prefill?: AddressPrefill | null;
}) {
  const busy = useNavigation().state !== "idle";
  if (!signedIn && !guestLogin)
    return (
      <StepBox title="Delivery address">
        <p>Guest checkout is turned off. Log in to use your saved addresses and place the order.</p>
        <p>
          <Link to="/account/login?redirectTo=/checkout" className="button button--primary">
            Log in to check out
          </Link>
        </p>
      </StepBox>
    );
  if (!signedIn)
    return (
      <StepBox title="Delivery address">
        <p className="muted">
          Checking out as a guest. <Link to="/account/login?redirectTo=/checkout">Log in</Link> to
          use your saved addresses.
        </p>
        <GuestAddressForm values={typed} />
      </StepBox>
    );
  if (adding || addresses.length === 0)
    return (
      <StepBox title="Add a delivery address">
        <p className="muted">It is saved to your address book.</p>
        <AddressForm busy={busy} prefill={prefill} />
        {addresses.length > 0 && (
          <p>
            <Link to={CHANGE_ADDRESS}>Back to your saved addresses</Link>
          </p>
        )}
      </StepBox>
    );
  return (
    <StepBox title="Delivery address">
      <SavedAddresses addresses={addresses} selectedId={selectedId} />
    </StepBox>
  );
}

function StepBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="checkout-step" aria-labelledby="step-title">
      <h2 id="step-title">{title}</h2>
      {children}
    </section>
  );
}

/** One line of an address, as the shopper wrote it. */
export const addressLine = (a: {
  address: string;
  landmark?: string | null;
  city: string;
  province: string;
}) => `${a.address}${a.landmark ? `, ${a.landmark}` : ""}, ${a.city}, ${a.province}`;

function SavedAddresses({
  addresses,
  selectedId,
}: {
  addresses: Address[];
  selectedId: string | null;
}) {
  const first =
    addresses.find((a) => a._id === selectedId) ??
    addresses.find((a) => a.isDefault) ??
    addresses[0];
  return (
    <Form method="post" className="address-choices">
      <input type="hidden" name="intent" value="address" />
      <fieldset>
        <legend className="visually-hidden">Choose a saved address</legend>
        {addresses.map((a) => (
          <label key={a._id} className="address-choice">
            <input
              type="radio"
              name="addressId"
              value={a._id}
              defaultChecked={a._id === first?._id}
            />
            <span>
              <strong>{a.fullName}</strong>
              {a.isDefault && <span className="badge">Default</span>}
              <br />
              {addressLine(a)}
              <br />0{a.phone.slice(2)}
            </span>
          </label>
        ))}
      </fieldset>
      <StepSubmit label="Deliver to this address">
        <Link to={ADD_ADDRESS} className="button button--ghost">
          Add a new address
        </Link>
      </StepSubmit>
    </Form>
  );
}

/**
 * A guest's address. The province narrows the cities once the page runs; before that (or without
 * JavaScript) every city is offered, grouped by province, and the server takes the city's province.
 */
function GuestAddressForm({ values }: { values: Typed | null }) {
  const v = (k: string) => values?.[k] ?? "";
  const [province, setProvince] = useState(
    PROVINCES.includes(v("province")) ? v("province") : "Sindh",
  );
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <Form method="post" className="form checkout-address">
      <input type="hidden" name="intent" value="address" />
      <label className="field">
        Full name
        <input
          name="fullName"
          defaultValue={v("fullName")}
          required
          maxLength={80}
          autoComplete="name"
        />
      </label>
      <label className="field">
        Mobile number
        <input
          name="phone"
          type="tel"
          defaultValue={v("phone")}
          placeholder="03XXXXXXXXX"
          required
          maxLength={20}
          autoComplete="tel"
        />
      </label>
      <label className="field">
        E-mail (optional, for the receipt)
        <input
          name="email"
          type="email"
          defaultValue={v("email")}
          maxLength={254}
          autoComplete="email"
        />
      </label>
      <label className="field">
        Province
        <select name="province" value={province} onChange={(e) => setProvince(e.target.value)}>
          {PROVINCES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </label>
      <label className="field">
        City
        <select name="city" required defaultValue={v("city")} key={live ? province : "all"}>
          {live
            ? (PAKISTAN_CITIES[province] ?? []).map((c) => <option key={c}>{c}</option>)
            : PROVINCES.map((p) => (
                <optgroup key={p} label={p}>
                  {(PAKISTAN_CITIES[p] ?? []).map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </optgroup>
              ))}
        </select>
      </label>
      <label className="field">
        Address
        <input
          name="address"
          defaultValue={v("address")}
          required
          minLength={5}
          maxLength={200}
          autoComplete="street-address"
        />
      </label>
      <label className="field">
        Landmark (optional)
        <input name="landmark" defaultValue={v("landmark")} maxLength={100} />
      </label>
      <StepSubmit label="Continue to delivery" />
    </Form>
  );
}
