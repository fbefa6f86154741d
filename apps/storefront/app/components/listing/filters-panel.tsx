import type { FacetCount, Facets, ProductListQuery } from "@maidan/contracts/catalog";
import { type FormEvent, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { SORT_LABELS } from "../../lib/listing-query";

export type FiltersHide = {
  brand?: boolean;
  vendor?: boolean;
  subcategory?: boolean;
  sort?: boolean;
};

type Props = {
  facets: Facets;
  query: ProductListQuery;
  /** Facets the page fixes (a brand page has no brand filter, a store page no vendor filter). */
  hide?: FiltersHide;
  /** Kept on a search listing, so filtering keeps the words. */
  q?: string;
};

/**
 * A plain GET form: without JavaScript "Apply" submits it; with JavaScript every change does,
 * keeping the scroll position. The URL carries the whole state, so it can be shared.
 */
export function FiltersPanel({ facets, query, hide = {}, q }: Props) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "number") return; // prices apply on submit, not on each keystroke
    submit(event.currentTarget, { preventScrollReset: true });
  };
  const chosen = activeFilterCount(query, hide);
  const active = chosen > 0;

  return (
    <Form
      ref={form}
      method="get"
      className="filters"
      onChange={onChange}
      preventScrollReset
      aria-label="Filter and sort"
    >
      {q !== undefined && <input type="hidden" name="q" value={q} />}
      {!hide.sort && (
        <div className="filters__sort">
          <label htmlFor="listing-sort">Sort by</label>
          <select
            id="listing-sort"
            name="sort"
            defaultValue={query.sort ?? "relevance"}
            key={query.sort}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
      {/* Phones: folded behind the summary unless a filter is on. Wide screens: listing.css shows
          the groups whatever the open state and hides the summary (no script, so no shift). */}
      <details className="filters__panel" open={active || undefined}>
        <summary>
          <span>Filters</span>
          {active && <span className="filters__active">({chosen} on)</span>}
        </summary>
        {!hide.subcategory && (
          <Checks
            name="subcategory"
            legend="Category"
            items={facets.subcategories}
            chosen={query.subcategory}
          />
        )}
        {!hide.brand && (
          <Checks name="brand" legend="Brand" items={facets.brands} chosen={query.brand} />
        )}
        {!hide.vendor && (
          <Checks name="vendor" legend="Sold by" items={facets.vendors} chosen={query.vendor} />
        )}
        <Checks name="size" legend="Size" items={facets.sizes} chosen={query.size} />
        <Checks
          name="color"
          legend="Colour"
          items={facets.colors}
          chosen={query.color}
          swatches={facets.colors}
        />
        <fieldset className="filters__group filters__price">
          <legend>Price (Rs.)</legend>
          <label>
            <span>Min</span>
            <input
              type="number"
              name="minPrice"
              min={0}
              inputMode="numeric"
              placeholder={String(facets.price.min)}
              defaultValue={query.minPrice}
              key={`min-${query.minPrice}`}
            />
          </label>
          <label>
            <span>Max</span>
            <input
              type="number"
              name="maxPrice"
              min={0}
              inputMode="numeric"
              placeholder={String(facets.price.max)}
              defaultValue={query.maxPrice}
              key={`max-${query.maxPrice}`}
            />
          </label>
        </fieldset>
        <fieldset className="filters__group">
          <legend>Availability</legend>
          {(facets.inStock > 0 || query.inStock) && (
            <Check name="inStock" label="In stock" count={facets.inStock} checked={query.inStock} />
          )}
          {(facets.onSale > 0 || query.onSale) && (
            <Check name="onSale" label="On sale" count={facets.onSale} checked={query.onSale} />
          )}
        </fieldset>
        <div className="filters__actions">
          <button type="submit">Apply</button>
          {active && (
            <a href="?" className="filters__clear">
              Clear filters
            </a>
          )}
        </div>
      </details>
    </Form>
  );
}

/** How many filter values are on (each list value, each price bound, each flag). */
export function activeFilterCount(query: ProductListQuery, hide: FiltersHide = {}) {
  const lists = [
    hide.subcategory ? undefined : query.subcategory,
    hide.brand ? undefined : query.brand,
    hide.vendor ? undefined : query.vendor,
    query.size,
    query.color,
  ];
  return (
    lists.reduce((n, l) => n + (l?.length ?? 0), 0) +
    [
      query.inStock,
      query.onSale,
      query.minPrice !== undefined,
      query.maxPrice !== undefined,
    ].filter(Boolean).length
  );
}

function Checks({
  name,
  legend,
  items,
  chosen = [],
  swatches,
}: {
  name: string;
  legend: string;
  items: FacetCount[];
  chosen?: string[];
  swatches?: { value: string; hex: string | null }[];
}) {
  if (items.length === 0) return null;
  return (
    <fieldset className="filters__group">
      <legend>{legend}</legend>
      {items.map((item) => {
        const hex = swatches?.find((s) => s.value === item.value)?.hex;
        return (
          <Check
            key={item.value}
            name={name}
            value={item.value}
            label={item.label}
            count={item.count}
            checked={chosen.includes(item.value)}
            hex={hex}
          />
        );
      })}
    </fieldset>
  );
}

function Check(props: {
  name: string;
  value?: string;
  label: string;
  count: number;
  checked?: boolean;
  hex?: string | null;
}) {
  return (
    <label className="filters__check">
      <input
        type="checkbox"
        name={props.name}
        value={props.value ?? "true"}
        defaultChecked={props.checked}
        key={String(props.checked)}
      />
      {props.hex && (
        <span className="filters__swatch" style={{ background: props.hex }} aria-hidden="true" />
      )}
      <span>{props.label}</span> <span className="filters__count">({props.count})</span>
    </label>
  );
}
