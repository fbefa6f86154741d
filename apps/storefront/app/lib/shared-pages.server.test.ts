import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { isSharedPage, SHARED_ROUTES } from "./shared-pages.server";

const APP = new URL("../", import.meta.url);

/** Every route and layout of the table with its id (a layout's is its file without extension). */
function entries(list: RouteConfigEntry[]): { id: string; file: string }[] {
  return list.flatMap((entry) => [
    { id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), file: entry.file },
    ...entries(entry.children ?? []),
  ]);
}

describe("shared routes", () => {
  const table = entries(routes);

  it("names routes of the table", () => {
    const ids = new Set(table.map((e) => e.id));
    for (const id of SHARED_ROUTES) if (id !== "root") expect(ids.has(id), id).toBe(true);
  });

  it("read nothing of the visitor: no session, guest id, cart or cookie", () => {
    for (const { id, file } of table.filter((e) => SHARED_ROUTES.has(e.id))) {
      const source = readFileSync(new URL(file, APP), "utf8");
      expect(source, id).not.toMatch(
        /viewerContext|guestIdContext|cartOwner|readCookie|readGuestId|request\.headers|personalParts/,
      );
    }
  });
});

describe("isSharedPage", () => {
  const product = ["root", "layouts/bottom-navigation-footer", "slug"];
  it("is true when every matched route is shared", () => {
    expect(isSharedPage(product, new URL("http://x/men"))).toBe(true);
    expect(isSharedPage(["root", "layouts/default", "store"], new URL("http://x/stores/7"))).toBe(
      true,
    );
  });

  it("is false for a page with a route of the visitor's own, or none", () => {
    expect(isSharedPage(["root", "cart"], new URL("http://x/cart"))).toBe(false);
    expect(isSharedPage(["root", "layouts/home", "home"], new URL("http://x/"))).toBe(false);
    expect(isSharedPage([], new URL("http://x/men"))).toBe(false);
  });

  it("is false where a signed-in visitor is sent elsewhere", () => {
    expect(isSharedPage(product, new URL("http://x/login/again"))).toBe(false);
    expect(isSharedPage(product, new URL("http://x/LOGIN"))).toBe(false);
  });
});
