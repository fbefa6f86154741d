import { type Address, PAKISTAN_CITIES, PROVINCES } from "@maidan/contracts/addresses";
import { useState } from "react";
import { Form, Link } from "react-router";
import { addressRules } from "../forms/account-rules";
import { FieldError } from "../forms/field-error";
import { useRuleForm } from "../forms/use-rule-form";
import type { AddressPrefill } from "./address-prefill";

/**
 * The address book's form: empty (or `prefill`ed) to add an address, or filled from `editing`
 * to change one.
 * The province picks the cities offered; the §5 rules run beside the server's zod schema.
 */
export function AddressForm({
  editing,
  prefill,
  busy,
  cancelTo,
}: {
  editing?: Address;
  /** A new address's starting values (checkout: the profile's and default address's). */
  prefill?: AddressPrefill | null;
  busy: boolean;
  /** Where "Cancel" goes while editing. */
  cancelTo?: string;
}) {
  const start = editing ?? prefill;
  const [province, setProvince] = useState(
    start?.province && PROVINCES.includes(start.province) ? start.province : "Punjab",
  );
  const { field, error, errorId, onSubmit } = useRuleForm(addressRules);
  const message = (name: string) => <FieldError id={errorId(name)} message={error(name)} />;
  const value = (v: string | null | undefined) => v ?? "";
  return (
    <Form method="post" className="form" noValidate onSubmit={onSubmit}>
      {editing && <input type="hidden" name="id" value={editing._id} />}
      <label className="field">
        Full name
        <input
          {...field("fullName")}
          defaultValue={value(start?.fullName)}
          required
          maxLength={80}
          autoComplete="name"
        />
        {message("fullName")}
      </label>
      <label className="field">
        Mobile number
        <input
          {...field("phone")}
          defaultValue={editing ? `0${editing.phone.slice(2)}` : (prefill?.phone ?? "")}
          type="tel"
          placeholder="03XXXXXXXXX"
          required
          maxLength={20}
        />
        {message("phone")}
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
        <select {...field("city")} defaultValue={value(start?.city)} required>
          {(PAKISTAN_CITIES[province] ?? []).map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {message("city")}
      </label>
      <label className="field">
        Address
        <input
          {...field("address")}
          defaultValue={value(editing?.address)}
          required
          minLength={5}
          maxLength={200}
          autoComplete="street-address"
        />
        {message("address")}
      </label>
      <label className="field">
        Landmark (optional)
        <input {...field("landmark")} defaultValue={value(editing?.landmark)} maxLength={100} />
        {message("landmark")}
      </label>
      <label className="field">
        Postal code (optional)
        <input
          {...field("zip")}
          defaultValue={value(start?.zip)}
          inputMode="numeric"
          pattern="\d{5}"
          maxLength={5}
        />
        {message("zip")}
      </label>
      {/* The default address stays default until another one is chosen. */}
      {!editing?.isDefault && (
        <label className="check">
          <input type="checkbox" name="isDefault" /> Make this my default address
        </label>
      )}
      <div className="inline-actions">
        <button
          className="button"
          type="submit"
          name="intent"
          value={editing ? "update" : "create"}
          disabled={busy}
        >
          {editing ? "Save changes" : "Save address"}
        </button>
        {editing && cancelTo && (
          <Link className="button button--ghost" to={cancelTo} replace preventScrollReset>
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}
