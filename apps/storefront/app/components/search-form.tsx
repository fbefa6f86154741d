import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";

/**
 * Searches go to /search/{q}. Without JavaScript the form submits /search?q=…, which the search
 * route redirects to the same address.
 */
export function SearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  const navigate = useNavigate();
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    event.preventDefault();
    navigate(q ? `/search/${encodeURIComponent(q)}` : "/search");
  }

  return (
    <search className="search-form">
      <form method="get" action="/search" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder="Search shoes, kits, brands…"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit">Search</button>
      </form>
    </search>
  );
}
