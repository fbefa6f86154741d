import type { Role } from "@maidan/contracts/auth";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MarketingNav } from "./marketing-nav";

const links = (role: Role) =>
  [
    ...renderToStaticMarkup(
      <MemoryRouter>
        <MarketingNav role={role} />
      </MemoryRouter>,
    ).matchAll(/href="([^"]+)"/g),
  ].map((m) => m[1]);

describe("MarketingNav", () => {
  it("gives admins the marketing screens and the settings, managers no settings, vendors nothing", () => {
    expect(links("admin")).toEqual([
      "/admin/vouchers",
      "/admin/promotions",
      "/admin/freebies",
      "/admin/settings",
    ]);
    expect(links("manager")).toEqual(["/admin/vouchers", "/admin/promotions", "/admin/freebies"]);
    expect(links("vendor")).toEqual([]);
  });
});
